/**
 * The one reminder a shopper gets for a cart left at checkout (plain text and simple HTML). It
 * encourages a purchase: a commercial e-mail, sent only with consent, whose footer the outbox
 * writes with the unsubscribe link (decision 0044).
 */
import { brand } from '../../../domain/brand.js';
import type { Cart } from '../../../domain/cart.js';
import { greeting as greet } from '../../../domain/email-names.js';
import { dollarsToCents, formatPrice } from '../../../domain/money.js';
import { escapeHtml } from '../mail/layout.js';
import type { CommercialEmail } from '../mail/outbox.js';

export interface ReminderEmailInput {
  to: string;
  /** Null when `to` is not confirmed: then no name (domain/email-names.ts). */
  firstName: string | null;
  cart: Cart;
  /** The single-use restore link. */
  link: string;
  /** Where one click unsubscribes `to` from the shop's marketing e-mail. */
  unsubscribeUrl: string;
  validHours: number;
}

const money = (dollars: number) => formatPrice(dollarsToCents(dollars));

export function reminderEmail({
  to,
  firstName,
  cart,
  link,
  unsubscribeUrl,
  validHours,
}: ReminderEmailInput): CommercialEmail {
  const greeting = greet(firstName);
  const lines = cart.items.map((item) => `  ${item.quantity} x ${item.name}  ${money(item.totalPrice)}`);
  const text = [
    greeting,
    '',
    'You left a few snacks in your cart. We saved it for you:',
    '',
    ...lines,
    '',
    `Subtotal: ${money(cart.totalPrice)} CAD (shipping and taxes at checkout)`,
    '',
    'Pick up where you left off (this link signs you in, works once and expires in ' +
      `${validHours} hours; please do not forward it):`,
    link,
    '',
    `The ${brand.name} team`,
  ].join('\n');
  const rows = cart.items
    .map(
      (item) =>
        `<tr><td style="padding:4px 12px 4px 0">${item.quantity} × ${escapeHtml(item.name)}</td>` +
        `<td style="padding:4px 0;text-align:right">${money(item.totalPrice)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en-CA"><body style="font-family:Arial,sans-serif;color:#2b1d14;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>You left a few snacks in your cart. We saved it for you:</p>
<table role="presentation" style="border-collapse:collapse">${rows}
<tr><td style="padding:8px 12px 0 0;font-weight:bold">Subtotal</td><td style="padding:8px 0 0;text-align:right;font-weight:bold">${money(cart.totalPrice)} CAD</td></tr></table>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#5b3a29;color:#fff8ee;padding:12px 20px;border-radius:999px;text-decoration:none">Return to my cart</a></p>
<p style="font-size:13px;color:#6b5a4e">This link signs you in, works once and expires in ${validHours} hours. Please do not forward it.</p>
<p>The ${brand.name} team</p>
</body></html>`;
  return {
    kind: 'commercial',
    to,
    subject: `You left something in your ${brand.name} cart`,
    text,
    html,
    unsubscribeUrl,
  };
}
