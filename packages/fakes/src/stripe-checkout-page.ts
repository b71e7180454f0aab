// The Stripe stand-in's hosted Checkout page, for the offline demo: where Stripe would show
// its payment form, this page shows what is bought and offers Pay and Cancel. Nothing is
// charged; Pay completes the session and sends Stripe's signed events to the webhook.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export interface HostedCheckout {
  sessionId: string;
  product: string;
  email: string | null;
  /** What is charged now (after an upgrade's credit), and the recurring price. */
  amountCents: number;
  recurringCents: number;
  interval: string;
  intervalCount: number;
  status: string;
  successUrl: string;
  cancelUrl: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2.5rem auto;padding:0 1rem;color:#111;line-height:1.5}
h1{font-size:1.4rem;margin:0 0 .25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1.25rem 0;padding:1rem;border:1px solid #d4d4d8;border-radius:.6rem}
dt{color:#3f3f46}dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}button,a.button{font:inherit;min-height:2.75rem;padding:.6rem 1.2rem;border-radius:.4rem;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
#pay{background:#4338ca;color:#fff;border:0;font-weight:600}#cancel{background:#fff;color:#111;border:1px solid #52525b}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}.note{color:#3f3f46;font-size:.9rem}`;

function page(title: string, content: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${content}</main></body></html>`;
}

/** The payment page of an open session, or where to go back to once it is settled. */
export function hostedCheckoutPage(checkout: HostedCheckout): string {
  const every =
    checkout.intervalCount === 1
      ? checkout.interval
      : `${checkout.intervalCount} ${checkout.interval}s`;
  if (checkout.status !== 'open') {
    const back = checkout.status === 'complete' ? checkout.successUrl : checkout.cancelUrl;
    return page(
      'Checkout finished',
      `<h1>This checkout is finished</h1>
<p class="note">It was ${checkout.status === 'complete' ? 'paid' : 'cancelled'} already.</p>
<p><a class="button" id="pay" href="${escapeHtml(back)}">Return to Cadence</a></p>`,
    );
  }
  return page(
    `Pay ${checkout.product} - Stripe Checkout (local stand-in)`,
    `<h1>Stripe Checkout (local stand-in)</h1>
<p class="note">This page stands in for Stripe on this machine: no card is asked for and no money moves.</p>
<dl>
<dt>Subscription</dt><dd>${escapeHtml(checkout.product)}</dd>
<dt>Price</dt><dd>${money(checkout.recurringCents)} every ${escapeHtml(every)}</dd>
<dt>Due today</dt><dd>${money(checkout.amountCents)}</dd>
${checkout.email ? `<dt>Email</dt><dd>${escapeHtml(checkout.email)}</dd>` : ''}
</dl>
<form method="post" action="/c/pay/${encodeURIComponent(checkout.sessionId)}" class="actions">
<button id="pay" type="submit" name="action" value="pay">Pay ${money(checkout.amountCents)}</button>
<button id="cancel" type="submit" name="action" value="cancel">Cancel</button>
</form>`,
  );
}
