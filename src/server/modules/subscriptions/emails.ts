/**
 * The e-mails a subscription sends its customer (decision 0056; docs/product.md, E-mails): a renewal
 * declined or waiting for the customer to confirm it, products left out or all sold out, the
 * reminder before each renewal, and the confirmations of a cancel and a pause. All are
 * transactional (decision 0044): they are about something the customer has with the shop. Each
 * links to the subscription's page, which opens after sign-in and signs nothing in. They go to the
 * account's address (the subscription is the account's; the address of its deliveries may be a
 * gift's), and greet by name only when that address is confirmed, as the order e-mails do
 * (orders/recipient.ts). Written as the order e-mails are (orders/order-emails.ts, `compose`);
 * notices.ts writes them in the transaction of the change each tells about.
 */
import { and, eq } from 'drizzle-orm';
import { greeting } from '../../../domain/email-names.js';
import { formatPrice } from '../../../domain/money.js';
import type { CheckoutTotals } from '../../../domain/pricing.js';
import { OUT_OF_STOCK_WAIT_DAYS } from '../../../domain/subscriptions.js';
import { SHOP_TIME_ZONE } from '../../../domain/subscription-schedule.js';
import type { Transaction } from '../../db/client.js';
import { paymentMethods, users } from '../../db/schema.js';
import type { TransactionalEmail } from '../mail/outbox.js';
import { compose } from '../orders/order-emails.js';

/** Who a subscription's e-mails go to, and what they may say of them. */
export interface Subscriber {
  /** The account's address. */
  email: string;
  /** The account's first name, else the one on the subscription's address. */
  firstName: string;
  /** The address is confirmed: the e-mail may greet by name. */
  confirmed: boolean;
  /** "your Visa ending in 4242", or "your card" when none is saved. */
  card: string;
}

/** The subscriber of a subscription, read in the caller's transaction; null without an account. */
export async function subscriberOf(
  tx: Pick<Transaction, 'select'>,
  sub: { userId: number; paymentMethodId: number | null; shippingInfo: Record<string, unknown> },
): Promise<Subscriber | null> {
  const [account] = await tx
    .select({ email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, sub.userId));
  if (!account) return null;
  const [method] = sub.paymentMethodId
    ? await tx
        .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, sub.paymentMethodId), eq(paymentMethods.userId, sub.userId)))
    : [];
  const shippingName = sub.shippingInfo.firstName;
  return {
    email: account.email,
    firstName: account.firstName || (typeof shippingName === 'string' ? shippingName : ''),
    confirmed: account.verifiedAt !== null,
    card: method ? `your ${method.brand} ending in ${method.last4}` : 'your card',
  };
}

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});
/** A renewal's day as the shop's calendar has it: "Thursday, December 10" (Vancouver). */
export const deliveryDay = (instant: Date) => DAY.format(instant);

/** The subscription's page: it opens after sign-in. */
export const subscriptionPage = (publicUrl: string, id: number) => `${publicUrl}/subscriptions/${id}`;

/** "Hi Jane," at a confirmed address, else "Hi,". */
const hi = (who: Subscriber) => greeting(who.confirmed ? who.firstName : null);

/** "A", "A and B", "A, B and C". */
const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

interface Page {
  who: Subscriber;
  /** The subscription's page (subscriptionPage). */
  page: string;
}

/**
 * A scheduled renewal was not paid: declined, or the bank asks the customer to confirm it (which
 * cannot be done off-session). Nothing was charged; says when the next try is, or that the
 * subscription is past due after the last one.
 */
export function renewalFailedEmail({
  who,
  page,
  status,
  message,
  amountCents,
  retryAt,
}: Page & {
  status: 'declined' | 'requires_action';
  message: string;
  amountCents: number;
  /** The next try; null when that was the last one and the subscription is past due. */
  retryAt: Date | null;
}): TransactionalEmail {
  const amount = formatPrice(amountCents);
  const confirm = status === 'requires_action';
  const what = confirm
    ? `Your bank asks you to confirm the payment of ${amount} for your subscription's next delivery, which we cannot do for you while you are away. Nothing was charged and no order was placed.`
    : `We could not renew your subscription: the payment of ${amount} with ${who.card} was declined. The bank's answer: ${message.replace(/\.?$/, '.')} Nothing was charged and no order was placed.`;
  const next = retryAt
    ? confirm
      ? `We will try again on ${deliveryDay(retryAt)}. To have your delivery go out, please confirm the payment or use another card before then.`
      : `We will try again on ${deliveryDay(retryAt)}. To have your delivery go out, please update your card before then.`
    : confirm
      ? 'That was our last try, so your subscription is now past due: it will not renew until you confirm the payment or use another card.'
      : 'That was our last try, so your subscription is now past due: it will not renew until you update your card.';
  const subject = confirm
    ? 'Please confirm your Northbite subscription payment'
    : retryAt
      ? 'Your Northbite subscription payment was declined'
      : 'Your Northbite subscription is past due: please update your card';
  return compose(who.email, subject, {
    paragraphs: [hi(who), what, next],
    button: { label: confirm ? 'Confirm your payment' : 'Update your card', href: page },
  });
}

/** A renewal leaves out products that are sold out (or no longer sold). */
export function itemsLeftOutEmail({ who, page, names }: Page & { names: string[] }): TransactionalEmail {
  const one = names.length === 1;
  return compose(who.email, 'Sold out: not in this Northbite delivery', {
    paragraphs: [
      hi(who),
      `${listOf(names)} ${one ? 'is' : 'are'} sold out, so ${one ? 'it is' : 'they are'} left out of this delivery of your subscription. You pay only for what we send, and ${one ? 'it stays' : 'they stay'} in your subscription for next time.`,
    ],
    button: { label: 'See your subscription', href: page },
  });
}

/** Everything is sold out: the renewal waits (told once per cycle). */
export function soldOutWaitingEmail({
  who,
  page,
  nextIfSkipped,
}: Page & {
  /** The delivery after this one, should this one be skipped. */
  nextIfSkipped: Date;
}): TransactionalEmail {
  return compose(who.email, 'Your Northbite delivery is waiting: everything is sold out', {
    paragraphs: [
      hi(who),
      'Everything in your subscription is sold out today, so we have not sent this delivery or charged you.',
      `We will try again each morning for up to ${OUT_OF_STOCK_WAIT_DAYS} days. If everything is still sold out then, we will skip this delivery, and your next one comes on ${deliveryDay(nextIfSkipped)}.`,
    ],
    button: { label: 'See your subscription', href: page },
  });
}

/** Everything stayed sold out: the cycle was skipped. */
export function soldOutSkippedEmail({ who, page, next }: Page & { next: Date }): TransactionalEmail {
  return compose(who.email, 'We skipped this Northbite delivery: everything stayed sold out', {
    paragraphs: [
      hi(who),
      `Everything in your subscription stayed sold out for ${OUT_OF_STOCK_WAIT_DAYS} days, so we skipped this delivery. Nothing was charged.`,
      `Your next delivery is on ${deliveryDay(next)}.`,
    ],
    button: { label: 'See your subscription', href: page },
  });
}

export interface ReminderItem {
  name: string;
  quantity: number;
  /** The subscription price of one unit today. */
  unitCents: number;
  inStock: boolean;
}

/**
 * The reminder before a renewal: what it holds, when, and what it comes to at today's prices; a
 * notice when that differs from the last order's total.
 */
export function reminderEmail({
  who,
  page,
  at,
  items,
  totals,
  previousTotalCents,
}: Page & {
  at: Date;
  items: ReminderItem[];
  /** Of the products in stock, as the renewal would charge today. */
  totals: CheckoutTotals;
  /** What the last delivery came to; null when unknown. */
  previousTotalCents: number | null;
}): TransactionalEmail {
  const day = deliveryDay(at);
  const anyInStock = items.some((item) => item.inStock);
  const changed =
    anyInStock && previousTotalCents !== null && previousTotalCents !== totals.totalCents
      ? [
          `The price of your next delivery has changed from ${formatPrice(previousTotalCents)} to ${formatPrice(totals.totalCents)}.`,
        ]
      : [];
  const when = anyInStock
    ? `Your subscription renews on ${day}: that morning we place the order and charge ${formatPrice(totals.totalCents)} to ${who.card}.`
    : `Your subscription renews on ${day}, but everything in it is sold out right now. If it still is that morning, nothing is charged and we try again each morning for up to ${OUT_OF_STOCK_WAIT_DAYS} days.`;
  return compose(who.email, `Your next Northbite delivery is on ${day}`, {
    paragraphs: [
      hi(who),
      when,
      ...changed,
      `Want something different? Skip this delivery, or change its products, quantities or how often it comes, before ${day}.`,
    ],
    block: [
      ...items.map((item) =>
        item.inStock
          ? `  ${item.quantity} x ${item.name}  ${formatPrice(item.unitCents * item.quantity)}`
          : `  ${item.quantity} x ${item.name}  sold out right now: left out unless it is back in time`,
      ),
      '',
      `Subtotal: ${formatPrice(totals.subtotalCents)}`,
      `Shipping: ${formatPrice(totals.shippingCents)}`,
      `Taxes: ${formatPrice(totals.taxCents)}`,
      `Total: ${formatPrice(totals.totalCents)} CAD`,
    ],
    button: { label: 'Skip this delivery', href: page },
    links: [{ label: 'Edit subscription', href: page }],
  });
}

/** The confirmation of a cancel: by the customer, or by the shop. */
export function cancelledEmail({ who, page, byShop }: Page & { byShop: boolean }): TransactionalEmail {
  return compose(who.email, 'Your Northbite subscription is cancelled', {
    paragraphs: [
      hi(who),
      `${byShop ? 'We have' : 'As you asked, we have'} cancelled your subscription: no more deliveries and no more charges. Orders already placed are not affected.`,
    ],
    button: { label: 'See your subscription', href: page },
  });
}

/** The confirmation of a pause: until a day (its next delivery), or until resumed. */
export function pausedEmail({
  who,
  page,
  until,
  next,
}: Page & { until: Date | null; next: Date }): TransactionalEmail {
  return compose(who.email, 'Your Northbite subscription is paused', {
    paragraphs: [
      hi(who),
      until
        ? `Your subscription is paused until ${deliveryDay(until)}: nothing is sent or charged until then, and your next delivery is ${deliveryDay(next) === deliveryDay(until) ? 'that day' : `on ${deliveryDay(next)}`}.`
        : 'Your subscription is paused until you resume it: nothing is sent or charged until then.',
    ],
    button: { label: 'Resume or change your subscription', href: page },
  });
}
