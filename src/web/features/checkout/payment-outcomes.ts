/**
 * The ways a payment on the payment step can end short of an order, and how the step tells them
 * apart (decisions 0013 and 0022).
 */
import type { Product } from '../../../domain/catalog';
import { messages } from '../../../domain/messages';
import type { Order } from '../../../domain/orders';
import { ApiError, apiRequest, userMessage } from '../../api';
import { cartStockActions } from '../cart/cart-stock';

/**
 * What went wrong: the payment (the card's reason, then 'Payment failed. Please try again.'), the
 * Stripe form not being ready; not enough stock for the cart ('stock', the server's message naming
 * the product and what is left); a checkout open too long ('expired': a new payment is opened at
 * today's prices, decision 0022); or, after an error past the card step, the page is checking what
 * became of the payment ('checking'), or could not find out in time ('unknown'): in both it never
 * offers to pay again (decision 0013).
 */
export type Failure = {
  kind: 'payment' | 'not-initialized' | 'stock' | 'expired' | 'checking' | 'unknown';
  message: string;
} | null;

/** The server's reason for a refused call (4xx, a 401 included), else nothing more to say. */
export const reason = (error: unknown) => userMessage(error, '', { include401: true });

/** A refused payment: declined card, expired card, prices changed since the cart was filled, ... */
export class PaymentRefused extends Error {}
export class NotInitialized extends Error {}
export class InvalidCard extends Error {}
/** The cart asks for more than is left (409 from create-payment-intent): the server's message. */
export class NotEnoughStock extends Error {}
/** The payment was open too long and the server let it go (409 messages.paymentExpired). */
export class PaymentExpired extends Error {}

/** This very cart was paid already: its order, which the server has now recorded. */
export class AlreadyPaid extends Error {
  constructor(readonly order: Order) {
    super('This cart has been paid for already');
  }
}
/** The card step was sent but its answer was lost or was a server error: the outcome is unknown. */
export class Uncertain extends Error {
  constructor(readonly paymentIntentId: string) {
    super('The payment outcome is not known yet');
  }
}

/** Answers of the card step that say the card was not charged. */
export const REFUSED_STATUSES = new Set([400, 402, 404, 409, 429]);

/** A 409 that says the payment expired. */
export const isExpired = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === messages.paymentExpired;
/** A 409 of create-payment-intent: not enough stock for a line. */
export const isStockRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && !isExpired(error);

/** The catalogue's current stock for the cart drawer and page (after the server refused for stock). */
export async function learnStock(): Promise<void> {
  try {
    cartStockActions.replace(await apiRequest<Product[]>('/api/products'));
  } catch (error) {
    console.warn('Could not read the stock', error);
  }
}
