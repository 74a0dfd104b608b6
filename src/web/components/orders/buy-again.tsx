import { RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../domain/orders';
import { apiRequest } from '../../api';
import { cartStockActions } from '../../features/cart/cart-stock';
import { cartActions, currentCart } from '../../features/cart/cart-store';
import { track } from '../../features/marketing/track';
import {
  buyAgainMessage,
  planBuyAgain,
  type BuyAgainPlan,
  type CatalogueProduct,
} from '../../features/orders/buy-again';

const FAILED = 'We could not reach the shop to buy again. Please try again.';

/** Each line goes in through the cart store's add, and is reported as Add to Cart reports it. */
function addToCart({ add }: BuyAgainPlan) {
  for (const { product, quantity } of add) {
    cartActions.add(product, quantity);
    track('Added to Cart', {
      ProductID: product.id,
      SKU: product.sku,
      ProductName: product.name,
      Categories: [product.category],
      ImageURL: product.image_url ? new URL(product.image_url, window.location.origin).href : null,
      URL: new URL(`/products/${product.slug}`, window.location.origin).href,
      Price: product.price,
      Quantity: quantity,
    });
  }
}

/**
 * "Buy again" (docs/product.md, Orders; decision 0053): the order's lines go to the cart at today's
 * prices, from the catalogue as it is now (GET /api/products), and a status line says what went in
 * and which products are sold out or no longer sold, with a link to the cart. The drawer is not
 * opened: it would cover the line that names what is missing.
 */
export function BuyAgain({ order }: { order: Order }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; added: boolean; failed: boolean } | null>(null);
  const inFlight = useRef(false);

  async function buyAgain() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setResult(null);
    try {
      const catalogue = await apiRequest<CatalogueProduct[]>('/api/products');
      cartStockActions.replace(catalogue);
      const plan = planBuyAgain(order.items, catalogue, currentCart().items);
      addToCart(plan);
      setResult({ text: buyAgainMessage(plan), added: plan.add.length > 0, failed: false });
    } catch (error) {
      console.warn('Could not read the catalogue to buy again', error);
      setResult({ text: FAILED, added: false, failed: true });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 border-t border-beige pt-5" data-testid="buy-again">
      <button
        type="button"
        className="btn-primary w-full gap-2 sm:w-auto"
        onClick={() => void buyAgain()}
        disabled={busy}
      >
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        {busy ? 'Adding to cart...' : 'Buy again'}
      </button>
      <p className="mt-2 text-sm text-muted">Adds these items to your cart at today&apos;s prices.</p>
      <div role="status" className={result ? 'mt-3' : ''}>
        {result && (
          <p
            className={`rounded-2xl px-4 py-3 text-sm font-medium ring-1 ${
              result.failed ? 'bg-red-50 text-danger ring-danger/30' : 'bg-cream text-cocoa ring-beige'
            }`}
            data-testid="buy-again-result"
          >
            {result.text}
            {result.added && (
              <>
                {' '}
                <Link to="/cart" className="font-semibold text-maple-dark underline underline-offset-4">
                  View cart
                </Link>
              </>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
