import { API_PATHS, PlansResponseSchema } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

const PLANS_QUERY_KEY = ['subscription-plans'] as const;

/**
 * The plan catalogue (in the order the plans are offered) with this customer's prices, and
 * the active plan: the Subscriptions page, and the Socials dialog's 'Included in {plan}'.
 */
export function usePlans() {
  return useQuery({
    queryKey: PLANS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.subscriptionPlans, { schema: PlansResponseSchema, signal })).data,
  });
}
