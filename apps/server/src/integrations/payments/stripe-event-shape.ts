import { z } from 'zod';

/**
 * The shape of the Stripe events billing acts on, checked before they are translated. A
 * correctly signed event can still be malformed (an API version we do not know, a test sent
 * by hand, a bug on either side): such an event is refused with a 400 and a warning in the
 * log, never half applied and never a 500. Only the fields `translateStripeEvent` reads are
 * checked; unknown fields and other event types pass.
 */

const NUL = '\u0000';
/** Text bound for a PostgreSQL column: limited, and without the NUL it cannot hold. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes(NUL), 'contains a NUL character');
/** Unix seconds that make a valid date. */
const seconds = z.number().int().min(0).max(253_402_300_799);
/** Cents that fit the integer columns. */
const cents = z.number().int().min(0).max(2_147_483_647);
/** A reference to another Stripe object: its id, or the object expanded. */
const reference = z.union([text(255), z.object({ id: text(255) })]);

const Envelope = z.object({
  id: text(255).min(1),
  type: text(255).min(1),
  created: seconds,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const CheckoutSession = z.object({
  id: text(255),
  mode: text(40).nullish(),
  payment_status: text(40).nullish(),
  client_reference_id: text(255).nullish(),
  customer: reference.nullish(),
  subscription: reference.nullish(),
  invoice: reference.nullish(),
});

const Invoice = z.object({
  id: text(255).nullish(),
  billing_reason: text(80).nullish(),
  hosted_invoice_url: text(4096).nullish(),
  amount_paid: cents.nullish(),
  amount_due: cents.nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: reference.nullish() }).nullish(),
    })
    .nullish(),
  lines: z
    .object({
      data: z.array(z.object({ period: z.object({ start: seconds, end: seconds }).nullish() })),
    })
    .nullish(),
});

const Subscription = z.object({
  id: text(255),
  status: text(40),
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: seconds.nullish(),
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_start: seconds.nullish(),
          current_period_end: seconds.nullish(),
        }),
      ),
    })
    .nullish(),
});

const OBJECT_OF = new Map<string, z.ZodType>([
  ['checkout.session.completed', CheckoutSession],
  ['invoice.paid', Invoice],
  ['invoice.payment_failed', Invoice],
  ['customer.subscription.updated', Subscription],
  ['customer.subscription.deleted', Subscription],
]);

const describeIssues = (error: z.ZodError, prefix: string) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${[prefix, ...issue.path].filter(Boolean).join('.')}: ${issue.message}`)
    .join('; ');

/** What is wrong with the event's shape, in a line for the log; null when it is fine. */
export function stripeEventProblem(event: unknown): string | null {
  const envelope = Envelope.safeParse(event);
  if (!envelope.success) return describeIssues(envelope.error, '');
  const schema = OBJECT_OF.get(envelope.data.type);
  if (!schema) return null;
  const object = schema.safeParse(envelope.data.data.object);
  return object.success ? null : describeIssues(object.error, 'data.object');
}
