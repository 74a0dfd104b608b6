/**
 * The payment step's calls, each answering what became of it (payment-machine.ts) instead of
 * throwing: opening the payment for the cart, recording the order of a paid payment, and finding out
 * what became of one whose answer was lost (decisions 0013, 0022 and 0048).
 */
import { toCartProduct } from '../../../domain/cart';
import type { Product } from '../../../domain/catalog';
import { ApiError, apiRequest, userMessage } from '../../api';
import { cartStockActions, forgetHeld, rememberHeld } from '../cart/cart-stock';
import { cartActions } from '../cart/cart-store';
import { checkPayment, createOrder, createPaymentIntent, type CheckoutRequest } from './checkout-api';
import type { OpenResult, OrderResult } from './payment-machine';

/** The server's reason for a refused call (4xx, a 401 included), else nothing more to say. */
export const reason = (error: unknown) => userMessage(error, '', { include401: true });

/** An answer that says the payment expired: a 409 whose body says `type: 'expired'` (decision 0022). */
export const isExpired = (error: unknown) => error instanceof ApiError && error.type === 'expired';

/**
 * Opens (or reuses: the server keeps one open payment per cart and shopper) the payment for the cart.
 * Only a refusal for stock is for the shopper to see at once; anything else is logged, and Pay says
 * why when it opens the payment itself.
 */
export async function openPayment(request: CheckoutRequest, signal?: AbortSignal): Promise<OpenResult> {
  try {
    const intent = await createPaymentIntent(request, signal);
    // Units this payment holds count as the shopper's own in the cart's stock notes.
    if (!intent.order) rememberHeld(request.items);
    return { type: 'open', intent };
  } catch (error) {
    if (signal?.aborted) return { type: 'failed' };
    if (isExpired(error)) return { type: 'expired' };
    // Not enough left for a line (decision 0022): the cart drawer and page learn the stock too.
    if (error instanceof ApiError && error.status === 409) {
      void learnStock();
      return { type: 'stock', message: error.message };
    }
    console.error('Failed to create the payment intent', error);
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
    return refused ? { type: 'refused', message: reason(error) } : { type: 'failed' };
  }
}

/**
 * Records the order of a payment Stripe took (createOrder retries what may be a hiccup). Any error
 * but the server's "not paid" (402) or "expired" leaves the outcome open: the page then asks the
 * server until it knows (checkOrder), never offering a second payment meanwhile.
 */
export async function recordOrder(request: CheckoutRequest, paymentIntentId: string): Promise<OrderResult> {
  try {
    return { type: 'order', order: await createOrder(request, paymentIntentId) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 402)
      return { type: 'not-charged', message: error.message };
    if (isExpired(error)) return { type: 'expired' };
    console.error('Failed to record the order; checking the payment', error);
    return { type: 'unknown' };
  }
}

/** Asks the server what became of the payment until it knows (about two minutes at most). */
export async function checkOrder(request: CheckoutRequest, paymentIntentId: string): Promise<OrderResult> {
  try {
    const result = await checkPayment(request, paymentIntentId);
    if (result.outcome === 'ordered') return { type: 'order', order: result.order };
    if (result.outcome === 'not-charged') return { type: 'not-charged', message: result.message };
    return { type: 'unknown' };
  } catch (error) {
    if (isExpired(error)) return { type: 'expired' };
    console.error('Checking the payment failed', error);
    return { type: 'unknown' };
  }
}

/** The catalogue's current stock for the cart drawer and page (after the server refused for stock). */
export async function learnStock(): Promise<void> {
  try {
    cartStockActions.replace(await apiRequest<Product[]>('/api/products'));
  } catch (error) {
    console.warn('Could not read the stock', error);
  }
}

/**
 * After an expiry (decision 0022): the server let the payment's units go. Prices the cart again from
 * the catalogue (today's prices; products no longer sold leave the cart) before a new payment opens.
 */
export async function priceCartAgain(): Promise<void> {
  forgetHeld();
  try {
    const products = await apiRequest<Product[]>('/api/products');
    cartStockActions.replace(products);
    cartActions.refresh(products.map(toCartProduct));
  } catch (error) {
    console.warn('Could not price the cart again; opening a new payment with the cart as it is', error);
  }
}
