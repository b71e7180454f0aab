import type { BetaService } from '../beta/beta.service';

export type Leaky = BetaService;
