import { useNavigate } from 'react-router';
import { readStoredToken } from '../session/stored-session';
import { closeCartDrawer } from './cart-drawer-state';

/**
 * Proceed to Checkout (docs/product.md, Cart): closes the drawer, then /checkout when signed in,
 * otherwise /login carrying `from: '/checkout'` in the navigation state so the login page can
 * return there.
 */
export function useProceedToCheckout(): () => void {
  const navigate = useNavigate();
  return () => {
    closeCartDrawer();
    if (readStoredToken()) navigate('/checkout');
    else navigate('/login', { state: { from: '/checkout' } });
  };
}
