import type { Stripe, StripeElements, StripePaymentElement as PaymentElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { getStripe } from '../stripe';
import { Spinner } from '../../../components/spinner';

export interface StripeHandle {
  stripe: Stripe;
  elements: StripeElements;
}

// The Payment Element in the shop's colours (it renders in Stripe's own frame).
const appearance = {
  theme: 'stripe' as const,
  variables: {
    colorPrimary: '#5b3a29',
    colorText: '#2a1d15',
    colorDanger: '#b42318',
    colorBackground: '#ffffff',
    borderRadius: '16px',
    fontFamily: 'Inter, system-ui, sans-serif',
  },
};

/**
 * Stripe's Payment Element in the tabs layout, mounted with the payment intent's client
 * secret. `onReady` hands over Stripe and the elements once the form can take a card, and null
 * while it cannot.
 */
export function StripePaymentElement({
  publishableKey,
  clientSecret,
  onReady,
}: {
  publishableKey: string;
  clientSecret: string | null;
  onReady: (handle: StripeHandle | null) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const onReadyRef = useRef(onReady);
  useEffect(() => {
    onReadyRef.current = onReady;
  }, [onReady]);

  useEffect(() => {
    if (!clientSecret) return;
    let cancelled = false;
    let element: PaymentElement | undefined;
    getStripe(publishableKey)
      .then((stripe) => {
        if (cancelled || !host.current) return;
        if (!stripe) throw new Error('Stripe.js did not load');
        const elements = stripe.elements({ clientSecret, appearance });
        element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => {
          if (cancelled) return;
          setReady(true);
          onReadyRef.current({ stripe, elements });
        });
        element.on('loaderror', (event) => {
          console.error('The payment form failed to load', event.error);
          if (!cancelled) setFailed(true);
        });
        element.mount(host.current);
      })
      .catch((error: unknown) => {
        console.error('Stripe failed to load', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      element?.destroy();
      setReady(false);
      onReadyRef.current(null);
    };
  }, [publishableKey, clientSecret]);

  return (
    <div>
      {!ready && !failed && <Spinner label="Loading the secure payment form" className="py-8" />}
      {failed && (
        <p className="rounded-2xl bg-sand px-4 py-3 text-sm text-cocoa">
          The secure payment form could not load. Check your connection and reload the page.
        </p>
      )}
      <div ref={host} data-testid="stripe-payment-element" />
    </div>
  );
}
