import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { openCartDrawer, useCartDrawerOpen } from '../../features/cart/cart-drawer-state';
import { useCart } from '../../features/cart/cart-store';

const loadDrawer = () => import('./cart-drawer');
const CartDrawer = lazy(loadDrawer);

/** The header's cart icon: item count badge (99+ at most) and the drawer it opens. */
export function CartButton() {
  const { totalQuantity } = useCart();
  const open = useCartDrawerOpen();
  const button = useRef<HTMLButtonElement>(null);
  const badge = totalQuantity > 99 ? '99+' : String(totalQuantity);
  // Mounted from the first opening on, so the drawer can animate closed and hand focus back.
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={openCartDrawer}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={
          totalQuantity > 0 ? `Cart, ${totalQuantity} ${totalQuantity === 1 ? 'item' : 'items'}` : 'Cart'
        }
        className="relative grid h-11 w-11 place-items-center rounded-full text-cocoa hover:bg-sand"
        data-testid="cart-button"
      >
        <ShoppingBag className="h-5 w-5" aria-hidden="true" />
        {totalQuantity > 0 && (
          <span
            data-testid="cart-count"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-maple px-1 text-[11px] font-bold text-white"
          >
            {badge}
          </span>
        )}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <CartDrawer returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
