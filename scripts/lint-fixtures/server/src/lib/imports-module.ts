import { alphaCount } from '../modules/alpha/index';

export const leaky = alphaCount;
