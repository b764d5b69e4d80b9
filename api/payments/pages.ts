import type { LocalOrder } from './orderBook.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const PURPOSE_TEXT: Record<string, string> = {
  deposit: 'Add money to your Vetri Deals wallet',
  room_purchase: 'Purchase of your won deal',
  shop_order: 'Vetri Deals shop order',
};

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f1ea;color:#1f2a24}
main{max-width:420px;margin:8vh auto;background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(0,0,0,.08);padding:28px}
h1{font-size:1.15rem;margin:0 0 4px}.muted{color:#5d6b63;font-size:.9rem}.amount{font-size:2rem;font-weight:700;margin:18px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:.9rem;margin:0 0 22px}dt{color:#5d6b63}dd{margin:0;word-break:break-all}
.row{display:flex;gap:12px}form{flex:1}button{width:100%;padding:14px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer}
.pay{background:#0f6b4f;color:#fff}.cancel{background:#ece7dc;color:#1f2a24}.badge{display:inline-block;background:#fff3cd;color:#7a5b00;border-radius:6px;padding:2px 8px;font-size:.75rem;font-weight:600}
</style></head><body><main>${body}</main></body></html>`;

/** The sandbox's hosted checkout: plain forms, no script (the CSP forbids inline script). */
export const sandboxCheckoutPage = (order: LocalOrder): string => {
  const base = `/api/payments/sandbox/checkout/${encodeURIComponent(order.providerOrderId)}`;
  const what = PURPOSE_TEXT[order.notes.purpose ?? ''] ?? 'Vetri Deals payment';
  const done =
    order.status === 'created'
      ? ''
      : `<p class="muted">This order is already ${order.status === 'paid' ? 'paid' : 'cancelled'}.</p>`;
  return layout(
    'Sandbox checkout · Vetri Deals',
    `<span class="badge">SANDBOX · no real money moves</span>
<h1>${escape(what)}</h1><p class="muted">Vetri Deals test checkout</p>
<div class="amount">${rupees(order.amountPaise)}</div>
<dl><dt>Order</dt><dd>${escape(order.providerOrderId)}</dd><dt>Receipt</dt><dd>${escape(order.receipt)}</dd></dl>${done}
<div class="row"><form method="post" action="${base}/cancel"><button class="cancel" type="submit">Cancel</button></form>
<form method="post" action="${base}/pay"><button class="pay" type="submit">Pay ${rupees(order.amountPaise)}</button></form></div>`,
  );
};

/** The sandbox page for a visitor who is not the payer: why, and the way to log in. */
export const sandboxRefusalPage = (message: string): string =>
  layout(
    'Sandbox checkout · Vetri Deals',
    `<span class="badge">SANDBOX · no real money moves</span><h1>${escape(message)}</h1>
<p class="muted">Only the member who started this payment can pay it.</p><p><a href="/login">Log in</a></p>`,
  );

/** Our page in front of Razorpay's hosted checkout: one form posted to Razorpay, no script. */
export const razorpayCheckoutPage = (
  order: LocalOrder,
  opts: { keyId: string; checkoutUrl: string; callbackUrl: string; cancelUrl: string },
): string => {
  const what = PURPOSE_TEXT[order.notes.purpose ?? ''] ?? 'Vetri Deals payment';
  const field = (name: string, value: string) =>
    `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`;
  return layout(
    'Checkout · Vetri Deals',
    `<h1>${escape(what)}</h1><p class="muted">You will pay securely on Razorpay.</p>
<div class="amount">${rupees(order.amountPaise)}</div>
<form method="post" action="${escape(opts.checkoutUrl)}">
${field('key_id', opts.keyId)}${field('order_id', order.providerOrderId)}${field('amount', String(order.amountPaise))}
${field('currency', 'INR')}${field('name', 'Vetri Deals')}${field('description', what)}
${field('callback_url', opts.callbackUrl)}${field('cancel_url', opts.cancelUrl)}
<button class="pay" type="submit">Continue to pay ${rupees(order.amountPaise)}</button></form>
<p class="muted" style="margin-top:16px"><a href="${escape(opts.cancelUrl)}">Cancel and go back</a></p>`,
  );
};
