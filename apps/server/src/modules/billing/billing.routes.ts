import {
  API_PATHS,
  BILLING_MESSAGES,
  BillingHistorySchema,
  CreateOrderResponseSchema,
  CreateOrderSchema,
  CustomerSubscriptionSchema,
  envelope,
  OrderSchema,
  PlansResponseSchema,
  PreviewRequestSchema,
  PreviewResponseSchema,
  TestCheckoutSchema,
} from '@cadence/shared';
import { z } from 'zod';
import { extend } from 'zod/mini';
import type { AppInstance } from '../../app-instance.js';
import type { PaymentWebhook } from '../../integrations/payments/stripe-events.js';
import { errorResponses, sendError } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { BillingService } from './billing.service.js';

const idParam = z.object({ id: z.uuid({ error: BILLING_MESSAGES.orderNotFound }) });
const planParam = z.object({
  subscription_plan_id: z.uuid({ error: BILLING_MESSAGES.wrongSubscriptionPlan }),
});
const security = [{ bearerAuth: [] }];

export function registerBillingRoutes(
  app: AppInstance,
  billing: BillingService,
  stripeWebhook: PaymentWebhook | null,
) {
  const auth = { preHandler: app.authenticate };

  app.get(
    API_PATHS.subscriptionPlans,
    {
      ...auth,
      schema: {
        tags: ['Billing'],
        security,
        summary: 'The plan catalogue with prices for this customer, and the active plan',
        response: { 200: envelope(PlansResponseSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: BILLING_MESSAGES.plansFetched,
      data: await billing.catalogue(requireUser(request).id),
    }),
  );

  app.post(
    API_PATHS.subscriptionPreview,
    {
      ...auth,
      schema: {
        tags: ['Billing'],
        security,
        summary: 'What buying a plan costs now (with the credit of an upgrade)',
        body: PreviewRequestSchema,
        response: { 200: envelope(PreviewResponseSchema), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ({
      message: BILLING_MESSAGES.plansFetched,
      data: await billing.preview(
        requireUser(request).id,
        request.body.subscription_plan_id,
        request.body.interval_id,
      ),
    }),
  );

  app.post(
    API_PATHS.orders,
    {
      ...auth,
      schema: {
        tags: ['Billing'],
        security,
        summary: 'Create an order and answer where to pay it',
        description:
          'A downgrade needs no payment: it is scheduled for the end of the paid period, and `order_id` is null.',
        body: CreateOrderSchema,
        response: {
          201: envelope(extend(CreateOrderResponseSchema, { order_id: z.string().nullable() })),
          ...errorResponses(400, 401, 404, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const data = await billing.createOrder(
        requireUser(request).id,
        request.body.subscription_plan_id,
        request.body.subscription_interval_id,
      );
      return reply.code(201).send({ message: BILLING_MESSAGES.orderCreated, data });
    },
  );

  app.get(
    API_PATHS.order,
    {
      ...auth,
      schema: {
        tags: ['Billing'],
        security,
        summary: "One of the customer's orders (its status, for the payment pages)",
        params: idParam,
        response: { 200: envelope(OrderSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      message: BILLING_MESSAGES.orderFetched,
      data: await billing.getOrder(requireUser(request).id, request.params.id),
    }),
  );

  app.post(
    API_PATHS.testCheckout,
    {
      ...auth,
      schema: {
        tags: ['Billing'],
        security,
        summary: 'Pay or decline an order on the built-in test checkout (no money moves)',
        params: idParam,
        body: TestCheckoutSchema,
        response: {
          200: envelope(z.object({ status: z.string(), redirect_url: z.string() })),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request) => ({
      message: BILLING_MESSAGES.testCheckoutDone,
      data: await billing.testCheckout(
        requireUser(request).id,
        request.params.id,
        request.body.outcome,
      ),
    }),
  );

  app.get(
    API_PATHS.customerSubscription,
    {
      ...auth,
      schema: {
        tags: ['Billing'],
        security,
        summary: "The customer's paid subscription (null on Free)",
        response: { 200: envelope(CustomerSubscriptionSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: BILLING_MESSAGES.customerSubscriptionFetched,
      data: await billing.customerSubscription(requireUser(request).id),
    }),
  );

  app.post(
    API_PATHS.cancelSubscription,
    {
      ...auth,
      schema: {
        tags: ['Billing'],
        security,
        summary: 'Cancel at the end of the paid period',
        params: planParam,
        response: {
          200: envelope(CustomerSubscriptionSchema),
          ...errorResponses(400, 401, 409, 502),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      await billing.cancel(userId, request.params.subscription_plan_id);
      return {
        message: BILLING_MESSAGES.cancelled,
        data: await billing.customerSubscription(userId),
      };
    },
  );

  app.post(
    API_PATHS.resumeSubscription,
    {
      ...auth,
      schema: {
        tags: ['Billing'],
        security,
        summary: 'Take back a pending cancellation',
        params: planParam,
        response: { 200: envelope(CustomerSubscriptionSchema), ...errorResponses(400, 401, 502) },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      await billing.resume(userId);
      return {
        message: BILLING_MESSAGES.resumed,
        data: await billing.customerSubscription(userId),
      };
    },
  );

  app.get(
    API_PATHS.billingHistory,
    {
      ...auth,
      schema: {
        tags: ['Billing'],
        security,
        summary: 'Paid and failed charges, newest first',
        response: { 200: envelope(BillingHistorySchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: BILLING_MESSAGES.billingHistoryFetched,
      data: await billing.billingHistory(requireUser(request).id),
    }),
  );

  // Stripe's webhook needs the exact bytes it signed, so this scope keeps JSON unparsed.
  void app.register((scope, _options, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      API_PATHS.stripeWebhook,
      {
        schema: {
          tags: ['Billing'],
          summary: 'Stripe events (signed with STRIPE_WEBHOOK_SECRET)',
          response: {
            200: z.object({ received: z.boolean(), applied: z.boolean() }),
            ...errorResponses(400, 404),
          },
        },
      },
      async (request, reply) => {
        if (!stripeWebhook)
          return sendError(
            reply,
            404,
            'STRIPE_NOT_CONFIGURED',
            'Stripe is not configured on this server.',
          );
        const signature = request.headers['stripe-signature'];
        const raw = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(raw))
          return sendError(reply, 400, 'WEBHOOK_SIGNATURE', BILLING_MESSAGES.webhookSignature);
        // Verified, checked for shape (signed is not the same as well formed), translated.
        const received = await stripeWebhook.receive(raw, signature);
        if (received.outcome === 'bad-signature')
          return sendError(reply, 400, 'WEBHOOK_SIGNATURE', BILLING_MESSAGES.webhookSignature);
        if (received.outcome === 'malformed') {
          const { eventId, type, problem } = received;
          request.log.warn({ eventId, type, problem }, 'Stripe event of an unexpected shape');
          return sendError(reply, 400, 'WEBHOOK_MALFORMED', BILLING_MESSAGES.webhookMalformed);
        }
        const { applied } = await billing.applyPaymentEvent(received.event);
        return { received: true, applied };
      },
    );
    done();
  });
}
