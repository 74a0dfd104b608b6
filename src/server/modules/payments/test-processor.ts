/**
 * A built-in card processor that behaves like Stripe's test mode, so checkout works on a fresh machine
 * and in tests: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995
 * fails for insufficient funds; any future expiry and any CVC. Its "provider side" is our own
 * payment_intents table. Refused in production unless ALLOW_TEST_PAYMENTS=true (config.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  InvalidError,
  NotFoundError,
  PaymentExpiredError,
  PaymentRetryError,
} from '../../../domain/errors.js';
import { messages } from '../../../domain/messages.js';
import type { Database } from '../../db/client.js';
import { paymentIntents, paymentMethods, processedEvents } from '../../db/schema.js';
import { hashSecret } from './client-secret.js';
import { AUTHENTICATION_REQUIRED, PaymentDeclined, type PaymentProvider } from './provider.js';

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Pays today and is saved, but every later charge of the saved card is declined. */
  declinesLater: '4000000000000341',
  /** Pays today (the shopper authenticates in the browser); every later charge needs it again. */
  authenticateEachTime: '4000002760003184',
} as const;

/** What a saved test card does when it is charged later (decision 0056). */
export type SavedCardBehaviour = 'renews' | 'declines' | 'authenticate';
const BEHAVIOUR_OF: Record<string, SavedCardBehaviour> = {
  [TEST_CARDS.success]: 'renews',
  [TEST_CARDS.declinesLater]: 'declines',
  [TEST_CARDS.authenticateEachTime]: 'authenticate',
};
/** A saved test card's reference names its behaviour: `pm_test_renews_…`. */
const methodRef = (behaviour: SavedCardBehaviour) => `pm_test_${behaviour}_${randomBytes(8).toString('hex')}`;
export function savedCardBehaviour(ref: string): SavedCardBehaviour | null {
  const match = /^pm_test_(renews|declines|authenticate)_/.exec(ref);
  return match ? (match[1] as SavedCardBehaviour) : null;
}

/** The answer of a charge of a saved card, the customer not present (a renewal). */
export type SavedChargeOutcome =
  | { status: 'succeeded' }
  | { status: 'declined'; message: string }
  | { status: 'requires_action'; message: string };

export { AUTHENTICATION_REQUIRED };

/** Luhn checksum, as every card number carries. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card's outcome, as Stripe's test mode would answer it. */
export function testCardOutcome(
  card: { number: string; exp_month: number; exp_year: number },
  now = new Date(),
): 'succeeded' | string {
  if (!luhnValid(card.number)) throw new InvalidError('Your card number is invalid.');
  const expiresAfter = new Date(Date.UTC(card.exp_year, card.exp_month, 1));
  if (expiresAfter <= now) throw new PaymentDeclined('Your card has expired.');
  if (card.number in BEHAVIOUR_OF) return 'succeeded';
  if (card.number === TEST_CARDS.insufficientFunds)
    throw new PaymentDeclined('Your card has insufficient funds.');
  throw new PaymentDeclined('Your card was declined.');
}

/** Whether an intent's stored checkout is a subscription's renewal (decision 0056). */
const isRenewal = (checkout: unknown) =>
  typeof checkout === 'object' && checkout !== null && 'renewal' in checkout && !!checkout.renewal;

export function createTestProcessor(db: Database) {
  /** What a confirmation checks of the intent; built once, a named statement on PostgreSQL. */
  const toConfirm = db
    .select({
      id: paymentIntents.id,
      provider: paymentIntents.provider,
      userId: paymentIntents.userId,
      amountCents: paymentIntents.amountCents,
      status: paymentIntents.status,
      clientSecretHash: paymentIntents.clientSecretHash,
      expiresAt: paymentIntents.expiresAt,
      checkout: paymentIntents.checkout,
    })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, sql.placeholder('id')))
    .prepare('test_processor_intent');
  /** The intent a client secret names, when it is the signed-in shopper's test payment. */
  async function verified(clientSecret: string, userId: number) {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const [row] = await toConfirm.execute({ id });
    const expected = Buffer.from(row?.clientSecretHash ?? '0'.repeat(64), 'hex');
    const given = Buffer.from(hashSecret(clientSecret), 'hex');
    if (
      !row ||
      row.provider !== 'test' ||
      row.userId !== userId ||
      expected.length !== given.length ||
      !timingSafeEqual(expected, given)
    ) {
      throw new NotFoundError('Payment not found.');
    }
    return row;
  }

  /**
   * Keeps a test card for later charges, as Stripe keeps a PaymentMethod: only the brand, the last
   * four digits and the expiry; its reference names what it does when charged later.
   */
  async function insertCard(
    tx: Pick<Database, 'insert'>,
    userId: number,
    card: { number: string; exp_month: number; exp_year: number },
  ): Promise<number> {
    const behaviour = BEHAVIOUR_OF[card.number] ?? 'renews';
    const [saved] = await tx
      .insert(paymentMethods)
      .values({
        userId,
        provider: 'test',
        methodRef: methodRef(behaviour),
        brand: 'Visa',
        last4: card.number.slice(-4),
        expMonth: card.exp_month,
        expYear: card.exp_year,
      })
      .returning({ id: paymentMethods.id });
    return saved!.id;
  }

  const provider: PaymentProvider & {
    /**
     * Checks the client secret, that the intent is the signed-in shopper's, and the card; answers
     * the intent and the amount the card is good for, or says why not. It charges nothing itself:
     * the caller records the payment and its order in one transaction (checkout's `placeOrder`), so a
     * crash or a failed write can never leave a charge without its order.
     */
    confirm(
      clientSecret: string,
      card: { number: string; exp_month: number; exp_year: number },
      userId: number,
    ): Promise<{ intentId: string; amountCents: number }>;
    /**
     * Charges a saved card, the customer not present: the card's behaviour decides. Like the
     * on-session charge it takes nothing itself: the caller's `placeOrder` is the charge.
     */
    chargeSaved(methodRef: string): SavedChargeOutcome;
    /**
     * The customer confirmed, at the page, a renewal their bank asked them to (the test bank's
     * dialog, decision 0059): answers the intent and its amount. Like `confirm` it takes nothing
     * itself: the caller's `placeOrder` is the charge.
     */
    authenticate(clientSecret: string, userId: number): Promise<{ intentId: string; amountCents: number }>;
    /**
     * Saves a card the customer entered at the page for their later charges (decision 0059): checked
     * as a payment would check it (a declined card is refused), nothing charged. Answers its row.
     */
    saveCard(userId: number, card: { number: string; exp_month: number; exp_year: number }): Promise<number>;
  } = {
    name: 'test',

    async createIntent() {
      // The service stores the row; a fresh secret each time (the hash is what is kept).
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      return {
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        status: 'requires_payment_method',
      };
    },

    async retrieveIntent(id) {
      const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
      if (!row) return { status: 'missing', amountReceivedCents: 0 };
      return { status: row.status, amountReceivedCents: row.status === 'succeeded' ? row.amountCents : 0 };
    },

    async refund(intentId, idempotencyKey, amountCents) {
      // Like Stripe: one refund per key (a repeat is answered, not refunded again), never more than
      // was taken, and the payment is 'refunded' once all of it is back.
      await db.transaction(async (tx) => {
        const fresh = await tx
          .insert(processedEvents)
          .values({ id: `test_refund_${idempotencyKey}`, provider: 'test', type: 'refund' })
          .onConflictDoNothing()
          .returning({ id: processedEvents.id });
        if (fresh.length === 0) return;
        const [row] = await tx
          .select()
          .from(paymentIntents)
          .where(eq(paymentIntents.id, intentId))
          .for('update');
        if (!row || (row.status !== 'succeeded' && row.status !== 'refunded')) {
          throw new Error(`test processor: payment ${intentId} was not taken, nothing to refund`);
        }
        const refunded = row.refundedCents + amountCents;
        if (amountCents <= 0 || refunded > row.amountCents) {
          throw new Error(`test processor: refund of ${amountCents} is more than is left on ${intentId}`);
        }
        await tx
          .update(paymentIntents)
          .set({
            refundedCents: refunded,
            status: refunded === row.amountCents ? 'refunded' : 'succeeded',
            updatedAt: new Date(),
          })
          .where(eq(paymentIntents.id, intentId));
      });
    },

    async cancelIntent(id) {
      await db
        .update(paymentIntents)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'requires_payment_method')));
      return provider.retrieveIntent(id);
    },

    async confirm(clientSecret, card, userId) {
      const row = await verified(clientSecret, userId);
      const id = row.id;
      if (row.status === 'succeeded') return { intentId: row.id, amountCents: row.amountCents };
      // An expired checkout (decision 0022): the browser prices the cart again and makes a new
      // payment.
      if (row.status === 'canceled' || (row.expiresAt !== null && row.expiresAt <= new Date())) {
        throw new PaymentExpiredError(messages.paymentExpired);
      }
      if (row.status !== 'requires_payment_method')
        throw new PaymentRetryError(messages.paymentNotConfirmable);
      try {
        testCardOutcome(card);
      } catch (error) {
        if (error instanceof PaymentDeclined) {
          await db
            .update(paymentIntents)
            .set({ lastError: error.message, updatedAt: new Date() })
            .where(eq(paymentIntents.id, id));
        }
        throw error;
      }
      // A checkout with a subscription line saves the card for its renewals (decision 0056), as
      // Stripe does with setup_future_usage: only the brand, last four digits and expiry are kept.
      const lines = (row.checkout as { lines?: { intervalWeeks?: number | null }[] }).lines ?? [];
      if (lines.some((line) => line.intervalWeeks)) {
        await db.transaction(async (tx) => {
          const saved = await insertCard(tx, userId, card);
          await tx
            .update(paymentIntents)
            .set({ paymentMethodId: saved, updatedAt: new Date() })
            .where(eq(paymentIntents.id, row.id));
        });
      }
      return { intentId: row.id, amountCents: row.amountCents };
    },

    async authenticate(clientSecret, userId) {
      const row = await verified(clientSecret, userId);
      if (row.status === 'succeeded') return { intentId: row.id, amountCents: row.amountCents };
      if (row.status !== 'requires_payment_method' || !isRenewal(row.checkout)) {
        throw new PaymentRetryError(messages.paymentNotConfirmable);
      }
      return { intentId: row.id, amountCents: row.amountCents };
    },

    async saveCard(userId, card) {
      testCardOutcome(card);
      return insertCard(db, userId, card);
    },

    async onSessionSecret(intentId) {
      // A fresh secret each time it is asked for; only its hash is kept, as for a checkout's.
      const secret = `${intentId}_secret_${randomBytes(16).toString('hex')}`;
      await db
        .update(paymentIntents)
        .set({ clientSecretHash: hashSecret(secret), updatedAt: new Date() })
        .where(and(eq(paymentIntents.id, intentId), eq(paymentIntents.provider, 'test')));
      return secret;
    },

    chargeSaved(ref) {
      const behaviour = savedCardBehaviour(ref);
      if (behaviour === 'renews') return { status: 'succeeded' };
      if (behaviour === 'authenticate')
        return { status: 'requires_action', message: AUTHENTICATION_REQUIRED };
      return { status: 'declined', message: 'Your card was declined.' };
    },

    async ensureCustomer() {
      // Its saved cards are its own rows: no customer to attach them to.
      return null;
    },

    async chargeOffSession({ methodRef: ref, idempotencyKey }) {
      // The same key is the same payment, as with Stripe: its id is the key's digest. Nothing is
      // taken here; the caller's placeOrder is the charge (chargeSaved).
      const id = `pi_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
      return { id, ...provider.chargeSaved(ref) };
    },

    async describeMethod(ref) {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.provider, 'test'), eq(paymentMethods.methodRef, ref)));
      return row
        ? { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear }
        : null;
    },
  };
  return provider;
}

export type TestProcessor = ReturnType<typeof createTestProcessor>;
