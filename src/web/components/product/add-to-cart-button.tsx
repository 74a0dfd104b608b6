import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MAX_QUANTITY, quantityLimit, quantityLimitMessage, type CartProduct } from '../../../domain/cart';
import { isSoldOut, SOLD_OUT, stockLabel } from '../../../domain/stock';
import type { SubscriptionChoice } from '../../../domain/subscriptions';
import { addProductToCart } from '../../features/cart/add-to-cart';
import { cartStockActions } from '../../features/cart/cart-stock';

/**
 * Adds the product with the chosen quantity; confirms for a moment ("Added") without moving focus.
 * A sold-out product's button is disabled and says 'Sold out' (docs/product.md, Catalogue).
 */
export function AddToCartButton({
  product,
  quantity,
  stock,
  subscription = null,
  className = 'btn-primary',
}: {
  product: CartProduct;
  quantity: number;
  /** Adds to the product's subscription line at this interval (decision 0056); null: one-time. */
  subscription?: SubscriptionChoice | null;
  /** units left, null for made to order; undefined when the page does not know */
  stock?: number | null;
  className?: string;
}) {
  // What the last press said, for a moment: how many went in and, when fewer than asked, why.
  const [added, setAdded] = useState<string | null>(null);
  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(null), 2000);
    return () => window.clearTimeout(timer);
  }, [added]);

  if (isSoldOut(stock)) {
    return (
      <button type="button" className={className} disabled>
        {SOLD_OUT}
      </button>
    );
  }

  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        if (stock !== undefined) cartStockActions.note(product.id, stock);
        const units = addProductToCart(product, quantity, subscription);
        setAdded(addedMessage(product.name, quantity, units));
      }}
    >
      {added ? (
        <>
          <Check className="mr-1.5 h-4 w-4" aria-hidden="true" /> Added
        </>
      ) : (
        'Add to Cart'
      )}
      <span className="sr-only" aria-live="polite">
        {added ?? ''}
      </span>
    </button>
  );
}

/** What a press of Add to Cart did, in words for a screen reader. */
function addedMessage(name: string, asked: number, units: number): string {
  if (units === asked) return `${asked} × ${name} added to your cart`;
  const why = quantityLimitMessage(quantityLimit());
  return units === 0
    ? `${name} is already in your cart ${MAX_QUANTITY} times. ${why}.`
    : `${units} × ${name} added to your cart. ${why}.`;
}

/**
 * 'Only N left' under the threshold (docs/product.md, Catalogue); nothing otherwise (a sold-out
 * button says so itself).
 */
export function LowStockNote({
  stock,
  className = '',
}: {
  stock: number | null | undefined;
  className?: string;
}) {
  if (stock === null || stock === undefined || isSoldOut(stock)) return null;
  const label = stockLabel(stock);
  if (!label) return null;
  return (
    <p
      className={`inline-flex items-center rounded-full bg-[#fff4e5] px-3 py-0.5 text-sm font-semibold text-maple-dark ring-1 ring-maple/30 ${className}`}
      data-testid="stock-note"
    >
      {label}
    </p>
  );
}
