import { beta } from '../features/beta/beta';

export const leaky = beta;
