import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { data, Link } from 'react-router';
import { MAX_QUANTITY, MIN_QUANTITY, type CartItem } from '../../domain/cart';
import { thumbnailUrl } from '../../domain/images';
import { dollarsToCents, formatPrice } from '../../domain/money';
import { freeShippingProgress, taxCents } from '../../domain/pricing';
import { FreeShippingMessage } from '../components/cart/free-shipping-message';
import { CheckoutBlocked, LineStockNote } from '../components/cart/line-stock';
import { PageHeader } from '../components/content/page-header';
import { Spinner } from '../components/spinner';
import { heldUnits, lineStock, useCartStock } from '../features/cart/cart-stock';
import { cartActions, useCart } from '../features/cart/cart-store';
import { useRestoreCart } from '../features/cart/restore-cart';
import { useProceedToCheckout } from '../features/cart/use-proceed-to-checkout';
import { useHydrated } from '../features/use-hydrated';
import { pageMeta } from '../seo';
import type { Route } from './+types/cart';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Your Cart',
    description: 'The snacks in your cart.',
    origin: page.origin,
    path: '/cart',
    noindex: true,
  });
}

const cents = (dollars: number) => formatPrice(dollarsToCents(dollars));

/** A number field that accepts typing freely but only ever applies quantities of 1 or more. */
function QuantityInput({ item, max }: { item: CartItem; max: number | null }) {
  const [text, setText] = useState(String(item.quantity));
  const [shown, setShown] = useState(item.quantity);
  if (shown !== item.quantity) {
    // The cart changed elsewhere (drawer, another tab): follow it.
    setShown(item.quantity);
    setText(String(item.quantity));
  }
  return (
    <input
      type="number"
      inputMode="numeric"
      min={MIN_QUANTITY}
      max={max === null ? MAX_QUANTITY : Math.max(MIN_QUANTITY, Math.min(MAX_QUANTITY, max))}
      value={text}
      aria-label={`Quantity of ${item.name}`}
      onChange={(event) => {
        setText(event.target.value);
        const quantity = Number(event.target.value);
        if (Number.isInteger(quantity) && quantity >= MIN_QUANTITY)
          cartActions.updateQuantity(item.id, quantity);
      }}
      onBlur={() => setText(String(item.quantity))}
      className="w-20 rounded-xl border border-beige bg-white px-3 py-2 text-center tabular-nums"
    />
  );
}

export default function CartPage() {
  const cart = useCart();
  const hydrated = useHydrated();
  const proceed = useProceedToCheckout();
  const restore = useRestoreCart();
  const subtotal = dollarsToCents(cart.totalPrice);
  const shipping = freeShippingProgress(subtotal);
  const tax = taxCents(subtotal);
  const stock = useCartStock();
  const held = hydrated ? heldUnits() : new Map<number, number>();
  const lines = cart.items.map((item) => ({ item, stock: lineStock(item, stock, held) }));
  const problems = lines.flatMap((line) => (line.stock.problem ? [line.stock.problem] : []));

  return (
    <>
      <PageHeader title="Your Cart" />
      <div className="container-page py-10 md:py-14">
        {restore.status === 'failed' && (
          <p role="alert" className="mb-8 rounded-2xl bg-sand px-5 py-4 text-sm text-cocoa ring-1 ring-beige">
            {restore.message} Your saved cart could not be restored; you can still shop and check out as
            usual.
          </p>
        )}
        {!hydrated || restore.status === 'restoring' ? (
          <Spinner
            label={hydrated && restore.status === 'restoring' ? 'Restoring your cart' : 'Loading your cart'}
            className="py-16"
          />
        ) : cart.items.length === 0 ? (
          <div className="flex flex-col items-center gap-4 py-16 text-center">
            <p className="font-display text-2xl font-semibold text-cocoa">Your cart is empty</p>
            <p className="text-muted">Add your favorite snacks to the cart and fuel your day.</p>
            <Link to="/shop" className="btn-primary">
              Continue shopping
            </Link>
          </div>
        ) : (
          <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
            <section aria-labelledby="cart-items-title">
              <h2 id="cart-items-title" className="sr-only">
                Items
              </h2>
              <ul className="divide-y divide-beige rounded-3xl border border-beige bg-white px-5">
                {lines.map(({ item, stock: left }) => (
                  <li
                    key={item.id}
                    className="flex flex-wrap items-center gap-4 py-5"
                    data-testid="cart-line"
                  >
                    {item.image_url && (
                      <img
                        src={thumbnailUrl(item.image_url)}
                        alt=""
                        width={80}
                        height={80}
                        className="h-20 w-20 rounded-xl object-cover"
                      />
                    )}
                    <div className="min-w-40 flex-1">
                      <Link
                        to={`/products/${item.slug}`}
                        className="font-semibold text-cocoa hover:text-maple-dark"
                      >
                        {item.name}
                      </Link>
                      <p className="text-sm text-muted">
                        <span className="sr-only">Item price: </span>
                        {cents(item.price)} each
                      </p>
                      <LineStockNote quantity={item.quantity} stock={left} />
                    </div>
                    <QuantityInput item={item} max={left.left} />
                    <p className="w-24 text-right font-semibold text-cocoa" data-testid="line-total">
                      {cents(item.totalPrice)}
                    </p>
                    <button
                      type="button"
                      onClick={() => cartActions.remove(item.id)}
                      className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-muted hover:text-danger"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
                      <span className="sr-only"> {item.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
                <Link to="/shop" className="text-sm font-semibold text-maple-dark hover:underline">
                  ← Continue shopping
                </Link>
                <button type="button" className="btn-outline" onClick={() => cartActions.clear()}>
                  Clear Cart
                </button>
              </div>
            </section>
            <aside
              aria-labelledby="summary-title"
              className="h-fit space-y-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige"
            >
              <h2 id="summary-title" className="font-display text-2xl font-semibold">
                Order summary
              </h2>
              <dl className="space-y-2 text-sm">
                <div className="flex justify-between">
                  <dt>
                    Subtotal ({cart.totalQuantity} {cart.totalQuantity === 1 ? 'item' : 'items'})
                  </dt>
                  <dd data-testid="summary-subtotal">{formatPrice(subtotal)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>Shipping</dt>
                  <dd>{shipping.qualifies ? 'Free' : 'Calculated at checkout'}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>Tax (GST 5%)</dt>
                  <dd data-testid="summary-tax">{formatPrice(tax)}</dd>
                </div>
                <div className="flex justify-between border-t border-beige pt-3 text-base font-semibold text-cocoa">
                  <dt>{shipping.qualifies ? 'Total' : 'Total before shipping'}</dt>
                  <dd data-testid="summary-total">{formatPrice(subtotal + tax)}</dd>
                </div>
              </dl>
              <FreeShippingMessage subtotal={cart.totalPrice} />
              <CheckoutBlocked problems={problems} id="cart-checkout-blocked" />
              <button
                type="button"
                className="btn-primary w-full"
                onClick={proceed}
                disabled={problems.length > 0}
                aria-describedby={problems.length > 0 ? 'cart-checkout-blocked' : undefined}
              >
                Proceed to Checkout
              </button>
            </aside>
          </div>
        )}
      </div>
    </>
  );
}
