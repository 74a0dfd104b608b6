/**
 * What the route modules of the signed-in screens (profile, orders, checkout) share (decision
 * 0027). Their data is read in the browser by a `clientLoader` that also runs on hydration: the
 * session lives in browser storage, so the server sends the loading state (`HydrateFallback`) and
 * never loads them.
 */
import { isRouteErrorResponse, Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { Spinner } from '../../components/spinner';
import { RequireUser } from './require-user';

/** The loading state of a signed-in screen: what the server sends, until the clientLoader answers. */
export function SignedInFallback() {
  return <Spinner label={messages.loading} className="py-32" />;
}

/**
 * An error the screen's loader threw and does not show itself (the network gone, a server error), in
 * the page with the site's chrome kept. A request refused for an ended session (401) has cleared it:
 * the visitor is then sent to /login, as the screen itself would.
 */
export function SignedInError({ error }: { error: unknown }) {
  return <RequireUser>{() => <ScreenError error={error} />}</RequireUser>;
}

/** The words of the site's error page, for a screen that could not load. */
export function ScreenError({ error }: { error: unknown }) {
  if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="eyebrow">Something went wrong</p>
      <h1 className="mt-3 font-display text-4xl font-semibold">We dropped the cookie jar</h1>
      <p className="mt-4 max-w-md text-muted">
        Please try again in a moment. If it keeps happening, write to us and we will sort it out.
      </p>
      <Link to="/shop" className="btn-primary mt-8">
        Browse our snacks
      </Link>
    </section>
  );
}
