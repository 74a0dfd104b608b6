import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CartProduct } from '../../../domain/cart';
import { isSoldOut, SOLD_OUT, stockLabel } from '../../../domain/stock';
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
  className = 'btn-primary',
}: {
  product: CartProduct;
  quantity: number;
  /** units left, null for made to order; undefined when the page does not know */
  stock?: number | null;
  className?: string;
}) {
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(false), 2000);
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
        addProductToCart(product, quantity);
        setAdded(true);
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
        {added ? `${quantity} × ${product.name} added to your cart` : ''}
      </span>
    </button>
  );
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
