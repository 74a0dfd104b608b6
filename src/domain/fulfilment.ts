/**
 * Fulfilment (decision 0023): the carriers an order ships with, their public tracking pages, and
 * what an order's timeline records. Free of dependencies, so the order pages import it without zod.
 */

export const CARRIERS = ['Canada Post', 'Purolator', 'UPS', 'FedEx', 'Other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/**
 * Each carrier's public tracking page, with the number in it (read from the carriers' own sites,
 * 2026-11). 'Other' has none: the e-mail and the order page show the number alone.
 */
const TRACKING_PAGES: Record<Carrier, ((number: string) => string) | null> = {
  'Canada Post': (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  Purolator: (n) => `https://www.purolator.com/en/shipping/tracker?pin=${n}`,
  UPS: (n) => `https://www.ups.com/track?loc=en_CA&tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  Other: null,
};

/** The carrier's tracking page for the number, or null when there is none. */
export function trackingUrl(
  carrier: Carrier | null | undefined,
  number: string | null | undefined,
): string | null {
  if (!carrier || !number) return null;
  const page = TRACKING_PAGES[carrier];
  return page ? page(encodeURIComponent(number)) : null;
}

/** The longest tracking number a carrier prints. */
export const TRACKING_NUMBER_MAX_LENGTH = 40;
/** A tracking number as carriers print them: letters, digits, spaces and dashes, 3 to 40. */
export const TRACKING_NUMBER_PATTERN = new RegExp(
  `^[A-Za-z0-9][A-Za-z0-9 -]{2,${TRACKING_NUMBER_MAX_LENGTH - 1}}$`,
);
export const TRACKING_NUMBER_MESSAGE =
  'Enter the tracking number as the carrier prints it: 3 to 40 letters, digits, spaces or dashes.';

/** What an order's timeline records (GET /api/orders/{id}/timeline). */
export const ORDER_EVENT_KINDS = [
  'created',
  'paid',
  'status',
  'shipping',
  'address',
  'email',
  'refund',
  'stock',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Who did it: the customer, an admin (by name), or the shop itself (a job, a webhook, the sweep). */
export type OrderEventActor = { kind: 'customer' | 'admin' | 'system'; name: string | null };

export interface OrderEvent {
  id: number;
  /** ISO time */
  at: string;
  kind: OrderEventKind;
  /** One line, as the order dialog shows it. */
  summary: string;
  actor: OrderEventActor;
}
