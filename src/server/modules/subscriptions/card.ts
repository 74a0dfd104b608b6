/**
 * The customer's card and their bank, at the page (decision 0059): a new card for a subscription,
 * which retries at once the renewal that was waiting on it, and the payment of a renewal their bank
 * wants them to confirm, which "Order now" hands to the page.
 *
 * A new card is saved the provider's way: Stripe's SetupIntent, made here and confirmed by Stripe's
 * Payment Element in the browser (the card never reaches the shop), then named to us by its id and
 * checked with Stripe; or the test processor's test card, checked as a payment would check it. Only
 * the brand, last four digits and expiry are kept (payment_methods).
 */
import { and, eq } from 'drizzle-orm';
import { ConflictError, InvalidError, NotFoundError } from '../../../domain/errors.js';
import { centsToDollars } from '../../../domain/money.js';
import type {
  AuthenticationAnswer,
  CardUpdateReply,
  UpdateCard,
} from '../../../domain/subscription-schemas.js';
import { subscriptionMessages } from '../../../domain/subscription-messages.js';
import type { Database } from '../../db/client.js';
import { paymentIntents, paymentMethods, subscriptions, users } from '../../db/schema.js';
import { customerOf } from '../payments/customers.js';
import { AUTHENTICATION_REQUIRED, type PaymentProvider } from '../payments/provider.js';
import type { TestProcessor } from '../payments/test-processor.js';
import type { RenewalOutcome, Renewals } from './renewals.js';
import type { SubscriptionsService } from './service.js';

export interface SubscriptionCardsDeps {
  db: Database;
  provider: PaymentProvider;
  /** Present when the test processor takes the payments: it checks and saves test cards. */
  testProcessor: TestProcessor | undefined;
  renewals: Renewals;
  subscriptions: SubscriptionsService;
}

const retryOf = (outcome: RenewalOutcome): CardUpdateReply['retry'] => {
  switch (outcome.type) {
    case 'ordered':
      return { outcome: 'ordered', order_id: outcome.order.id };
    case 'not_due':
      return null;
    default:
      return { outcome: outcome.type, message: outcome.message };
  }
};

export function createSubscriptionCards({
  db,
  provider,
  testProcessor,
  renewals,
  subscriptions: service,
}: SubscriptionCardsDeps) {
  /** The subscription, when it is the caller's and can still take a card. */
  async function ownOpen(userId: number, id: number) {
    const [row] = await db
      .select({ id: subscriptions.id, status: subscriptions.status })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
    if (!row) throw new NotFoundError(subscriptionMessages.notFound);
    if (row.status === 'canceled') throw new ConflictError(subscriptionMessages.canceled);
    return row;
  }

  async function accountOf(userId: number) {
    const [user] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new NotFoundError(subscriptionMessages.notFound);
    return user;
  }

  /** Stripe: the card the customer's SetupIntent saved, recorded once; refused unless it is theirs. */
  async function savedWithStripe(userId: number, subscriptionId: number, setupId: string): Promise<number> {
    if (!provider.retrieveCardSetup) throw new InvalidError(subscriptionMessages.sendTestCard);
    const customerRef = await customerOf(db, provider, await accountOf(userId));
    const setup = await provider.retrieveCardSetup(setupId).catch(() => null);
    if (
      !setup ||
      setup.status !== 'succeeded' ||
      !setup.methodRef ||
      setup.customerRef !== customerRef ||
      setup.metadata.user_id !== String(userId) ||
      setup.metadata.subscription_id !== String(subscriptionId)
    ) {
      throw new InvalidError(subscriptionMessages.cardNotSaved);
    }
    const card = await provider.describeMethod(setup.methodRef);
    if (!card) throw new InvalidError(subscriptionMessages.cardNotSaved);
    await db
      .insert(paymentMethods)
      .values({
        userId,
        provider: 'stripe',
        customerRef: setup.customerRef,
        methodRef: setup.methodRef,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: paymentMethods.id, userId: paymentMethods.userId })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.provider, 'stripe'), eq(paymentMethods.methodRef, setup.methodRef)));
    if (!row || row.userId !== userId) throw new InvalidError(subscriptionMessages.cardNotSaved);
    return row.id;
  }

  return {
    /**
     * Stripe: a SetupIntent for a new card, on the account's Customer; its secret for the page. The
     * test processor needs none: the page sends the test card itself.
     */
    async setup(userId: number, id: number): Promise<{ client_secret: string | null }> {
      await ownOpen(userId, id);
      if (!provider.createCardSetup) return { client_secret: null };
      const customerRef = await customerOf(db, provider, await accountOf(userId));
      if (!customerRef) throw new InvalidError(subscriptionMessages.sendTestCard);
      const setup = await provider.createCardSetup({
        customerRef,
        // One per click: each opens its own form (a repeat within a request retry is the same one).
        idempotencyKey: `card-setup-${id}-${Date.now()}`,
        metadata: { user_id: String(userId), subscription_id: String(id) },
      });
      return { client_secret: setup.clientSecret };
    },

    /**
     * The subscription's new card; a renewal that was waiting on the card (declined and due to be
     * retried, or past due) is tried again at once with it.
     */
    async update(userId: number, id: number, body: UpdateCard): Promise<CardUpdateReply> {
      await ownOpen(userId, id);
      let methodId: number;
      if (body.card) {
        if (!testProcessor) throw new InvalidError(subscriptionMessages.sendSetupIntent);
        methodId = await testProcessor.saveCard(userId, body.card);
      } else {
        if (testProcessor) throw new InvalidError(subscriptionMessages.sendTestCard);
        methodId = await savedWithStripe(userId, id, body.setup_intent_id!);
      }
      const { subscription, retryNow } = await service.setCard(userId, id, methodId);
      if (!retryNow) return { subscription, retry: null };
      const outcome = await renewals.renew(id, 'schedule', new Date(), {
        kind: 'customer',
        id: userId,
        name: null,
      });
      return { subscription: await service.get(userId, id), retry: retryOf(outcome) };
    },

    /**
     * "Order now" met the customer's bank: the payment to confirm at the page, with a fresh client
     * secret (and, for Stripe.js, the saved card it is confirmed with).
     */
    async authentication(intentId: string, message = AUTHENTICATION_REQUIRED): Promise<AuthenticationAnswer> {
      const [row] = await db
        .select({ amountCents: paymentIntents.amountCents, methodRef: paymentMethods.methodRef })
        .from(paymentIntents)
        .leftJoin(paymentMethods, eq(paymentMethods.id, paymentIntents.paymentMethodId))
        .where(eq(paymentIntents.id, intentId));
      if (!row) throw new Error(`The renewal's payment ${intentId} is not recorded`);
      return {
        type: 'requires_action',
        message,
        payment_intent_id: intentId,
        client_secret: await provider.onSessionSecret(intentId),
        payment_method: provider.name === 'stripe' ? row.methodRef : null,
        amount: centsToDollars(row.amountCents),
      };
    },
  };
}

export type SubscriptionCards = ReturnType<typeof createSubscriptionCards>;
