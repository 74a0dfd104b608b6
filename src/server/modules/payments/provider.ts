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
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Creates (or, with the same idempotency key, returns) a payment intent. */
  createIntent(input: {
    amountCents: number;
    currency: 'cad';
    idempotencyKey: string;
    metadata: Record<string, string>;
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
}

/** A provider answer the caller should show (a declined card), in the provider's words. */
export class PaymentDeclined extends PaymentRequiredError {}
