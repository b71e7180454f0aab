import { createBetaService, type BetaService } from '../beta/index';

export const fine: BetaService = createBetaService();
