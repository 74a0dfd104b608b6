import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { data, Link } from 'react-router';
import { thumbnailUrl } from '../../domain/images';
import { dollarsToCents, formatPrice } from '../../domain/money';
import { freeShippingProgress } from '../../domain/pricing';
import { taxRows } from '../../domain/tax';
import { cartTotals } from '../features/checkout/totals';
import { lineKey, type CartItem, type LineKey } from '../../domain/cart';
import { SubscriptionNote } from '../components/cart/subscription-note';
import { ClearCart } from '../components/cart/clear-cart';
import { ConfirmInline } from '../components/cart/confirm-inline';
import { FreeShippingMessage } from '../components/cart/free-shipping-message';
import { CheckoutBlocked, LineStockNote } from '../components/cart/line-stock';
import { ShippingLine } from '../components/cart/shipping-line';
import { PageHeader } from '../components/content/page-header';
import { QuantitySelector } from '../components/product/quantity-selector';
import { Spinner } from '../components/spinner';
import { heldUnits, lineStock, useCartStock } from '../features/cart/cart-stock';
import { cartActions, useCart } from '../features/cart/cart-store';
import { useRestoreCart } from '../features/cart/restore-cart';
import { useProceedToCheckout } from '../features/cart/use-proceed-to-checkout';
import { useHydrated } from '../features/use-hydrated';
import { pageMeta } from '../seo';
import type { Route } from './+types/cart';
import { DEFAULT_SHIPPING_AREA } from '../../domain/shipping-areas';

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

export default function CartPage() {
  const cart = useCart();
  const hydrated = useHydrated();
  const proceed = useProceedToCheckout();
  const restore = useRestoreCart();
  const subtotal = dollarsToCents(cart.totalPrice);
  const shipping = freeShippingProgress(subtotal);
  // The tax before an address is known: the shop's own province, on the products alone (decision 0066).
  const estimate = cartTotals(
    cart.items,
    { city: '', postalCode: '' },
    { freeShipping: false, taxShipping: false, shippingArea: DEFAULT_SHIPPING_AREA },
  );
  const tax = estimate.taxCents;
  const stock = useCartStock();
  const held = hydrated ? heldUnits() : new Map<number, number>();
  const lines = cart.items.map((item) => ({ item, stock: lineStock(item, stock, held) }));
  const problems = lines.flatMap((line) => (line.stock.problem ? [line.stock.problem] : []));
  // The line whose quantity field was set to 0 or left empty: 'Remove {name} from your cart?'.
  const [askingToRemove, setAskingToRemove] = useState<LineKey | null>(null);
  const [askingToClear, setAskingToClear] = useState(false);
  const [removed, setRemoved] = useState('');
  // After a removal, focus goes to the list (or the empty cart's message), not to the body.
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  const emptyMessage = useRef<HTMLParagraphElement>(null);
  const [removals, setRemovals] = useState(0);
  const lineElements = useRef(new Map<LineKey, HTMLLIElement>());
  useEffect(() => {
    if (removals > 0) (itemsHeading.current ?? emptyMessage.current)?.focus();
  }, [removals]);

  function remove(item: CartItem) {
    setAskingToRemove(null);
    cartActions.remove(lineKey(item));
    setRemoved(`${item.name} was removed from your cart.`);
    setRemovals((n) => n + 1);
  }

  return (
    <>
      <PageHeader title="Your Cart" />
      <div className="container-page py-10 md:py-14">
        <p role="status" className="sr-only">
          {removed}
        </p>
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
            <p
              ref={emptyMessage}
              tabIndex={-1}
              className="font-display text-2xl font-semibold text-cocoa focus:outline-none"
            >
              Your cart is empty
            </p>
            <p className="text-muted">Add your favorite snacks to the cart and fuel your day.</p>
            <Link to="/shop" className="btn-primary">
              Continue shopping
            </Link>
          </div>
        ) : (
          <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
            <section aria-labelledby="cart-items-title">
              <h2 id="cart-items-title" ref={itemsHeading} tabIndex={-1} className="sr-only">
                Items
              </h2>
              <ul className="divide-y divide-beige rounded-3xl border border-beige bg-white px-5">
                {lines.map(({ item, stock: left }) => (
                  <li
                    key={lineKey(item)}
                    ref={(element) => {
                      if (element) lineElements.current.set(lineKey(item), element);
                      else lineElements.current.delete(lineKey(item));
                    }}
                    className="grid grid-cols-[5rem_minmax(0,1fr)_auto] items-start gap-x-4 gap-y-3 py-5 sm:grid-cols-[5rem_minmax(0,1fr)_12.5rem_6.5rem_auto] sm:items-center"
                    data-testid="cart-line"
                  >
                    {item.image_url && (
                      <img
                        src={thumbnailUrl(item.image_url)}
                        alt=""
                        width={80}
                        height={80}
                        className="col-start-1 row-start-1 h-20 w-20 rounded-xl object-cover"
                      />
                    )}
                    <div className="col-span-2 col-start-2 row-start-1 self-center sm:col-span-1">
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
                      <SubscriptionNote item={item} />
                      <LineStockNote quantity={item.quantity} stock={left} />
                    </div>
                    {/* Top-aligned, so that a limit note appearing below the stepper moves nothing. */}
                    <div className="col-span-2 col-start-1 row-start-2 sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:self-start sm:pt-[19px]">
                      <QuantitySelector
                        value={item.quantity}
                        onChange={(quantity) => {
                          setAskingToRemove(null);
                          cartActions.updateQuantity(lineKey(item), quantity, left.left);
                        }}
                        label={`Quantity of ${item.name}`}
                        size="sm"
                        max={left.left}
                        editable
                        onRemoveRequest={() => setAskingToRemove(lineKey(item))}
                      />
                    </div>
                    <p
                      className="col-start-3 row-start-2 flex h-[42px] items-center justify-end font-semibold text-cocoa tabular-nums sm:col-start-4 sm:row-start-1 sm:self-start sm:mt-[19px]"
                      data-testid="line-total"
                    >
                      {cents(item.totalPrice)}
                    </p>
                    <button
                      type="button"
                      onClick={() => remove(item)}
                      className="col-span-3 col-start-1 row-start-3 inline-flex min-h-11 items-center gap-1 justify-self-start text-sm font-semibold text-muted hover:text-danger sm:col-span-1 sm:col-start-5 sm:row-start-1"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
                      <span className="sr-only"> {item.name}</span>
                    </button>
                    {askingToRemove === lineKey(item) && (
                      <div className="col-span-full">
                        <ConfirmInline
                          question={`Remove ${item.name} from your cart?`}
                          confirmLabel="Remove"
                          takeFocus={false}
                          testId="remove-confirm"
                          onKeep={() => {
                            setAskingToRemove(null);
                            lineElements.current.get(lineKey(item))?.querySelector('input')?.focus();
                          }}
                          onConfirm={() => remove(item)}
                        />
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
                <Link to="/shop" className="text-sm font-semibold text-maple-dark hover:underline">
                  ← Continue shopping
                </Link>
                <ClearCart
                  asking={askingToClear}
                  onAskingChange={setAskingToClear}
                  onCleared={() => setRemovals((n) => n + 1)}
                />
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
                <ShippingLine free={shipping.qualifies} />
                {taxRows(estimate.taxes).map((row) => (
                  <div key={row.key} className="flex justify-between">
                    <dt>{row.label}</dt>
                    <dd data-testid="summary-tax">{formatPrice(row.amountCents)}</dd>
                  </div>
                ))}
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
