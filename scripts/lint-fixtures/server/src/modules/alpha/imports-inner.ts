import { createBetaService } from '../beta/beta.service';

export const leaky = createBetaService();
