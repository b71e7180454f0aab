import { alphaCount } from '../src/modules/alpha/index';
import { betaRows } from '../src/modules/beta/beta.repository';

export const probe = [alphaCount, betaRows];
