/**
 * Stripe.js, loaded from Stripe's CDN only when the payment page needs it (the `pure` entry does not
 * inject the script on import). One load per publishable key.
 */
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

const loading = new Map<string, Promise<Stripe | null>>();

export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let promise = loading.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch((error: unknown) => {
      loading.delete(publishableKey);
      throw error;
    });
    loading.set(publishableKey, promise);
  }
  return promise;
}
