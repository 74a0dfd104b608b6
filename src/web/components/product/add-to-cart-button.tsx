import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CartProduct } from '../../../domain/cart';
import { addProductToCart } from '../../features/cart/add-to-cart';

/** Adds the product with the chosen quantity; confirms for a moment ("Added") without moving focus. */
export function AddToCartButton({
  product,
  quantity,
  className = 'btn-primary',
}: {
  product: CartProduct;
  quantity: number;
  className?: string;
}) {
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(false), 2000);
    return () => window.clearTimeout(timer);
  }, [added]);

  return (
    <button
      type="button"
      className={className}
      onClick={() => {
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
