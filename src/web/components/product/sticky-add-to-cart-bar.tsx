import { useEffect, useState } from 'react';
import { thumbnailUrl } from '../../../domain/images';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import { isSoldOut } from '../../../domain/stock';
import { subscriptionPriceCents } from '../../../domain/subscriptions';
import { AddToCartButton } from './add-to-cart-button';
import type { StickyAddToCartProps } from './sticky-add-to-cart';

/** How far the sticky header reaches down the screen: a buy box under it is out of view. */
const HEADER_MARGIN = '-72px 0px 0px 0px';

/**
 * The product page's compact buy bar (decision 0051): once the main Add to Cart has scrolled up out
 * of view, it slides in at the bottom of the screen with a thumbnail, the name, the price and an Add
 * to Cart for the main stepper's quantity. It makes way for the footer (hidden once `end`, the end
 * of the page's content, is on screen) and lies under the cart drawer and its overlay (z-30 against
 * their z-50). Fixed and moved by a transform only, so nothing on the page moves; hidden
 * (`invisible`: from screen readers and the Tab key too) until it is wanted.
 */
export default function StickyAddToCartBar({
  product,
  quantity,
  stock,
  subscription,
  buyBox,
  end,
}: StickyAddToCartProps) {
  const [pastBuyBox, setPastBuyBox] = useState(false);
  const [atEnd, setAtEnd] = useState(false);

  useEffect(() => {
    const box = buyBox.current;
    const marker = end.current;
    if (!box || !marker) return;
    const boxObserver = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        // Wanted only once the buy box is above the screen, not while it is still below it.
        const top = entry.rootBounds?.top ?? 0;
        setPastBuyBox(!entry.isIntersecting && entry.boundingClientRect.bottom <= top);
      },
      { rootMargin: HEADER_MARGIN },
    );
    // The root reaches far above the screen, so the marker "intersects" from the moment it comes on
    // screen and stays so above it: a jump straight to the footer still crosses the edge.
    const endObserver = new IntersectionObserver(
      ([entry]) => {
        if (entry) setAtEnd(entry.isIntersecting);
      },
      { rootMargin: '100000px 0px 0px 0px' },
    );
    boxObserver.observe(box);
    endObserver.observe(marker);
    return () => {
      boxObserver.disconnect();
      endObserver.disconnect();
    };
  }, [buyBox, end]);

  if (isSoldOut(stock)) return null;
  const shown = pastBuyBox && !atEnd;
  return (
    <div
      data-testid="sticky-add-to-cart"
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-beige bg-cream/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-8px_24px_-12px_rgb(42_29_21/0.25)] backdrop-blur transition-[transform,visibility] duration-200 ease-out print:hidden ${
        shown ? 'visible translate-y-0' : 'invisible translate-y-full'
      }`}
    >
      <div className="container-page flex items-center gap-3 py-2.5">
        {product.image_url && (
          <img
            src={thumbnailUrl(product.image_url)}
            alt=""
            width={48}
            height={48}
            decoding="async"
            className="h-12 w-12 shrink-0 rounded-xl object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-cocoa">{product.name}</p>
          <p className="text-sm text-muted">
            <span className="font-semibold text-ink">
              {formatPrice(
                subscription
                  ? subscriptionPriceCents(dollarsToCents(product.price), product.subscribe_save_percent ?? 0)
                  : dollarsToCents(product.price),
              )}
            </span>
            {subscription && <span>{` · every ${subscription.interval_weeks} weeks`}</span>}
            {quantity > 1 && <span>{` · Qty ${quantity}`}</span>}
          </p>
        </div>
        <AddToCartButton
          product={product}
          quantity={quantity}
          stock={stock}
          subscription={subscription}
          // A fixed width: "Added" takes the same room as "Add to Cart", so nothing moves.
          className="btn-primary min-h-11 w-32 shrink-0 px-3 py-2.5"
        />
      </div>
    </div>
  );
}
