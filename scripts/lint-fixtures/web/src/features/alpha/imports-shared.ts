import { shared } from '../../components/shared';
import { helper } from '../../lib/helper';

export const fine = shared + helper;
