import { ChevronRight, PackageSearch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  data,
  Link,
  useFetcher,
  useLocation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Order } from '../../domain/orders';
import { ApiError } from '../api';
import { describedBy, inputClass } from '../components/account/form-field';
import { hasTracking, ParcelTracking } from '../components/orders/parcel-tracking';
import { StatusBadge } from '../components/orders/status-badge';
import { Spinner } from '../components/spinner';
import { fetchOrder } from '../features/checkout/checkout-api';
import { trackTexts } from '../features/checkout/texts';
import { ScreenError } from '../features/session/signed-in-route';
import { getStoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/track-orders';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Track Your Order',
    description: 'Follow your Northbite order with its order number.',
    origin: page.origin,
    path: '/track-orders',
    noindex: true,
  });
}

type Failure = { message: string; needsLogin?: boolean };
type Lookup = ({ status: 'failed' } & Failure) | { status: 'found'; order: Order };

/** The checks of an order number before it is looked up, in the spec's words. */
function problemWith(orderNumber: string): Failure | null {
  const value = orderNumber.trim().replace(/^#/, '');
  if (!value) return { message: trackTexts.enterOrderNumber };
  if (!getStoredUser()) return { message: trackTexts.logInToTrack, needsLogin: true };
  if (!/^\d+$/.test(value) || !(Number(value) > 0) || !Number.isSafeInteger(Number(value))) {
    return { message: trackTexts.invalidOrderNumber };
  }
  return null;
}

/** Looks up the order whose number the form sent (checked already: problemWith). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Lookup> {
  const id = Number((await request.formData()).get('order'));
  try {
    const order = await fetchOrder(id, request.signal);
    // An order of another account (an admin may read it) is not the shopper's to track.
    if (order.user_id !== getStoredUser()?.id) throw new ApiError('Not found', 404);
    return { status: 'found', order };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { status: 'failed', message: trackTexts.notYourOrder };
    }
    if (error instanceof ApiError && error.status === 401) {
      return { status: 'failed', message: trackTexts.logInToTrack, needsLogin: true };
    }
    if (!request.signal.aborted) console.error('Failed to track the order', error);
    return {
      status: 'failed',
      message:
        error instanceof ApiError && error.status === 400
          ? trackTexts.invalidOrderNumber
          : error instanceof Error
            ? error.message
            : String(error),
    };
  }
}

/** A lookup changes nothing the page loaded. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult === undefined ? defaultShouldRevalidate : false;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ScreenError error={error} />;
}

/**
 * /track-orders: anyone may open it, tracking needs the shopper's session (only their own
 * orders). The number is checked here at once; the lookup is the page's action, through a fetcher
 * (a newer lookup cancels the one in flight).
 */
export default function TrackOrders() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // A number sent by the form before the scripts loaded (?order=) is kept in the field.
  const [orderNumber, setOrderNumber] = useState(searchParams.get('order') ?? '');
  const [problem, setProblem] = useState<Failure | null>(null);
  const lookup = useFetcher<typeof clientAction>();
  const looking = lookup.state !== 'idle';
  const state: Lookup | null = problem
    ? { status: 'failed', ...problem }
    : looking
      ? null
      : (lookup.data ?? null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemWith(orderNumber);
    if (found) {
      lookup.reset();
      setProblem(found);
      return;
    }
    setProblem(null);
    const id = String(Number(orderNumber.trim().replace(/^#/, '')));
    void lookup.submit({ order: id }, { method: 'post', flushSync: true });
  }

  const error = state?.status === 'failed' ? state.message : undefined;

  return (
    <div className="bg-sand py-12 sm:py-16">
      <div className="container-page max-w-xl">
        <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-10">
          <PackageSearch className="mx-auto h-10 w-10 text-maple" aria-hidden="true" />
          <h1 className="mt-3 text-center font-display text-3xl font-bold sm:text-4xl">
            {trackTexts.heading}
          </h1>
          <p className="mt-3 text-center text-muted">
            Enter the order number from your confirmation e-mail to see where your snacks are.
          </p>
          <form method="get" onSubmit={submit} noValidate className="mt-8">
            <label htmlFor="track-order-number" className="text-sm font-semibold text-cocoa">
              Order number
            </label>
            <div className="mt-1 flex flex-col gap-3 sm:flex-row">
              <input
                id="track-order-number"
                name="order"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="e.g. 1042"
                value={orderNumber}
                onChange={(event) => setOrderNumber(event.target.value)}
                {...describedBy('track-order-number', error)}
                className={`${inputClass} mt-0 flex-1`}
              />
              <button type="submit" className="btn-primary" disabled={looking}>
                {trackTexts.trackOrder}
              </button>
            </div>
            <div>
              {state?.status === 'failed' && (
                <p
                  id="track-order-number-error"
                  className="mt-3 text-sm font-medium text-danger"
                  role="alert"
                >
                  {state.message}
                  {state.needsLogin && (
                    <>
                      {' '}
                      <Link
                        to="/login"
                        state={{ from: `${location.pathname}${location.search}` }}
                        className="font-semibold text-maple-dark underline underline-offset-4"
                      >
                        Log in
                      </Link>
                    </>
                  )}
                </p>
              )}
            </div>
          </form>
          {looking && <Spinner label="Looking up your order" className="mt-8" />}
          {state?.status === 'found' && (
            <Link
              to={`/orders/${state.order.id}`}
              className="mt-8 flex items-center gap-4 rounded-2xl border border-beige bg-cream px-5 py-4 transition-colors hover:border-maple"
              data-testid="tracked-order"
            >
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-3">
                  <span className="font-display text-xl font-semibold text-cocoa">
                    Order #{state.order.id}
                  </span>
                  <StatusBadge status={state.order.status} />
                </span>
                <span className="mt-2 block text-sm text-ink">
                  {state.order.items.map((item) => item.product_name).join(', ')}
                </span>
                <span className="mt-1 block text-xs font-semibold text-maple-dark">View order details</span>
              </span>
              <ChevronRight className="h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
            </Link>
          )}
          {/* Beside the order's link, not in it: a link inside a link is neither valid nor usable. */}
          {state?.status === 'found' && hasTracking(state.order) && (
            <div className="mt-3 rounded-2xl border border-beige bg-white px-5 py-4">
              <ParcelTracking order={state.order} compact />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
