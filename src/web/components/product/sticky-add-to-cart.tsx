import { lazy, Suspense, useEffect, useState, type RefObject } from 'react';
import type { CartProduct } from '../../../domain/cart';
import type { SubscriptionChoice } from '../../../domain/subscriptions';

const StickyAddToCartBar = lazy(() => import('./sticky-add-to-cart-bar'));

export interface StickyAddToCartProps {
  product: CartProduct;
  quantity: number;
  stock: number | null;
  /** The buy box's choice: a subscription interval, or null for one-time (decision 0056). */
  subscription: SubscriptionChoice | null;
  /** The main stepper and Add to Cart. */
  buyBox: RefObject<HTMLElement | null>;
  /** A marker after the page's last section. */
  end: RefObject<HTMLElement | null>;
}

/**
 * The product page's compact buy bar (decision 0051), `sticky-add-to-cart-bar.tsx`. The server
 * renders nothing, and its code loads on the page's first scroll, so the page's first load is as
 * it was without it.
 */
export function StickyAddToCart(props: StickyAddToCartProps) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { once: true, passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled ? (
    <Suspense fallback={null}>
      <StickyAddToCartBar {...props} />
    </Suspense>
  ) : null;
}
