/**
 * The one interface the shop takes card payments through. Stripe implements it when its keys are
 * set; otherwise the built-in test processor does, with Stripe's test cards (decision 0013).
 */
import { PaymentRequiredError } from '../../../domain/errors.js';
import type { PaymentIntentStatus, ProviderIntentStatus } from '../../../domain/payment-intents.js';

export type ProviderName = 'stripe' | 'test';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
}

export interface IntentState {
  /** The provider's status, or 'missing' when it knows no such intent. */
  status: ProviderIntentStatus;
  /** What was actually taken, in cents (0 until the payment succeeded). */
  amountReceivedCents: number;
  /** The payment method that paid it and the customer it belongs to, when the provider says. */
  methodRef?: string | null;
  customerRef?: string | null;
  /** Why the last try to pay it failed, in the provider's code (`authentication_required`). */
  lastErrorCode?: string | null;
}

/** What is kept of a saved card to show: never its number (decision 0056). */
export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The answer to a charge of a saved card, the customer not present (a renewal, decisions 0056 and
 * 0058). `processing`: taken but not yet final; the provider's event or the next ask finishes it.
 */
export type OffSessionCharge =
  | { id: string; status: 'succeeded' | 'processing' }
  | { id?: string; status: 'declined'; message: string }
  | { id?: string; status: 'requires_action'; message: string };

/** The customer's bank wants them to confirm the payment: off-session, that is a decline. */
export const AUTHENTICATION_REQUIRED = 'Your bank asks you to confirm this payment.';

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Creates (or, with the same idempotency key, returns) a payment intent. */
  createIntent(input: {
    amountCents: number;
    currency: 'cad';
    idempotencyKey: string;
    metadata: Record<string, string>;
    /** The provider's customer the payment belongs to (a checkout that saves its card). */
    customer?: string | undefined;
    /** Keep the card for later charges, the customer not present (a subscription line). */
    saveCard?: boolean | undefined;
  }): Promise<ProviderIntent>;
  /** Asks the provider, not our records, what became of the intent. */
  retrieveIntent(id: string): Promise<IntentState>;
  /**
   * Gives back `amountCents` of a succeeded payment (or voids one that was never taken); safe to
   * repeat with the same key: the provider refunds once per key.
   */
  refund(intentId: string, idempotencyKey: string, amountCents: number): Promise<void>;
  /**
   * Cancels an unpaid intent so it can never be paid (an expired checkout, decision 0022). Answers
   * the intent's state afterwards: canceled, or succeeded when it was paid first.
   */
  cancelIntent(intentId: string): Promise<IntentState>;
  /**
   * The provider's customer of an account, to save cards with: `known` when it has one, else a new
   * one (the same one for a repeat). Null when the provider keeps no customers (the test processor).
   */
  ensureCustomer(user: { id: number; email: string; known: string | null }): Promise<string | null>;
  /**
   * Charges a saved card, the customer not present. Safe to repeat with the same key: the provider
   * answers the same payment and charges once.
   */
  chargeOffSession(input: {
    amountCents: number;
    currency: 'cad';
    customerRef: string | null;
    methodRef: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<OffSessionCharge>;
  /** A saved payment method's brand, last four digits and expiry; null when it is not a card. */
  describeMethod(methodRef: string): Promise<SavedCard | null>;
  /**
   * The client secret the customer's browser completes an intent with, the customer present (a
   * renewal their bank wants them to confirm, decision 0059).
   */
  onSessionSecret(intentId: string): Promise<string>;
  /**
   * Stripe only: a SetupIntent the customer's browser saves a new card with (Stripe's Payment
   * Element confirms it), for the customer's later charges. The test processor takes the test card
   * itself instead.
   */
  createCardSetup?(input: {
    customerRef: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; clientSecret: string }>;
  /** Stripe only: what became of a SetupIntent, and the card it saved. */
  retrieveCardSetup?(id: string): Promise<CardSetup>;
}

/** A card saved by the customer at the page (Stripe's SetupIntent, decision 0059). */
export interface CardSetup {
  status: string;
  methodRef: string | null;
  customerRef: string | null;
  metadata: Record<string, string>;
}

/** A provider answer the caller should show (a declined card), in the provider's words. */
export class PaymentDeclined extends PaymentRequiredError {}
