import { Search, User } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { CartButton } from '../cart/cart-button';
import { useStoredUser } from '../../features/session/stored-session';
import { adminLink, mainLinks } from '../../navigation';
import { Wordmark } from '../brand-marks';
import { MobileMenu } from './mobile-menu';
import { SearchBox } from './search-box';
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

  return (
    <header className="sticky top-0 z-40 border-b border-beige/80 bg-cream/95 backdrop-blur print:hidden">
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
          <SearchBox id="header-search" className="mr-2 hidden w-56 lg:flex xl:w-64" />
          {/* Narrower screens: the search page's own box (and the phone menu's), one tap away. */}
          <Link
            to="/search"
            className="grid h-11 w-11 place-items-center rounded-full text-cocoa hover:bg-sand lg:hidden"
            aria-label="Search"
          >
            <Search className="h-5 w-5" aria-hidden="true" />
          </Link>
          <Link
            to={accountTo}
            className="grid h-11 w-11 place-items-center rounded-full text-cocoa hover:bg-sand"
            aria-label={user ? 'Your account' : 'Log in'}
          >
            <User className="h-5 w-5" aria-hidden="true" />
          </Link>
          <CartButton />
        </div>
      </div>
    </header>
  );
}
