import * as Dialog from '@radix-ui/react-dialog';
import { Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { thumbnailUrl } from '../../../domain/images';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import { freeShippingProgress } from '../../../domain/free-shipping';
import { closeCartDrawer, setCartDrawerOpen, useCartDrawerOpen } from '../../features/cart/cart-drawer-state';
import { heldUnits, lineStock, useCartStock } from '../../features/cart/cart-stock';
import { cartActions, useCart } from '../../features/cart/cart-store';
import { useProceedToCheckout } from '../../features/cart/use-proceed-to-checkout';
import { QuantitySelector } from '../product/quantity-selector';
import { lineKey } from '../../../domain/cart';
import { SubscriptionNote } from './subscription-note';
import { ClearCart } from './clear-cart';
import { FreeShippingMessage } from './free-shipping-message';
import { CheckoutBlocked, LineStockNote } from './line-stock';
import { ShippingLine } from './shipping-line';

const price = (dollars: number) => formatPrice(dollarsToCents(dollars));

/**
 * 'Your Snackbar': from the right on wide screens, from the bottom on small ones. Radix
 * traps focus and closes on Escape; focus goes back to the cart icon. Loaded on first use.
 */
export default function CartDrawer({ returnFocusTo }: { returnFocusTo: RefObject<HTMLElement | null> }) {
  const open = useCartDrawerOpen();
  const cart = useCart();
  const proceed = useProceedToCheckout();
  const stock = useCartStock();
  const held = heldUnits();
  const lines = cart.items.map((item) => ({ item, stock: lineStock(item, stock, held) }));
  const problems = lines.flatMap((line) => (line.stock.problem ? [line.stock.problem] : []));
  const free = freeShippingProgress(dollarsToCents(cart.totalPrice)).qualifies;
  const [askingToClear, setAskingToClear] = useState(false);
  // Once the cart is cleared, focus goes to the empty cart's message, not to the body.
  const emptyMessage = useRef<HTMLParagraphElement>(null);
  const focusEmpty = useRef(false);
  const empty = cart.items.length === 0;
  useEffect(() => {
    if (empty && focusEmpty.current) {
      focusEmpty.current = false;
      emptyMessage.current?.focus();
    }
  }, [empty]);

  return (
    <Dialog.Root open={open} onOpenChange={setCartDrawerOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="cart-drawer"
          onEscapeKeyDown={(event) => {
            // Escape answers Keep to 'Remove all items from your cart?' (decision 0052), not close.
            if (askingToClear) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88vh] flex-col rounded-t-3xl bg-cream shadow-2xl data-[state=open]:animate-[slide-up_200ms_ease-out] md:inset-y-0 md:right-0 md:left-auto md:max-h-none md:w-[440px] md:rounded-none md:data-[state=open]:animate-[slide-in_200ms_ease-out]"
        >
          <div className="flex items-center justify-between border-b border-beige px-6 py-4">
            <Dialog.Title className="font-display text-2xl font-semibold text-cocoa">
              Your Snackbar
            </Dialog.Title>
            <Dialog.Close
              className="grid h-11 w-11 place-items-center rounded-full hover:bg-sand"
              aria-label="Close cart"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex items-center justify-between gap-4 px-6 pt-3">
            <Link
              to="/shop"
              onClick={closeCartDrawer}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-maple-dark hover:underline"
            >
              ← Continue shopping
            </Link>
            {!empty && (
              <Link
                to="/cart"
                onClick={closeCartDrawer}
                className="inline-flex min-h-11 items-center text-sm font-semibold text-maple-dark hover:underline"
              >
                View cart
              </Link>
            )}
          </div>

          {empty ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-12 text-center">
              <p
                ref={emptyMessage}
                tabIndex={-1}
                className="font-display text-2xl font-semibold text-cocoa focus:outline-none"
              >
                Your cart is empty
              </p>
              <p className="max-w-xs text-muted">Add your favorite snacks to the cart and fuel your day.</p>
              <Link to="/shop" onClick={closeCartDrawer} className="btn-primary mt-3">
                Shop Now
              </Link>
            </div>
          ) : (
            <>
              <ul
                className="flex-1 divide-y divide-beige overflow-y-auto px-6"
                aria-label="Items in your cart"
              >
                {lines.map(({ item, stock: left }) => (
                  <li key={lineKey(item)} className="flex gap-4 py-4" data-testid="drawer-line">
                    {item.image_url && (
                      <img
                        src={thumbnailUrl(item.image_url)}
                        alt=""
                        width={72}
                        height={72}
                        className={`h-18 w-18 shrink-0 rounded-xl object-cover ${left.soldOut ? 'opacity-50' : ''}`}
                      />
                    )}
                    <div className="flex min-w-0 flex-1 flex-col gap-2">
                      <div className="flex items-start justify-between gap-2">
                        <div className="min-w-0">
                          <p className="font-semibold text-cocoa">{item.name}</p>
                          <SubscriptionNote item={item} />
                          <LineStockNote quantity={item.quantity} stock={left} />
                        </div>
                        <button
                          type="button"
                          onClick={() => cartActions.remove(lineKey(item))}
                          className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-muted hover:bg-sand hover:text-danger"
                          aria-label={`Remove ${item.name}`}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </button>
                      </div>
                      {/* Top-aligned, so that a limit note appearing below the stepper moves nothing. */}
                      <div className="flex items-start justify-between gap-3">
                        <QuantitySelector
                          value={item.quantity}
                          onChange={(quantity) =>
                            cartActions.updateQuantity(lineKey(item), quantity, left.left)
                          }
                          label={`Quantity of ${item.name}`}
                          size="sm"
                          max={left.left}
                        />
                        <p
                          className="flex h-[42px] items-center font-semibold text-cocoa tabular-nums"
                          data-testid="line-total"
                        >
                          {price(item.totalPrice)}
                        </p>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
              <div className="space-y-4 border-t border-beige px-6 pt-4 pb-3">
                <dl className="space-y-1.5 text-sm text-cocoa">
                  <div className="flex items-center justify-between text-lg">
                    <dt className="font-semibold">Subtotal</dt>
                    <dd className="font-display font-semibold" data-testid="subtotal">
                      {price(cart.totalPrice)}
                    </dd>
                  </div>
                  <ShippingLine free={free} />
                </dl>
                <FreeShippingMessage subtotal={cart.totalPrice} />
                <CheckoutBlocked problems={problems} id="drawer-checkout-blocked" />
                <button
                  type="button"
                  className="btn-primary w-full"
                  onClick={proceed}
                  disabled={problems.length > 0}
                  aria-describedby={problems.length > 0 ? 'drawer-checkout-blocked' : undefined}
                >
                  Proceed to Checkout
                </button>
                <div className="flex justify-center">
                  <ClearCart
                    asking={askingToClear}
                    onAskingChange={setAskingToClear}
                    onCleared={() => {
                      focusEmpty.current = true;
                    }}
                  />
                </div>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
