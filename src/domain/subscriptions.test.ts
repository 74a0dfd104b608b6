/** The rules of subscribe and save (decision 0056): prices, the schedule in Vancouver's calendar, dunning. */
import { describe, expect, it } from 'vitest';
import { createPaymentIntentSchema } from './checkout.js';
import { updateSubscriptionSchema } from './subscription-schemas.js';
import { linePriceCents, subscribeLabel, subscriptionPriceCents } from './subscriptions.js';
import { subscriptionMessages } from './subscription-messages.js';
import {
  addDays,
  afterIntervalChange,
  afterResume,
  dunningRetryAt,
  firstRenewalAt,
  nextRenewalAt,
  shopDate,
  shopInstant,
} from './subscription-schedule.js';

describe('subscription prices', () => {
  it('takes the percentage off the unit price, to the cent', () => {
    expect(subscriptionPriceCents(1599, 0)).toBe(1599);
    expect(subscriptionPriceCents(1599, 10)).toBe(1439); // 1439.1
    expect(subscriptionPriceCents(2199, 15)).toBe(1869); // 1869.15
    expect(subscriptionPriceCents(1195, 50)).toBe(598); // 597.5 rounds half up
    expect(subscriptionPriceCents(1000, 80)).toBe(500); // never more than the maximum
  });
  it('applies only to subscription lines', () => {
    expect(linePriceCents(1599, 10, null)).toBe(1599);
    expect(linePriceCents(1599, 10, { interval_weeks: 4 })).toBe(1439);
  });
  it('names the choice by what it saves: "Subscribe & save N%", or "Subscribe" when nothing', () => {
    expect(subscribeLabel(10)).toBe('Subscribe & save 10%');
    expect(subscribeLabel(0)).toBe('Subscribe');
    expect(subscribeLabel(-5)).toBe('Subscribe');
    // The price never comes down by more than the maximum, so neither does the promise.
    expect(subscribeLabel(80)).toBe('Subscribe & save 50%');
  });
});

describe("Vancouver's calendar", () => {
  it('renews at 9 a.m. Pacific, in standard and in daylight time', () => {
    expect(shopInstant('2026-01-15').toISOString()).toBe('2026-01-15T17:00:00.000Z');
    expect(shopInstant('2026-07-15').toISOString()).toBe('2026-07-15T16:00:00.000Z');
  });
  it('keeps 9 a.m. across the spring and autumn changes', () => {
    // Ordered on a Thursday evening in February (after 4 p.m. Pacific is already Friday in UTC).
    const ordered = new Date('2026-02-27T01:30:00Z'); // 2026-02-26 17:30 PST
    expect(shopDate(ordered)).toBe('2026-02-26');
    const first = firstRenewalAt(ordered, 4); // across 8 March (DST starts)
    expect(first.toISOString()).toBe('2026-03-26T16:00:00.000Z');
    // Across 2 November 2025 (back to standard time). Not 2026: the time zone database of 2026 keeps
    // British Columbia on daylight time from then on, and Node.js 20 and 24 ship different versions.
    const autumn = nextRenewalAt(new Date('2025-10-23T16:00:00Z'), 2);
    expect(autumn.toISOString()).toBe('2025-11-06T17:00:00.000Z');
  });
  it('counts calendar days across month and year ends and leap days', () => {
    expect(addDays('2026-01-31', 28)).toBe('2026-02-28');
    expect(addDays('2028-02-01', 28)).toBe('2028-02-29');
    expect(addDays('2026-12-17', 28)).toBe('2027-01-14');
    expect(nextRenewalAt(shopInstant('2026-12-31'), 8).toISOString().slice(0, 10)).toBe('2027-02-25');
  });
});

describe('moving the next date', () => {
  const now = new Date('2026-06-10T20:00:00Z'); // 13:00 in Vancouver
  it('a new interval counts from the last order, never before tomorrow', () => {
    expect(afterIntervalChange(new Date('2026-06-01T16:00:00Z'), 2, now).toISOString()).toBe(
      '2026-06-15T16:00:00.000Z',
    );
    // Two weeks after an order of five weeks ago is past: tomorrow morning.
    expect(afterIntervalChange(new Date('2026-05-06T16:00:00Z'), 2, now).toISOString()).toBe(
      '2026-06-11T16:00:00.000Z',
    );
  });
  it('resuming keeps a date still ahead, else orders tomorrow morning', () => {
    const ahead = new Date('2026-06-20T16:00:00Z');
    expect(afterResume(ahead, now)).toEqual(ahead);
    expect(afterResume(new Date('2026-06-01T16:00:00Z'), now).toISOString()).toBe('2026-06-11T16:00:00.000Z');
  });
  it('retries a declined renewal 1, 3 and 5 days after the first decline, then gives up', () => {
    const declined = new Date('2026-06-10T16:00:00Z');
    expect(dunningRetryAt(declined, 0)?.toISOString()).toBe('2026-06-11T16:00:00.000Z');
    expect(dunningRetryAt(declined, 1)?.toISOString()).toBe('2026-06-13T16:00:00.000Z');
    expect(dunningRetryAt(declined, 2)?.toISOString()).toBe('2026-06-15T16:00:00.000Z');
    expect(dunningRetryAt(declined, 3)).toBeNull();
  });
});

describe('the payloads', () => {
  const base = {
    amount: 1000,
    shippingInfo: {
      firstName: 'Ada',
      lastName: 'Maple',
      address1: '1 Main St',
      city: 'Vancouver',
      state: 'British Columbia',
      postalCode: 'V6A 1A1',
      phoneNumber: '604 555 0123',
      email: 'ada@example.com',
    },
  };
  it('lets a product be in the cart once one-time and once as a subscription', () => {
    const items = [
      { id: 1, quantity: 1 },
      { id: 1, quantity: 2, subscription: { interval_weeks: 4 } },
    ];
    expect(
      createPaymentIntentSchema.safeParse({ ...base, items, subscription_terms_accepted: true }).success,
    ).toBe(true);
    const twice = createPaymentIntentSchema.safeParse({
      ...base,
      items: [items[1], items[1]],
      subscription_terms_accepted: true,
    });
    expect(twice.success).toBe(false);
  });
  it('needs the terms ticked when a line subscribes, and only an interval of 2, 4, 6 or 8 weeks', () => {
    const items = [{ id: 1, quantity: 1, subscription: { interval_weeks: 4 } }];
    const unticked = createPaymentIntentSchema.safeParse({ ...base, items });
    expect(unticked.error?.issues[0]?.message).toBe(subscriptionMessages.termsRequired);
    const odd = createPaymentIntentSchema.safeParse({
      ...base,
      items: [{ id: 1, quantity: 1, subscription: { interval_weeks: 3 } }],
      subscription_terms_accepted: true,
    });
    expect(odd.error?.issues[0]?.message).toBe('interval_weeks must be 2, 4, 6 or 8.');
    expect(createPaymentIntentSchema.safeParse({ ...base, items: [{ id: 1, quantity: 1 }] }).success).toBe(
      true,
    );
  });
  it('refuses an empty change', () => {
    expect(updateSubscriptionSchema.safeParse({}).error?.issues[0]?.message).toBe(
      subscriptionMessages.nothingToChange,
    );
  });
});
