/**
 * The one entry point for marketing events (docs/product.md, Marketing): identify (on login),
 * 'Viewed Product', 'Added to Cart', 'Started Checkout' and 'Placed Order'. Every event is recorded
 * in `window.__northbiteEvents` (tests and debugging read it). When KLAVIYO_PUBLIC_KEY is set,
 * events also go to Klaviyo's onsite script, which loads after the page is interactive
 * (marketing-tracker.tsx): the sender waits for it, retrying every 200 ms (500 ms on the
 * confirmation page), in order, and gives up after a bound so nothing waits forever when the script
 * is blocked.
 */
export type MarketingEvent =
  'identify' | 'Added to Cart' | 'Viewed Product' | 'Started Checkout' | 'Placed Order';

export interface TrackedEvent {
  event: MarketingEvent;
  properties: Record<string, unknown>;
  at: string;
}

/** The part of Klaviyo's onsite object (`window.klaviyo`) the shop uses. */
export interface KlaviyoTracker {
  track(event: string, properties: Record<string, unknown>): unknown;
  identify(properties: Record<string, unknown>): unknown;
}

declare global {
  interface Window {
    __northbiteEvents?: TrackedEvent[];
    klaviyo?: Partial<KlaviyoTracker>;
  }
}

/** The tracker wait retries every 200 ms, every 500 ms on the confirmation page. */
export const TRACKER_RETRY_MS = 200;
export const CONFIRMATION_TRACKER_RETRY_MS = 500;
/** After this long without a tracker (blocked, offline), events stop waiting and are dropped. */
export const TRACKER_WAIT_LIMIT_MS = 30_000;

let enable: ((enabled: boolean) => void) | undefined;
// Settled once the root layout knows whether a tracker is configured; events wait for that.
const configured = new Promise<boolean>((resolve) => {
  enable = resolve;
});
let queue: Promise<void> = Promise.resolve();
let gaveUp = false;

/** Called once by the root layout: `true` when KLAVIYO_PUBLIC_KEY is set (the script is loading). */
export function configureTracker(enabled: boolean): void {
  enable?.(enabled);
}

export function track(
  event: Exclude<MarketingEvent, 'identify'>,
  properties: Record<string, unknown>,
  options: { retryMs?: number } = {},
): void {
  record(event, properties);
  send(event, properties, options.retryMs ?? TRACKER_RETRY_MS);
}

/** Tells the tracker who the shopper is (on login, with e-mail, first and last name). */
export function identify(person: { email: string; firstName?: string; lastName?: string }): void {
  const properties = {
    email: person.email,
    first_name: person.firstName ?? '',
    last_name: person.lastName ?? '',
  };
  record('identify', properties);
  send('identify', properties, TRACKER_RETRY_MS);
}

function record(event: MarketingEvent, properties: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  (window.__northbiteEvents ??= []).push({ event, properties, at: new Date().toISOString() });
}

function send(event: MarketingEvent, properties: Record<string, unknown>, retryMs: number): void {
  if (typeof window === 'undefined') return;
  // One queue: events reach the tracker in the order they happened, even while it is loading.
  queue = queue.then(async () => {
    if (!(await configured)) return;
    const tracker = await waitForTracker(retryMs);
    if (!tracker) return;
    try {
      if (event === 'identify') await tracker.identify(properties);
      else await tracker.track(event, properties);
    } catch (error) {
      console.warn(`Marketing event '${event}' was not sent`, error);
    }
  });
}

function ready(): KlaviyoTracker | null {
  const tracker = window.klaviyo;
  return tracker && typeof tracker.track === 'function' && typeof tracker.identify === 'function'
    ? (tracker as KlaviyoTracker)
    : null;
}

async function waitForTracker(retryMs: number): Promise<KlaviyoTracker | null> {
  const deadline = Date.now() + TRACKER_WAIT_LIMIT_MS;
  for (;;) {
    const tracker = ready();
    if (tracker) return tracker;
    if (gaveUp) return null;
    if (Date.now() >= deadline) {
      gaveUp = true;
      console.warn('The marketing tracker did not load; marketing events are not sent.');
      return null;
    }
    await new Promise((resolve) => window.setTimeout(resolve, retryMs));
  }
}
