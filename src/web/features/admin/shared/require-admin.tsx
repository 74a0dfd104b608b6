import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../../../domain/messages';
import { Spinner } from '../../../components/spinner';
import { useStoredUser, type StoredUser } from '../../session/stored-session';
import { useHydrated } from '../../use-hydrated';

/**
 * The dashboard's guard (docs/product.md, Screens): without a stored user, or with one who is not
 * an admin, the browser goes to /login, which brings an admin back here after signing in. Like the
 * login guard it decides after hydration; the server enforces the role on every admin call whatever
 * happens here.
 */
export function RequireAdmin({ children }: { children: (admin: StoredUser) => ReactNode }) {
  const hydrated = useHydrated();
  const user = useStoredUser();
  const location = useLocation();
  const navigate = useNavigate();
  const from = `${location.pathname}${location.search}`;
  const allowed = user?.isAdmin === true;

  useEffect(() => {
    if (hydrated && !allowed) void navigate('/login', { replace: true, state: { from } });
  }, [hydrated, allowed, navigate, from]);

  if (!hydrated || !user || !allowed) return <Spinner label={messages.loading} className="py-32" />;
  return <>{children(user)}</>;
}
