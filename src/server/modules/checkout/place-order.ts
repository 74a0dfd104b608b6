/**
 * Placing an order (decisions 0013 and 0045): the paid order of a succeeded payment intent, written
 * once, with its lines, the stock it held, the charge's status, the customer's confirmation and the
 * owner's alert e-mails and the first events of its timeline, all in one transaction. The one way an
 * order comes to be: the test processor's confirmation, Stripe's webhook, the browser's
 * POST /api/orders, the reconciler and the expiry sweep all call `placeOrder`.
 */
import { eq, inArray } from 'drizzle-orm';
import {
  NotFoundError,
  PaymentExpiredError,
  PaymentRequiredError,
  PaymentRetryError,
} from '../../../domain/errors.js';
import { formatPrice } from '../../../domain/money.js';
import { messages } from '../../../domain/messages.js';
import { HOME_PROVINCE } from '../../../domain/pricing.js';
import { parseCheckoutSnapshot, type CheckoutSnapshot } from '../../../domain/stored/checkout-snapshot.js';
import type { Order } from '../../../domain/orders.js';
import type { Database } from '../../db/client.js';
import {
  orderItems,
  orders,
  orderTaxes,
  paymentIntents,
  processedEvents,
  products,
} from '../../db/schema.js';
import { closeAbandonedCarts } from '../abandoned-carts/records.js';
import type { Mailer } from '../mail/mailer.js';
import { confirmationEmail, orderAlertEmail } from '../orders/order-emails.js';
import { loadOrder, toApiOrder } from '../orders/read.js';
import { recipientOf } from '../orders/recipient.js';
import { customer, emailSummary, recordEvents, SYSTEM } from '../orders/timeline.js';
import { takeStock } from '../stock/reservations.js';
import { completeRenewal, startSubscriptions } from '../subscriptions/records.js';

/** The taxes a checkout was priced with, as order_taxes rows (without the order). */
function checkoutTaxes({ totals }: CheckoutSnapshot) {
  if (totals.taxes) {
    const province = totals.province ?? HOME_PROVINCE;
    return totals.taxes
      .filter((tax) => tax.amountCents > 0)
      .map(({ code, rate, goodsCents, shippingCents, amountCents }) => ({
        code,
        province,
        rate,
        goodsCents,
        shippingCents,
        amountCents,
      }));
  }
  if (totals.taxCents === 0) return [];
  const gst = { code: 'GST' as const, province: HOME_PROVINCE, rate: 5_000 };
  return [{ ...gst, goodsCents: totals.taxCents, shippingCents: 0, amountCents: totals.taxCents }];
}

export function createPlaceOrder(
  db: Database,
  mailer: Mailer,
  {
    alertEmail,
    publicUrl,
  }: {
    /** Who gets the new-order alert; none when unset. */
    alertEmail?: string | undefined;
    /** The shop's address, for links in e-mails. */
    publicUrl: string;
  },
) {
  /**
   * Creates the paid order of a succeeded payment intent, once: a second call (the browser after the
   * webhook, a retry, a concurrent post) finds the first order. `amountReceivedCents` is what the
   * provider says it took; anything but exactly the priced amount creates nothing.
   *
   * `event` is the provider event being applied: it is marked processed in the same transaction as
   * the order, so a crash can never leave the event marked and the order missing (a redelivery would
   * then be dropped as a duplicate). `duplicateEvent` says it had been applied before.
   */
  return async function placeOrder(
    intentId: string,
    amountReceivedCents: number,
    event?: { id: string; provider: string; type: string },
  ): Promise<{ order: Order; created: boolean; duplicateEvent: boolean }> {
    const result = await db.transaction(async (tx) => {
      const marked = event
        ? await tx
            .insert(processedEvents)
            .values(event)
            .onConflictDoNothing()
            .returning({ id: processedEvents.id })
        : [];
      const duplicateEvent = Boolean(event) && marked.length === 0;
      const [intent] = await tx
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.id, intentId))
        .for('update');
      if (!intent) throw new NotFoundError('Payment not found.');
      const [existing] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentIntentId, intentId));
      if (existing) return { orderId: existing.id, placed: null, duplicateEvent };
      if (intent.status === 'canceled') throw new PaymentExpiredError(messages.paymentExpired);
      if (intent.status === 'refunded') throw new PaymentRetryError(messages.paymentNotConfirmable);
      // The test processor charges in this very transaction: an expired checkout is not charged
      // (the sweep has not let go of it yet). Stripe's money, once taken, always becomes the order.
      if (intent.provider === 'test' && intent.expiresAt !== null && intent.expiresAt <= new Date()) {
        throw new PaymentExpiredError(messages.paymentExpired);
      }
      if (amountReceivedCents !== intent.amountCents) {
        throw new PaymentRequiredError(
          'The payment does not match the order total. Please contact us before trying again.',
        );
      }
      // Parsed, not cast (decision 0047): a newer build may finish an intent an older one priced.
      const checkout = parseCheckoutSnapshot(intent.checkout);
      const info = checkout.shippingInfo;
      // The new order is answered as written (its row, its lines, no refunds yet): not read back.
      const [order] = await tx
        .insert(orders)
        .values({
          userId: intent.userId,
          status: 'Pending',
          subtotalCents: checkout.totals.subtotalCents,
          shippingCents: checkout.totals.shippingCents,
          taxCents: checkout.totals.taxCents,
          totalCents: checkout.totals.totalCents,
          isPaid: true,
          paidAt: new Date(),
          paymentIntentId: intentId,
          firstName: info.firstName,
          lastName: info.lastName,
          email: info.email,
          phoneNumber: info.phoneNumber ?? '',
          shippingAddress: info.address1,
          shippingAddress2: info.address2 ?? null,
          shippingCity: info.city,
          shippingState: info.state,
          shippingCountry: info.country,
          shippingPostalCode: info.postalCode,
        })
        .onConflictDoNothing({ target: orders.paymentIntentId })
        .returning();
      if (!order) {
        const [winner] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.paymentIntentId, intentId));
        return { orderId: winner!.id, placed: null, duplicateEvent };
      }
      // A product deleted since the cart was priced must not cost the customer their paid order: its
      // line keeps the name and price, without the link. (Locked so a deletion waits for this order;
      // the stock is takeStock's.)
      const present = await tx
        .select({ id: products.id, stock: products.stock })
        .from(products)
        .where(
          inArray(
            products.id,
            checkout.lines.map((line) => line.productId),
          ),
        )
        .for('key share');
      const linkable = new Set(present.map((row) => row.id));
      const items = await tx
        .insert(orderItems)
        .values(
          checkout.lines.map((line, index) => ({
            orderId: order.id,
            productId: linkable.has(line.productId) ? line.productId : null,
            productName: line.name,
            sku: line.sku,
            quantity: line.quantity,
            priceCents: line.priceCents,
            taxClass: line.taxClass ?? 'standard',
            taxes: (checkout.totals.lineTaxes?.[index] ?? []).map((tax) => ({
              code: tax.code,
              amount_cents: tax.amountCents,
            })),
          })),
        )
        .returning();
      // Each tax as priced (decision 0066); a snapshot from before taxes were kept one by one was
      // GST 5% on the products, in British Columbia.
      const charged = checkoutTaxes(checkout);
      const taxes = charged.length
        ? await tx
            .insert(orderTaxes)
            .values(charged.map((tax) => ({ orderId: order.id, ...tax })))
            .returning()
        : [];
      // The units it held are the order's now.
      await takeStock(
        tx,
        intentId,
        checkout.lines.map((line) => ({
          productId: line.productId,
          name: line.name,
          quantity: line.quantity,
        })),
        present,
        // The test processor's charge is this transaction: units gone since are not charged for.
        intent.provider === 'test',
      );
      // For the test processor this is the charge itself, committed with its order.
      await tx
        .update(paymentIntents)
        .set({ status: 'succeeded', lastError: null, updatedAt: new Date() })
        .where(eq(paymentIntents.id, intentId));
      // As load() reads it: lines in id order; an order made in this transaction has no refunds.
      const created = toApiOrder(
        order,
        items.sort((a, b) => a.id - b.id),
        [],
        {},
        taxes,
      );
      // The e-mails (the confirmation, the owner's alert) in one statement, and the timeline's four
      // events in another, in the order they were always written.
      const emails = [
        confirmationEmail(created, await recipientOf(tx, created), publicUrl),
        ...(alertEmail ? [orderAlertEmail(created, alertEmail, publicUrl)] : []),
      ];
      await mailer.enqueueAll(tx, emails);
      await recordEvents(tx, order.id, [
        {
          kind: 'created',
          summary: `Order placed: ${formatPrice(checkout.totals.totalCents)}`,
          actor: customer(intent.userId),
        },
        {
          kind: 'paid',
          summary: `Paid ${formatPrice(amountReceivedCents)} by card (${intent.provider === 'stripe' ? 'Stripe' : 'test processor'})`,
          actor: SYSTEM,
        },
        ...emails.map((email) => ({ kind: 'email' as const, summary: emailSummary(email), actor: SYSTEM })),
      ]);
      // Subscriptions (decision 0056): a renewal's order completes its cycle; a first order's
      // subscription lines start their subscriptions, with the card the payment saved.
      if (checkout.renewal) {
        await completeRenewal(tx, {
          renewal: checkout.renewal,
          orderId: order.id,
          totalLabel: formatPrice(checkout.totals.totalCents),
          now: order.createdAt,
        });
      } else {
        await startSubscriptions(tx, {
          userId: intent.userId,
          orderId: order.id,
          checkout,
          paymentMethodId: intent.paymentMethodId,
          now: order.createdAt,
        });
      }
      // The shopper ordered: no reminder for the cart they saved at checkout.
      if (intent.userId !== null) await closeAbandonedCarts(tx, intent.userId);
      return { orderId: order.id, placed: created, duplicateEvent };
    });
    if (result.placed) mailer.deliverSoon();
    return {
      // A new order is answered as committed; one that existed is read.
      order: result.placed ?? (await loadOrder(db, result.orderId))!,
      created: result.placed !== null,
      duplicateEvent: result.duplicateEvent,
    };
  };
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>;
