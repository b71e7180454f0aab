import { alphaCount } from './modules/alpha/index';
import { createBetaService } from './modules/beta/beta.service';

export const container = { alphaCount, beta: createBetaService() };
