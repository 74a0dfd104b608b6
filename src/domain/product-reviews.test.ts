import { describe, expect, it } from 'vitest';
import {
  productReviewInputSchema,
  productReviewModerationSchema,
  productReviewsQuerySchema,
} from './product-review-schemas.js';
import {
  DEFAULT_REVIEW_SETTINGS,
  hasReceived,
  pageCount,
  ratingSummary,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  reviewAuthor,
  reviewDisplayName,
  statusAfterWrite,
} from './product-reviews.js';

const DAY = 86_400_000;
const now = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe('who may review a product (hasReceived)', () => {
  it('takes an order that reached Delivered, whenever it was paid', () => {
    expect(hasReceived([{ status: 'Delivered', isPaid: true, paidAt: daysAgo(1) }], now)).toBe(true);
  });
  it('takes an order paid more than 14 days ago that is still open or shipped', () => {
    expect(hasReceived([{ status: 'Pending', isPaid: true, paidAt: daysAgo(15) }], now)).toBe(true);
    expect(hasReceived([{ status: 'Shipped', isPaid: true, paidAt: daysAgo(14.01) }], now)).toBe(true);
  });
  it('refuses an order paid 3 days ago and not delivered, or exactly 14 days ago', () => {
    expect(hasReceived([{ status: 'Shipped', isPaid: true, paidAt: daysAgo(3) }], now)).toBe(false);
    expect(hasReceived([{ status: 'Pending', isPaid: true, paidAt: daysAgo(14) }], now)).toBe(false);
  });
  it('refuses canceled, refunded and unpaid orders, and no order at all', () => {
    expect(hasReceived([{ status: 'Canceled', isPaid: true, paidAt: daysAgo(30) }], now)).toBe(false);
    expect(hasReceived([{ status: 'Refunded', isPaid: false, paidAt: daysAgo(30) }], now)).toBe(false);
    expect(hasReceived([{ status: 'Pending', isPaid: false, paidAt: null }], now)).toBe(false);
    expect(hasReceived([], now)).toBe(false);
  });
  it('needs only one order that counts', () => {
    expect(
      hasReceived(
        [
          { status: 'Pending', isPaid: true, paidAt: daysAgo(2) },
          { status: 'Delivered', isPaid: true, paidAt: daysAgo(40) },
        ],
        now,
      ),
    ).toBe(true);
  });
});

describe('the name a review shows', () => {
  it('is the first name and the last initial', () => {
    expect(reviewDisplayName('Jane', 'doe')).toBe('Jane D.');
    expect(reviewDisplayName('  Marie  Claire ', 'Éthier')).toBe('Marie Claire É.');
    expect(reviewDisplayName('Jane', '')).toBe('Jane');
  });
  it('is nothing without a first name, and the review reads "Verified buyer"', () => {
    expect(reviewDisplayName(' ', 'Doe')).toBeNull();
    expect(reviewAuthor(null)).toBe('Verified buyer');
    expect(reviewAuthor('Jane D.')).toBe('Jane D.');
  });
});

describe('moderation', () => {
  it('holds new and edited reviews while it is on (the default)', () => {
    expect(DEFAULT_REVIEW_SETTINGS.moderation).toBe(true);
    expect(statusAfterWrite(null, DEFAULT_REVIEW_SETTINGS)).toBe('pending');
    expect(statusAfterWrite('published', { moderation: true })).toBe('pending');
  });
  it('publishes at once when it is off, but a hidden review stays hidden', () => {
    expect(statusAfterWrite(null, { moderation: false })).toBe('published');
    expect(statusAfterWrite('pending', { moderation: false })).toBe('published');
    expect(statusAfterWrite('hidden', { moderation: false })).toBe('hidden');
  });
});

describe('rating summary', () => {
  it('averages to one decimal with the distribution', () => {
    expect(ratingSummary({ 5: 2, 4: 1 })).toEqual({
      average: 4.7,
      count: 3,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 },
    });
  });
  it('is 0 and empty without reviews', () => {
    expect(ratingSummary({})).toEqual({
      average: 0,
      count: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
  });
  it('counts pages', () => {
    expect(pageCount(0, 5)).toBe(0);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
  });
});

describe('the review payload', () => {
  const valid = { rating: 4, title: 'Great', text: 'Chewy and not too sweet.' };
  it('takes 1 to 5 whole stars, a title and a text, trimmed; the name hidden by default', () => {
    expect(productReviewInputSchema.parse({ ...valid, title: '  Great  ' })).toEqual({
      ...valid,
      showName: false,
    });
    for (const rating of [0, 6, 4.5, '5', null]) {
      expect(productReviewInputSchema.safeParse({ ...valid, rating }).success, String(rating)).toBe(false);
    }
  });
  it('limits lengths and refuses NUL', () => {
    expect(productReviewInputSchema.safeParse({ ...valid, title: ' ' }).success).toBe(false);
    expect(
      productReviewInputSchema.safeParse({ ...valid, title: 'x'.repeat(REVIEW_TITLE_MAX + 1) }).success,
    ).toBe(false);
    expect(productReviewInputSchema.safeParse({ ...valid, text: 'short' }).success).toBe(false);
    expect(
      productReviewInputSchema.safeParse({ ...valid, text: 'x'.repeat(REVIEW_TEXT_MAX + 1) }).success,
    ).toBe(false);
    expect(productReviewInputSchema.safeParse({ ...valid, text: 'long enough\u0000 text' }).success).toBe(
      false,
    );
  });
  it('keeps markup as text (it is escaped where it is shown)', () => {
    const text = '<img src=x onerror=alert(1)> tasty';
    expect(productReviewInputSchema.parse({ ...valid, text }).text).toBe(text);
  });
  it('moderation needs a status or a reply; an empty reply removes it', () => {
    expect(productReviewModerationSchema.safeParse({}).success).toBe(false);
    expect(productReviewModerationSchema.parse({ reply: '' })).toEqual({ reply: null });
    expect(productReviewModerationSchema.safeParse({ status: 'pending' }).success).toBe(false);
  });
  it('pages from 1 with newest first by default', () => {
    expect(productReviewsQuerySchema.parse({})).toEqual({ sort: 'newest', page: 1 });
    expect(productReviewsQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(productReviewsQuerySchema.safeParse({ sort: 'rating' }).success).toBe(false);
  });
});
