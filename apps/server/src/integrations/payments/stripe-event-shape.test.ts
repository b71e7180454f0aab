import { describe, expect, it } from 'vitest';
import { stripeEventProblem } from './stripe-event-shape.js';

const event = (type: string, object: unknown, extra: Record<string, unknown> = {}) => ({
  id: 'evt_1',
  object: 'event',
  type,
  created: 1_790_000_000,
  data: { object },
  ...extra,
});

describe('stripeEventProblem', () => {
  it('passes the events billing reads, and other types on their envelope alone', () => {
    expect(
      stripeEventProblem(
        event('customer.subscription.updated', {
          id: 'sub_1',
          status: 'active',
          cancel_at: null,
          items: { data: [{ current_period_start: 1, current_period_end: 2 }] },
          unknown_field: { anything: true },
        }),
      ),
    ).toBeNull();
    expect(
      stripeEventProblem(event('invoice.paid', { id: 'in_1', lines: { data: [] } })),
    ).toBeNull();
    expect(stripeEventProblem(event('charge.refunded', { whatever: 1 }))).toBeNull();
    expect(stripeEventProblem(event('constructor', {}))).toBeNull();
  });

  it('names what is wrong, without the values', () => {
    expect(stripeEventProblem(event('invoice.paid', { amount_paid: -5 }))).toMatch(
      /^data\.object\.amount_paid: /,
    );
    expect(
      stripeEventProblem(event('checkout.session.completed', { id: 'cs_1', customer: 7 })),
    ).toMatch(/^data\.object\.customer: /);
    expect(stripeEventProblem(event('invoice.paid', { id: 'in_\u0000' }))).toMatch(/NUL/);
    expect(stripeEventProblem(event('invoice.paid', ['not', 'an', 'object']))).toMatch(
      /^data\.object: /,
    );
    expect(stripeEventProblem({ ...event('x', {}), created: 1e20 })).toMatch(/^created: /);
    expect(stripeEventProblem('not an event')).not.toBeNull();
  });
});
