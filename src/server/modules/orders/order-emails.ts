/**
 * The e-mails an order sends (decision 0023): the confirmation, the owner's new-order alert, and
 * the customer's status e-mails (on its way, delivered, canceled, refunded). All are transactional:
 * sent whatever the marketing consent (decision 0044). Each is written to the outbox in the
 * transaction of the change it tells about, so it goes out once per change, whichever instance made
 * it (decision 0009). Names
 * are written only when they read as names (domain/email-names.ts), and the customer is greeted by
 * name only at the account's confirmed address (recipient.ts).
 */
import { fullNameForEmail, greeting } from '../../../domain/email-names.js';
import { formatPrice } from '../../../domain/money.js';
import type { Order } from '../../../domain/orders.js';
import { creditNoteNumber } from '../../../domain/receipt.js';
import { brandedHtml } from '../mail/layout.js';
import type { TransactionalEmail } from '../mail/outbox.js';
import type { Recipient } from './recipient.js';

const money = (dollars: number) => formatPrice(Math.round(dollars * 100));
const itemLines = (order: Order) =>
  order.items.map(
    (item) => `  ${item.quantity} x ${item.product_name}  ${formatPrice(item.price * item.quantity)}`,
  );
/** "Hi Jane," at a confirmed address, else "Hi,". */
const hi = (order: Order, { confirmed }: Recipient) => greeting(confirmed ? order.first_name : null);
const nameOf = (order: Order) => fullNameForEmail(order.first_name, order.last_name);
const addressLines = (order: Order) => [
  ...(nameOf(order) ? [`  ${nameOf(order)}`] : []),
  `  ${order.shipping_address}${order.shipping_address2 ? `, ${order.shipping_address2}` : ''}`,
  `  ${order.shipping_city}, ${order.shipping_state} ${order.shipping_postal_code}`,
  `  ${order.shipping_country}`,
];
const SIGN_OFF = ['Questions? Just reply to this e-mail.', '', 'The Northbite team'];

/**
 * Text and HTML from the same paragraphs; `block` lines (items, address) stay together. The
 * subscription e-mails are written with it too (subscriptions/emails.ts).
 */
export function compose(
  to: string,
  subject: string,
  parts: {
    paragraphs: string[];
    block?: string[];
    button?: { label: string; href: string };
    /** Further actions after the button, as plain links. */
    links?: { label: string; href: string }[];
    notes?: string[];
  },
): TransactionalEmail {
  const text = [
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.block ? [...parts.block, ''] : []),
    ...(parts.button ? [`${parts.button.label}: ${parts.button.href}`, ''] : []),
    ...(parts.links ?? []).flatMap((link) => [`${link.label}: ${link.href}`, '']),
    ...(parts.notes ?? []).flatMap((n) => [n, '']),
    ...SIGN_OFF,
  ].join('\n');
  const html = brandedHtml({
    paragraphs: [...parts.paragraphs, ...(parts.block ? [parts.block.map((l) => l.trim()).join(' · ')] : [])],
    ...(parts.button ? { button: parts.button } : {}),
    ...(parts.links ? { links: parts.links } : {}),
    notes: [...(parts.notes ?? []), 'Questions? Just reply to this e-mail.'],
  });
  return { kind: 'transactional', to, subject, text, html };
}

export function confirmationEmail(order: Order, recipient: Recipient, publicUrl: string): TransactionalEmail {
  return {
    kind: 'transactional',
    to: order.email,
    subject: `Your Northbite order #${order.id}`,
    text: [
      hi(order, recipient),
      '',
      `Thank you for your order! We have received order #${order.id} and will let you know when it ships.`,
      '',
      ...itemLines(order),
      '',
      `Subtotal: ${money(order.subtotal)}`,
      `Shipping: ${money(order.shipping_cost)}`,
      `Taxes: ${money(order.tax_amount)}`,
      `Total: ${money(order.total)} CAD`,
      '',
      'Shipping to:',
      ...addressLines(order),
      '',
      // With the GST/HST number a business needs to claim its input tax credits (decision 0069).
      `Your receipt: ${publicUrl}/orders/${order.id}/receipt`,
      '',
      'Delivery takes 3-7 business days. Questions? Just reply to this e-mail.',
      '',
      'The Northbite team',
    ].join('\n'),
  };
}

/** The owner's alert for a paid order, with a link to it in the dashboard. */
export function orderAlertEmail(order: Order, to: string, publicUrl: string): TransactionalEmail {
  return compose(
    to,
    `New order #${order.id}: ${money(order.total)}${nameOf(order) ? ` from ${nameOf(order)}` : ''}`,
    {
      paragraphs: [`Order #${order.id} was just paid: ${money(order.total)} CAD (${order.email}).`],
      block: [...itemLines(order), '', 'Ship to:', ...addressLines(order)],
      button: { label: 'Open the order', href: `${publicUrl}/admin/dashboard?tab=orders&order=${order.id}` },
    },
  );
}

export function shippedEmail(order: Order, publicUrl: string, recipient: Recipient): TransactionalEmail {
  const tracking = order.tracking_number
    ? `${order.carrier ?? 'The carrier'} tracking number: ${order.tracking_number}.`
    : 'It is on its way with our carrier.';
  return compose(order.email, `Your order is on its way (#${order.id})`, {
    paragraphs: [
      hi(order, recipient),
      `Good news: order #${order.id} has shipped. ${tracking}`,
      'Delivery takes 3-7 business days.',
    ],
    block: ['Shipping to:', ...addressLines(order)],
    button: order.tracking_url
      ? { label: 'Track your parcel', href: order.tracking_url }
      : { label: 'See your order', href: `${publicUrl}/orders/${order.id}` },
  });
}

export function deliveredEmail(order: Order, publicUrl: string, recipient: Recipient): TransactionalEmail {
  return compose(order.email, `Your order has been delivered (#${order.id})`, {
    paragraphs: [
      hi(order, recipient),
      `Order #${order.id} has been delivered. We hope you enjoy every bite.`,
    ],
    button: { label: 'See your order', href: `${publicUrl}/orders/${order.id}` },
  });
}

export function canceledEmail(
  order: Order,
  by: 'customer' | 'shop',
  publicUrl: string,
  recipient: Recipient,
): TransactionalEmail {
  return compose(order.email, `Your order has been canceled (#${order.id})`, {
    paragraphs: [
      hi(order, recipient),
      by === 'customer'
        ? `As you asked, order #${order.id} has been canceled.`
        : `We have canceled order #${order.id}.`,
      order.is_paid || order.refunds.length > 0
        ? `Its payment of ${money(order.total)} is being refunded to your card; you will receive an e-mail when the refund is done.`
        : 'Nothing was charged for it.',
    ],
    button: { label: 'See your order', href: `${publicUrl}/orders/${order.id}` },
  });
}

export function refundedEmail(
  order: Order,
  amountCents: number,
  publicUrl: string,
  recipient: Recipient,
  /** The refund's id: its credit note is linked (decision 0070). */
  refundId?: number,
): TransactionalEmail {
  return compose(order.email, `Your refund of ${formatPrice(amountCents)} (#${order.id})`, {
    paragraphs: [
      hi(order, recipient),
      `We have refunded ${formatPrice(amountCents)} CAD for order #${order.id} to the card you paid with.`,
      'Banks usually show it within 5-10 business days.',
    ],
    button: { label: 'See your order', href: `${publicUrl}/orders/${order.id}` },
    ...(refundId === undefined
      ? {}
      : {
          links: [
            {
              label: `Your credit note ${creditNoteNumber(refundId)}`,
              href: `${publicUrl}/orders/${order.id}/credit-notes/${refundId}`,
            },
          ],
        }),
  });
}
