import {
  API_PATHS,
  WebhookDeliverySchema,
  WebhookSchema,
  WebhookWithSecretSchema,
  type WebhookCreate,
  type WebhookUpdate,
} from '@cadence/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';

export const WEBHOOKS_QUERY_KEY = ['webhooks'] as const;
export const webhookDeliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;
/** The deliveries the panel shows per endpoint: the latest few. */
export const RECENT_DELIVERIES = 5;

const pathOf = (path: string, id: string, deliveryId = '') =>
  path
    .replace(':id', encodeURIComponent(id))
    .replace(':delivery_id', encodeURIComponent(deliveryId));

/** The customer's webhook endpoints (at most 20: one page), newest first. */
export function webhooksQueryOptions() {
  return queryOptions({
    queryKey: WEBHOOKS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${API_PATHS.webhooks}?limit=100`, {
          schema: z.array(WebhookSchema),
          signal,
        })
      ).data,
  });
}

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookDeliveriesKey(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${pathOf(API_PATHS.webhookDeliveries, id)}?limit=${RECENT_DELIVERIES}`, {
          schema: z.array(WebhookDeliverySchema),
          signal,
        })
      ).data,
  });
}

function useWebhookMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

/** Adds an endpoint; the answer holds its signing secret, this once. */
export const useCreateWebhook = () =>
  useWebhookMutation(
    async (body: WebhookCreate) =>
      (
        await apiRequest(API_PATHS.webhooks, {
          method: 'POST',
          body,
          schema: WebhookWithSecretSchema,
        })
      ).data,
  );

export const useUpdateWebhook = () =>
  useWebhookMutation(
    async ({ id, body }: { id: string; body: WebhookUpdate }) =>
      (
        await apiRequest(pathOf(API_PATHS.webhook, id), {
          method: 'PATCH',
          body,
          schema: WebhookSchema,
        })
      ).data,
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) =>
    apiRequest(pathOf(API_PATHS.webhook, id), { method: 'DELETE' }),
  );

export const useRotateWebhookSecret = () =>
  useWebhookMutation(
    async (id: string) =>
      (
        await apiRequest(pathOf(API_PATHS.webhookRotateSecret, id), {
          method: 'POST',
          schema: WebhookWithSecretSchema,
        })
      ).data,
  );

export const useSendWebhookTest = () =>
  useWebhookMutation((id: string) =>
    apiRequest(pathOf(API_PATHS.webhookTest, id), { method: 'POST' }),
  );
