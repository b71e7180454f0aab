export interface BetaService {
  count: number;
}

export const createBetaService = (): BetaService => ({ count: 1 });
