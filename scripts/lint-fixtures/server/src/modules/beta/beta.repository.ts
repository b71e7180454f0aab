import { createBetaService } from './beta.service';

export const betaRows = [createBetaService()];
