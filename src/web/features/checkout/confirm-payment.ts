/**
 * The card step of the payment (decision 0013): with Stripe's Payment Element when the shop has a
 * Stripe key, else with the built-in test processor, which follows Stripe's test cards.
 */
import { ApiError } from '../../api';
import type { StripeHandle } from './components/stripe-payment-element';
import { readCard, type CardErrors, type CardValues } from './components/test-card-fields';
import { rememberHeld } from '../cart/cart-stock';
import {
  confirmTestPayment,
  createPaymentIntent,
  type CheckoutRequest,
  type PaymentIntent,
} from './checkout-api';
import {
  AlreadyPaid,
  InvalidCard,
  isExpired,
  isStockRefusal,
  NotEnoughStock,
  NotInitialized,
  PaymentExpired,
  PaymentRefused,
  REFUSED_STATUSES,
  Uncertain,
} from './payment-outcomes';

/**
 * Confirms the payment; answers the paid intent's id, or throws with the reason (payment-outcomes.ts).
 * The test card's problems go to `onCardErrors`; the intent it was paid with, to `onIntent`.
 */
export async function confirmPayment({
  stripeKey,
  stripeHandle,
  card,
  request,
  onCardErrors,
  onIntent,
}: {
  stripeKey: string | null;
  /** Stripe and its elements once the Payment Element can take a card. */
  stripeHandle: StripeHandle | null;
  card: CardValues;
  /** What is being paid for: the latest cart and address. */
  request: () => CheckoutRequest;
  onCardErrors: (errors: CardErrors) => void;
  onIntent: (intent: PaymentIntent) => void;
}): Promise<string> {
  if (stripeKey) {
    const handle = stripeHandle;
    if (!handle) throw new NotInitialized();
    const submitted = await handle.elements.submit();
    if (submitted.error) throw new PaymentRefused(submitted.error.message ?? '');
    const result = await handle.stripe.confirmPayment({
      elements: handle.elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/checkout/payment` },
    });
    if (result.error) {
      // Stripe refuses an intent the shop cancelled when it expired.
      if (result.error.code === 'payment_intent_unexpected_state') throw new PaymentExpired();
      throw new PaymentRefused(result.error.message ?? '');
    }
    if (result.paymentIntent.status !== 'succeeded') throw new PaymentRefused('');
    return result.paymentIntent.id;
  }
  const read = readCard(card);
  if ('errors' in read) {
    onCardErrors(read.errors);
    throw new InvalidCard();
  }
  onCardErrors({});
  let open: PaymentIntent;
  try {
    // The intent of exactly this cart and amount (the server hands back the open one).
    open = await createPaymentIntent(request());
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 402)) {
      throw new PaymentRefused(error.message);
    }
    if (isStockRefusal(error)) throw new NotEnoughStock((error as ApiError).message);
    throw error;
  }
  onIntent(open);
  if (open.order) throw new AlreadyPaid(open.order);
  rememberHeld(request().items);
  try {
    await confirmTestPayment(open.client_secret, read.card);
  } catch (error) {
    if (isExpired(error)) throw new PaymentExpired();
    // Units this checkout could not hold (decision 0038) sold before it was paid: nothing charged.
    if (isStockRefusal(error)) throw new NotEnoughStock((error as ApiError).message);
    if (error instanceof ApiError && REFUSED_STATUSES.has(error.status)) {
      throw new PaymentRefused(error.message);
    }
    // Sent, but no clear answer: the card may have been charged.
    console.error('The card step failed without an answer; checking the payment', error);
    throw new Uncertain(open.payment_intent_id);
  }
  return open.payment_intent_id;
}
