/**
 * The database holds orders and payment intents to the statuses of src/domain (decision 0046): every
 * status the code may store is accepted, anything else is refused by a check (SQLSTATE 23514).
 */
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../domain/orders.js';
import { PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from '../../domain/payment-intents.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.js';
import { sqlState } from './errors.js';
import { orders, paymentIntents } from './schema.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

const CHECK_VIOLATION = '23514';
let seq = 0;

/** Writes a payment intent with that status; answers its id. */
async function intentWith(status: string) {
  const id = `pi_check_${++seq}`;
  await database.db
    .insert(paymentIntents)
    // Typed statuses only compile: the database's own check is what refuses the others here.
    .values({ id, provider: 'test', amountCents: 100, status: status as PaymentIntentStatus, checkout: {} });
  return id;
}

/** Writes an order (status Pending); answers its id. */
async function order() {
  const [row] = await database.db
    .insert(orders)
    .values({
      subtotalCents: 100,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 100,
      firstName: 'Ada',
      lastName: 'Maple',
      email: 'ada@example.ca',
      phoneNumber: '604 555 0123',
      shippingAddress: '1 Main St',
      shippingCity: 'Vancouver',
      shippingState: 'British Columbia',
      shippingPostalCode: 'V5K 0A1',
    })
    .returning({ id: orders.id, status: orders.status });
  return row!;
}

const refusal = (write: Promise<unknown>) =>
  write.then(
    () => 'written',
    (error: unknown) => sqlState(error),
  );

/** Stripe's documented statuses, without the SDK's catch-all for statuses it may add later. */
type Literal<T> = T extends string ? (string extends T ? never : T) : never;
const STRIPE_STATUSES: Record<Literal<Stripe.PaymentIntent.Status>, true> = {
  requires_payment_method: true,
  requires_confirmation: true,
  requires_action: true,
  processing: true,
  requires_capture: true,
  succeeded: true,
  canceled: true,
};

describe('payment_intents.status', () => {
  it("allows every status Stripe's SDK knows, which the checkout stores as Stripe answers them", () => {
    for (const status of Object.keys(STRIPE_STATUSES)) expect(PAYMENT_INTENT_STATUSES).toContain(status);
  });

  it('takes every status of PAYMENT_INTENT_STATUSES, written and moved to', async () => {
    for (const status of PAYMENT_INTENT_STATUSES) {
      const id = await intentWith(status);
      const [row] = await database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
      expect(row?.status).toBe(status);
    }
    const id = await intentWith('requires_payment_method');
    for (const status of PAYMENT_INTENT_STATUSES) {
      await database.db.update(paymentIntents).set({ status }).where(eq(paymentIntents.id, id));
    }
  });

  it.each(['missing', 'Succeeded', 'paid', ''])('refuses %j', async (status) => {
    expect(await refusal(intentWith(status))).toBe(CHECK_VIOLATION);
    const id = await intentWith('requires_payment_method');
    expect(
      await refusal(
        database.db
          .update(paymentIntents)
          .set({ status: status as PaymentIntentStatus })
          .where(eq(paymentIntents.id, id)),
      ),
    ).toBe(CHECK_VIOLATION);
  });
});

describe('orders.status', () => {
  it('starts Pending and takes every status of ORDER_STATUSES', async () => {
    const { id, status } = await order();
    expect(status).toBe('Pending');
    for (const next of ORDER_STATUSES) {
      const [row] = await database.db
        .update(orders)
        .set({ status: next })
        .where(eq(orders.id, id))
        .returning({ status: orders.status });
      expect(row?.status).toBe(next);
    }
  });

  it.each(['pending', 'Processing', 'Paid', ''])('refuses %j', async (status) => {
    const { id } = await order();
    // Not an OrderStatus, so written as SQL: what an operator's statement or a bug would send.
    expect(
      await refusal(
        database.db
          .update(orders)
          .set({ status: sql`${status}` })
          .where(eq(orders.id, id)),
      ),
    ).toBe(CHECK_VIOLATION);
  });
});
