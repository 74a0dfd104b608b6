/**
 * The checkout state (shippingInfo, shippingMethod, paymentStatus, order, cartItems,
 * cartTotal, shippingCost, taxAmount, finalTotal), kept for this tab in sessionStorage under
 * `checkout` so a reload between the steps loses nothing. Amounts are dollars, like the stored cart.
 * Unreadable or failing storage falls back to an empty checkout with a console warning.
 */
import { useSyncExternalStore } from 'react';
import type { CartItem } from '../../../domain/cart';
import { shippingInfoSchema, type ShippingInfo } from '../../../domain/checkout';
import { centsToDollars } from '../../../domain/money';
import { orderSchema, type Order } from '../../../domain/orders';
import type { CheckoutTotals } from '../../../domain/pricing';

export const CHECKOUT_KEY = 'checkout';

export type ShippingMethod = 'ground';
export type PaymentStatus = 'idle' | 'processing' | 'succeeded' | 'failed';

export interface CheckoutState {
  shippingInfo: ShippingInfo | null;
  shippingMethod: ShippingMethod;
  paymentStatus: PaymentStatus;
  order: Order | null;
  cartItems: CartItem[];
  cartTotal: number;
  /** null until the shipping step has priced the current address ('Calculating...' meanwhile) */
  shippingCost: number | null;
  taxAmount: number;
  finalTotal: number;
  /** id of the order whose 'Placed Order' event was sent, so a reload does not send it twice */
  trackedOrderId: number | null;
  /** The shopper ticked that a subscription in the cart renews until cancelled (decision 0056). */
  subscriptionTermsAccepted: boolean;
}

export const emptyCheckout: CheckoutState = {
  shippingInfo: null,
  shippingMethod: 'ground',
  paymentStatus: 'idle',
  order: null,
  cartItems: [],
  cartTotal: 0,
  shippingCost: null,
  taxAmount: 0,
  finalTotal: 0,
  trackedOrderId: null,
  subscriptionTermsAccepted: false,
};

let state: CheckoutState = emptyCheckout;
let loaded = false;
const listeners = new Set<() => void>();

function read(): CheckoutState {
  try {
    const raw = window.sessionStorage.getItem(CHECKOUT_KEY);
    if (!raw) return emptyCheckout;
    const parsed = JSON.parse(raw) as Partial<CheckoutState> | null;
    if (!parsed || typeof parsed !== 'object') throw new Error('stored checkout is not an object');
    // The address and the order are checked again: the pages rely on their shape.
    const shippingInfo = parsed.shippingInfo ? shippingInfoSchema.safeParse(parsed.shippingInfo) : null;
    const order = parsed.order ? orderSchema.safeParse(parsed.order) : null;
    if (shippingInfo?.success === false || order?.success === false) {
      console.warn('Part of the saved checkout was unreadable and has been dropped.');
    }
    return {
      ...emptyCheckout,
      ...parsed,
      shippingInfo: shippingInfo?.success ? shippingInfo.data : null,
      order: order?.success ? order.data : null,
      cartItems: Array.isArray(parsed.cartItems) ? parsed.cartItems : [],
    };
  } catch (error) {
    console.warn('Could not read the saved checkout; starting again.', error);
    return emptyCheckout;
  }
}

function ensureLoaded(): void {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  state = read();
}

function commit(next: CheckoutState): void {
  state = next;
  try {
    if (next === emptyCheckout) window.sessionStorage.removeItem(CHECKOUT_KEY);
    else window.sessionStorage.setItem(CHECKOUT_KEY, JSON.stringify(next));
  } catch (error) {
    console.warn('Could not save the checkout; it will last until the page is closed.', error);
  }
  for (const listener of listeners) listener();
}

function update(change: (current: CheckoutState) => CheckoutState): void {
  ensureLoaded();
  commit(change(state));
}

const sameAddress = (a: ShippingInfo | null, b: ShippingInfo) =>
  a !== null &&
  a.address1 === b.address1 &&
  (a.address2 ?? '') === (b.address2 ?? '') &&
  a.city.trim().toLowerCase() === b.city.trim().toLowerCase() &&
  a.state === b.state &&
  a.postalCode === b.postalCode;

/** The amounts of a checkout in the stored shape (dollars). */
function amounts(totals: CheckoutTotals) {
  return {
    cartTotal: centsToDollars(totals.subtotalCents),
    taxAmount: centsToDollars(totals.taxCents),
    finalTotal: centsToDollars(totals.totalCents),
  };
}

export const checkoutActions = {
  /** The address step: a changed address must be priced again by the shipping step. */
  saveShippingInfo(shippingInfo: ShippingInfo, cartItems: CartItem[], totals: CheckoutTotals) {
    update((current) => ({
      ...current,
      shippingInfo,
      shippingMethod: 'ground',
      cartItems,
      ...amounts(totals),
      shippingCost: sameAddress(current.shippingInfo, shippingInfo) ? current.shippingCost : null,
      paymentStatus: 'idle',
      order: null,
      trackedOrderId: null,
    }));
  },
  /** The shipping step priced the address. */
  priceShipping(cartItems: CartItem[], totals: CheckoutTotals) {
    update((current) => ({
      ...current,
      cartItems,
      ...amounts(totals),
      shippingCost: centsToDollars(totals.shippingCents),
    }));
  },
  setPaymentStatus(paymentStatus: PaymentStatus) {
    update((current) => ({ ...current, paymentStatus }));
  },
  /** Payment succeeded and the order exists: what the confirmation page shows. */
  saveOrder(order: Order, cartItems: CartItem[], totals: CheckoutTotals) {
    update((current) => ({
      ...current,
      order,
      paymentStatus: 'succeeded',
      cartItems,
      ...amounts(totals),
      shippingCost: centsToDollars(totals.shippingCents),
    }));
  },
  acceptSubscriptionTerms(accepted: boolean) {
    update((current) => ({ ...current, subscriptionTermsAccepted: accepted }));
  },
  markOrderTracked(orderId: number) {
    update((current) => ({ ...current, trackedOrderId: orderId }));
  },
  clear() {
    ensureLoaded();
    commit(emptyCheckout);
  },
};

/** The checkout outside React (event handlers). */
export function currentCheckout(): CheckoutState {
  ensureLoaded();
  return state;
}

function subscribe(listener: () => void): () => void {
  ensureLoaded();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): CheckoutState {
  ensureLoaded();
  return state;
}

/** The checkout; empty during the server render and until hydration restores it. */
export function useCheckout(): CheckoutState {
  return useSyncExternalStore(subscribe, snapshot, () => emptyCheckout);
}
