import { describe, expect, it } from 'vitest';
import {
  churnPercent,
  churnWindowStart,
  monthlyRecurringCents,
  renewalHorizonEnd,
  renewalSubtotalCents,
  renewsBefore,
  unitsByProduct,
} from './subscription-metrics.js';

describe('renewalSubtotalCents', () => {
  it("sums today's subscription prices of the products on sale, sold out or not", () => {
    expect(
      renewalSubtotalCents([
        // $10.00 less 10 %: $9.00, twice.
        { priceCents: 1000, percent: 10, quantity: 2, onSale: true },
        // $4.99 less 15 %: 424.15 → $4.24.
        { priceCents: 499, percent: 15, quantity: 1, onSale: true },
        // Hidden: left out of the renewal, so of its subtotal.
        { priceCents: 5000, percent: 0, quantity: 3, onSale: false },
      ]),
    ).toBe(1800 + 424);
    expect(renewalSubtotalCents([])).toBe(0);
  });
});

describe('monthlyRecurringCents', () => {
  it('is each renewal subtotal × 52 / 12 / interval_weeks, summed, rounded once', () => {
    // Every 4 weeks: 52 / 12 / 4 = 1.0833… renewals a month.
    expect(monthlyRecurringCents([{ subtotalCents: 1200, intervalWeeks: 4 }])).toBe(1300);
    // Every 2 weeks: 2.1666… a month; every 8: 0.5416….
    expect(monthlyRecurringCents([{ subtotalCents: 1200, intervalWeeks: 2 }])).toBe(2600);
    expect(monthlyRecurringCents([{ subtotalCents: 1200, intervalWeeks: 8 }])).toBe(650);
    // Every 6 weeks: 1000 × 52 / 72 = 722.22… each, 1444.44… for two.
    expect(
      monthlyRecurringCents([
        { subtotalCents: 1000, intervalWeeks: 6 },
        { subtotalCents: 1000, intervalWeeks: 6 },
      ]),
    ).toBe(1444);
    // 333 × 52 / 48 = 360.75: 361 alone, but three make 1082.25 → 1082, not 3 × 361.
    expect(monthlyRecurringCents([{ subtotalCents: 333, intervalWeeks: 4 }])).toBe(361);
    expect(
      monthlyRecurringCents([
        { subtotalCents: 333, intervalWeeks: 4 },
        { subtotalCents: 333, intervalWeeks: 4 },
        { subtotalCents: 333, intervalWeeks: 4 },
      ]),
    ).toBe(1082);
  });

  it('is 0 without subscriptions, and ignores an interval that is not a number of weeks', () => {
    expect(monthlyRecurringCents([])).toBe(0);
    expect(monthlyRecurringCents([{ subtotalCents: 1000, intervalWeeks: 0 }])).toBe(0);
  });
});

describe('churnPercent', () => {
  it('is the cancelled over the live at the start, as a percentage to one decimal', () => {
    expect(churnPercent(1, 4)).toBe(25);
    expect(churnPercent(1, 3)).toBe(33.3);
    expect(churnPercent(2, 3)).toBe(66.7);
    expect(churnPercent(0, 10)).toBe(0);
  });

  it('is 0 when none were live at the start, even with cancellations', () => {
    expect(churnPercent(0, 0)).toBe(0);
    expect(churnPercent(3, 0)).toBe(0);
  });

  it('may pass 100 when subscriptions started and ended inside the window', () => {
    expect(churnPercent(3, 2)).toBe(150);
  });
});

describe('renewsBefore', () => {
  const now = new Date('2026-12-01T18:00:00Z');
  const end = renewalHorizonEnd(now);
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000);

  it('ends 7 days from now, and the churn window starts 30 days before it', () => {
    expect(end.toISOString()).toBe('2026-12-08T18:00:00.000Z');
    expect(churnWindowStart(now).toISOString()).toBe('2026-11-01T18:00:00.000Z');
  });

  it('counts an active subscription due before the end, its date past or not', () => {
    expect(renewsBefore({ status: 'active', nextOrderAt: at(2), pausedUntil: null }, end)).toBe(true);
    expect(renewsBefore({ status: 'active', nextOrderAt: at(-1), pausedUntil: null }, end)).toBe(true);
    expect(renewsBefore({ status: 'active', nextOrderAt: at(7), pausedUntil: null }, end)).toBe(false);
    expect(renewsBefore({ status: 'active', nextOrderAt: at(9), pausedUntil: null }, end)).toBe(false);
  });

  it('counts a pause that ends before the end, never one without an end', () => {
    expect(renewsBefore({ status: 'paused', nextOrderAt: at(3), pausedUntil: at(3) }, end)).toBe(true);
    expect(renewsBefore({ status: 'paused', nextOrderAt: at(1), pausedUntil: null }, end)).toBe(false);
    expect(renewsBefore({ status: 'paused', nextOrderAt: at(9), pausedUntil: at(9) }, end)).toBe(false);
  });

  it('never counts a past due or cancelled one', () => {
    expect(renewsBefore({ status: 'past_due', nextOrderAt: at(1), pausedUntil: null }, end)).toBe(false);
    expect(renewsBefore({ status: 'canceled', nextOrderAt: at(1), pausedUntil: null }, end)).toBe(false);
  });
});

describe('unitsByProduct', () => {
  it('adds the units of the renewing subscriptions per product, hidden products left out', () => {
    const units = unitsByProduct(
      [
        { subscriptionId: 1, productId: 10, quantity: 2, onSale: true },
        { subscriptionId: 1, productId: 11, quantity: 1, onSale: true },
        { subscriptionId: 2, productId: 10, quantity: 3, onSale: true },
        { subscriptionId: 2, productId: 12, quantity: 5, onSale: false },
        { subscriptionId: 3, productId: 10, quantity: 50, onSale: true },
      ],
      new Set([1, 2]),
    );
    expect([...units]).toEqual([
      [10, 5],
      [11, 1],
    ]);
  });
});
