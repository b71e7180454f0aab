export { createBetaService, type BetaService } from './beta.service';
