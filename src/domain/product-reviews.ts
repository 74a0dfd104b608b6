/**
 * Product reviews from verified buyers (docs/product.md, Product reviews; decision 0063). A customer
 * may review a product they received: an order holding it reached Delivered, or was paid more than
 * REVIEW_AFTER_PAID_DAYS days ago and was neither canceled nor refunded. One review per product and
 * customer, which they may edit; with moderation on (the default) a new or edited review waits as
 * `pending` until the owner publishes it. Only published reviews count anywhere a shopper looks:
 * the list, the average, the distribution, the cards and the structured data.
 *
 * These are not the home page's business reviews from the public reviews source (reviews.ts). The
 * API's shapes are in product-review-schemas.ts, apart, so pages can use these rules without zod.
 */
import type { OrderStatus } from './orders.js';

export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** An order paid this many days ago counts as received even if nobody marked it Delivered. */
export const REVIEW_AFTER_PAID_DAYS = 14;
/** The review request e-mail goes this many days after the order reached Delivered. */
export const REVIEW_REQUEST_DELAY_DAYS = 7;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
/** Reviews per page, on the product page and through the API. */
export const REVIEW_PAGE_SIZE = 5;
/** Reviews per page in the admin's Reviews tab. */
export const ADMIN_REVIEW_PAGE_SIZE = 20;
/** The highest page number the API accepts (deeper paging is a crawl, not a shopper). */
export const REVIEW_PAGE_MAX = 1000;
const DAY_MS = 86_400_000;

export const productReviewMessages = {
  notEligible:
    'Only customers who received this product can review it: an order with it must be delivered, or paid more than 14 days ago.',
  productNotFound: 'Product not found',
  notFound: 'Review not found.',
  ownVote: 'You cannot vote for your own review.',
  nothingToChange: 'Send a status or a reply to change.',
  signIn: 'Sign in to write a review.',
  loadFailed: 'Reviews could not be loaded. Please try again.',
  saveFailed: 'Your review could not be saved. Please try again.',
  submitted: 'Thank you! Your review will appear once we have checked it.',
  published: 'Thank you! Your review is published.',
  empty: 'No reviews yet.',
  anonymousAuthor: 'Verified buyer',
} as const;

/** The owner's review settings (GET and PUT /api/admin/review-settings). */
export interface ReviewSettings {
  /** New and edited reviews wait for the owner before they show. */
  moderation: boolean;
}
/** Moderation is on until the owner turns it off. */
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { moderation: true };

/** Published reviews per star, 1 to 5. */
export type RatingDistribution = Record<1 | 2 | 3 | 4 | 5, number>;

export interface RatingSummary {
  /** One decimal; 0 when there is no published review. */
  average: number;
  count: number;
  distribution: RatingDistribution;
}

/** An order as the eligibility rule reads it. */
export interface ReceivedOrder {
  status: OrderStatus;
  isPaid: boolean;
  paidAt: Date | null;
}

/**
 * Whether one of the orders holding the product counts as received: Delivered, or paid more than
 * REVIEW_AFTER_PAID_DAYS ago and neither canceled nor refunded.
 */
export function hasReceived(orders: readonly ReceivedOrder[], now: Date = new Date()): boolean {
  const paidBefore = now.getTime() - REVIEW_AFTER_PAID_DAYS * DAY_MS;
  return orders.some(
    (order) =>
      order.status === 'Delivered' ||
      (order.isPaid &&
        order.paidAt !== null &&
        order.paidAt.getTime() < paidBefore &&
        order.status !== 'Canceled' &&
        order.status !== 'Refunded'),
  );
}

/** "Jane D.": the first name and the last name's initial, or null when the first name is empty. */
export function reviewDisplayName(firstName: string, lastName: string): string | null {
  const first = firstName.trim().replace(/\s+/g, ' ');
  if (!first) return null;
  const initial = [...lastName.trim()][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** The author line of a published review. */
export function reviewAuthor(displayName: string | null): string {
  return displayName ?? productReviewMessages.anonymousAuthor;
}

/**
 * Where a written or edited review starts: published at once with moderation off, else waiting.
 * A review the owner hid stays hidden when its author edits it.
 */
export function statusAfterWrite(current: ReviewStatus | null, settings: ReviewSettings): ReviewStatus {
  if (current === 'hidden') return 'hidden';
  return settings.moderation ? 'pending' : 'published';
}

/** Average (one decimal), count and distribution from the count of published reviews per star. */
export function ratingSummary(counts: Partial<Record<number, number>>): RatingSummary {
  const distribution: RatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let count = 0;
  let sum = 0;
  for (const stars of [1, 2, 3, 4, 5] as const) {
    const n = counts[stars] ?? 0;
    distribution[stars] = n;
    count += n;
    sum += n * stars;
  }
  return { average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10, count, distribution };
}

/** How many pages `total` items make. */
export function pageCount(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

/** "4.5 out of 5 stars", for screen readers. */
export function ratingLabel(average: number): string {
  return `${average} out of 5 stars`;
}
