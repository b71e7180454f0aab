import { alphaCount } from './alpha.service';

export const fine = alphaCount + 1;
