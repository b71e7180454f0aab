import {
  API_PATHS,
  BillingHistorySchema,
  CreateOrderResponseSchema,
  CustomerSubscriptionSchema,
  OrderSchema,
  PreviewResponseSchema,
} from '@cadence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';

export const CUSTOMER_SUBSCRIPTION_QUERY_KEY = ['customer-subscription'] as const;
export const BILLING_HISTORY_QUERY_KEY = ['billing-history'] as const;
const orderKey = (id: string) => ['order', id] as const;

const withId = (path: string, name: string, id: string) =>
  path.replace(`:${name}`, encodeURIComponent(id));

export function usePreview() {
  return useMutation({
    mutationFn: async (input: { planId: string; intervalId: string }) =>
      (
        await apiRequest(API_PATHS.subscriptionPreview, {
          method: 'POST',
          body: { subscription_plan_id: input.planId, interval_id: input.intervalId },
          schema: PreviewResponseSchema,
        })
      ).data,
  });
}

export function useCreateOrder() {
  return useMutation({
    mutationFn: async (input: { planId: string; intervalId: string }) =>
      (
        await apiRequest(API_PATHS.orders, {
          method: 'POST',
          body: {
            subscription_plan_id: input.planId,
            subscription_interval_id: input.intervalId,
            currency: 'USD',
          },
          schema: z.extend(CreateOrderResponseSchema, { order_id: z.nullable(z.string()) }),
        })
      ).data,
  });
}

/** One order; `poll` asks again every 1.5 s while it is pending. */
export function useOrder(id: string | null, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: orderKey(id ?? ''),
    enabled: id !== null && id !== '',
    queryFn: async ({ signal }) =>
      (
        await apiRequest(withId(API_PATHS.order, 'id', id ?? ''), {
          schema: OrderSchema,
          signal,
        })
      ).data,
    refetchInterval: (query) =>
      options.poll && query.state.data?.status === 'pending' ? 1500 : false,
  });
}

export function useTestCheckout(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (outcome: 'pay' | 'decline') =>
      (
        await apiRequest(withId(API_PATHS.testCheckout, 'id', orderId), {
          method: 'POST',
          body: { outcome },
          schema: z.object({ status: z.string(), redirect_url: z.string() }),
        })
      ).data,
    onSuccess: () => invalidateBilling(client),
  });
}

export function useCustomerSubscription() {
  return useQuery({
    queryKey: CUSTOMER_SUBSCRIPTION_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(API_PATHS.customerSubscription, {
          schema: CustomerSubscriptionSchema,
          signal,
        })
      ).data,
  });
}

export function useBillingHistory() {
  return useQuery({
    queryKey: BILLING_HISTORY_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.billingHistory, { schema: BillingHistorySchema, signal })).data,
  });
}

/** Everything a plan change touches: plans, the subscription, limits shown on pages. */
export function invalidateBilling(client: ReturnType<typeof useQueryClient>) {
  return client.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== 'order',
  });
}

export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (planId: string) =>
      apiRequest(withId(API_PATHS.cancelSubscription, 'subscription_plan_id', planId), {
        method: 'POST',
      }),
    onSuccess: () => invalidateBilling(client),
  });
}

export function useResumeSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (planId: string) =>
      apiRequest(withId(API_PATHS.resumeSubscription, 'subscription_plan_id', planId), {
        method: 'POST',
      }),
    onSuccess: () => invalidateBilling(client),
  });
}
