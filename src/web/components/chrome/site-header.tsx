import { ShoppingBag, User } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { useCart } from '../../features/cart/cart-store';
import { useStoredUser } from '../../features/session/stored-session';
import { adminLink, mainLinks } from '../../navigation';
import { Wordmark } from '../brand-marks';
import { MobileMenu } from './mobile-menu';
import { ShopMenu } from './shop-menu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold hover:text-maple-dark ${
    isActive ? 'text-maple-dark' : 'text-cocoa'
  }`;

/**
 * The header sticks to the top of the viewport. It sits below the 48 px announcement bar until the
 * page scrolls past it, which `position: sticky` gives without any script or layout shift.
 */
export function SiteHeader() {
  const user = useStoredUser();
  const isAdmin = user?.isAdmin === true;
  const accountTo = user ? '/profile' : '/login';
  const { totalQuantity } = useCart();
  const badge = totalQuantity > 99 ? '99+' : String(totalQuantity);

  return (
    <header className="sticky top-0 z-40 border-b border-beige/80 bg-cream/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <div className="flex items-center gap-2">
          <MobileMenu isAdmin={isAdmin} accountTo={accountTo} />
          <Link to="/" className="rounded-md" aria-label="Northbite home">
            <Wordmark />
          </Link>
        </div>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <ShopMenu />
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          {isAdmin && (
            <NavLink to={adminLink.to} className={navLinkClass}>
              {adminLink.label}
            </NavLink>
          )}
        </nav>
        <div className="flex items-center gap-1">
          <Link
            to={accountTo}
            className="grid h-11 w-11 place-items-center rounded-full text-cocoa hover:bg-sand"
            aria-label={user ? 'Your account' : 'Log in'}
          >
            <User className="h-5 w-5" aria-hidden="true" />
          </Link>
          <Link
            to="/cart"
            className="relative grid h-11 w-11 place-items-center rounded-full text-cocoa hover:bg-sand"
            aria-label={
              totalQuantity > 0 ? `Cart, ${totalQuantity} ${totalQuantity === 1 ? 'item' : 'items'}` : 'Cart'
            }
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
          </Link>
        </div>
      </div>
    </header>
  );
}
