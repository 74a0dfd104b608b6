import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../../domain/messages';
import { Spinner } from '../../components/spinner';
import { useHydrated } from '../use-hydrated';
import { useStoredUser, type StoredUser } from './stored-session';

/**
 * The login guard (docs/product.md, Screens): anonymous visitors are sent to /login, which returns
 * them here after they sign in (navigation state `from`, which a loader's redirect cannot carry).
 * The server cannot know the session (it lives in browser storage), so guarded pages render a
 * loading state on the server (their route's HydrateFallback) and decide after hydration. It
 * follows the stored session: a session that ends while the page is open (a 401 clears it, or a
 * logout in another tab) sends the shopper to /login too.
 */
export function RequireUser({ children }: { children: (user: StoredUser) => ReactNode }) {
  const hydrated = useHydrated();
  const user = useStoredUser();
  const location = useLocation();
  const navigate = useNavigate();
  const from = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (hydrated && !user) void navigate('/login', { replace: true, state: { from } });
  }, [hydrated, user, navigate, from]);

  if (!hydrated || !user) return <Spinner label={messages.loading} className="py-32" />;
  return <>{children(user)}</>;
}
