/**
 * The card step of the payment (decision 0013): with Stripe's Payment Element when the shop has a
 * Stripe key, else with the built-in test processor, which follows Stripe's test cards. Each answers
 * what became of the card (payment-machine.ts) instead of throwing.
 */
import { ApiError } from '../../api';
import { confirmTestPayment, type PaymentIntent, type TestCard } from './checkout-api';
import type { StripeHandle } from './components/stripe-payment-element';
import type { CardResult } from './payment-machine';
import { learnStock } from './payment-outcomes';

/** Refusals of bad input (an impossible card number, a payment the server does not know, too many tries). */
const REFUSED_STATUSES = new Set([400, 404, 429]);

/**
 * Pays `intent` with the test card. Its answer is the order (decision 0045); a refusal says why
 * (its `type`), and nothing was charged. Anything else (no answer, a server error, an answer that
 * makes no sense) leaves the outcome unknown: the card may have been taken.
 */
export async function confirmWithTestCard(intent: PaymentIntent, card: TestCard): Promise<CardResult> {
  const result = await confirmTestPayment(intent.client_secret, card).then(
    (answer): CardResult => (answer.type === 'expired' ? { type: 'expired' } : answer),
    (error: unknown): CardResult => {
      const refusal = error instanceof ApiError ? refusalOf(error) : null;
      if (refusal) return refusal;
      console.error('The card step failed without an answer; checking the payment', error);
      return { type: 'unknown', paymentIntentId: intent.payment_intent_id };
    },
  );
  // Units this checkout could not hold sold before it was paid (decision 0038): the cart drawer and
  // page learn the stock.
  if (result.type === 'retry') void learnStock();
  return result;
}

/** What a refused test confirmation says, or null when it is no refusal (a 5xx, a 401). */
export function refusalOf(error: ApiError): CardResult | null {
  if (error.type === 'expired') return { type: 'expired' };
  if (error.type === 'declined' || error.status === 402) return { type: 'declined', message: error.message };
  // A 409 is never charged: units sold meanwhile, or the payment cannot be taken as it is.
  if (error.type === 'retry' || error.status === 409) return { type: 'retry', message: error.message };
  if (REFUSED_STATUSES.has(error.status)) {
    return { type: 'refused', message: error.message, unknownPayment: error.status === 404 };
  }
  return null;
}

/**
 * Pays with Stripe's Payment Element, which holds the open payment. A payment method that redirects
 * comes back to the payment page with the intent in the address (payment-machine.ts, StripeReturn).
 */
export async function confirmWithStripe(handle: StripeHandle | null): Promise<CardResult> {
  if (!handle) return { type: 'not-initialized' };
  try {
    const submitted = await handle.elements.submit();
    if (submitted.error) return { type: 'declined', message: submitted.error.message ?? '' };
    const result = await handle.stripe.confirmPayment({
      elements: handle.elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/checkout/payment` },
    });
    if (result.error) {
      // Stripe refuses an intent the shop cancelled when it expired.
      if (result.error.code === 'payment_intent_unexpected_state') return { type: 'expired' };
      return { type: 'declined', message: result.error.message ?? '' };
    }
    if (result.paymentIntent.status !== 'succeeded') return { type: 'declined', message: '' };
    return { type: 'paid', paymentIntentId: result.paymentIntent.id };
  } catch (error) {
    console.error('Payment failed', error);
    return { type: 'declined', message: '' };
  }
}
