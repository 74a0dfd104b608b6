/** The order page's tracker (docs/product.md, Orders): steps, the current one, dates, and the ends. */
import { describe, expect, it } from 'vitest';
import { orderProgress } from './order-progress.js';

const placed = '2026-11-02T17:04:00.000Z';

describe('orderProgress', () => {
  it('marks Placed current for a Pending order, dated when it was placed', () => {
    expect(orderProgress({ status: 'Pending', created_at: placed, status_dates: {} })).toEqual({
      kind: 'steps',
      headline: 'We have your order and will start preparing it soon.',
      steps: [
        { label: 'Placed', state: 'current', at: placed },
        { label: 'Preparing', state: 'upcoming', at: null },
        { label: 'Shipped', state: 'upcoming', at: null },
        { label: 'Delivered', state: 'upcoming', at: null },
      ],
    });
  });

  it('maps each status to its step, with the dates the order records', () => {
    const status_dates = { 'In Progress': '2026-11-03T16:00:00.000Z', Shipped: '2026-11-04T18:30:00.000Z' };
    const shipped = orderProgress({ status: 'Shipped', created_at: placed, status_dates });
    expect(shipped.kind === 'steps' && shipped.steps).toEqual([
      { label: 'Placed', state: 'done', at: placed },
      { label: 'Preparing', state: 'done', at: status_dates['In Progress'] },
      { label: 'Shipped', state: 'current', at: status_dates.Shipped },
      { label: 'Delivered', state: 'upcoming', at: null },
    ]);
    expect(shipped.headline).toBe('Your order is on its way.');
    const preparing = orderProgress({ status: 'In Progress', created_at: placed, status_dates });
    // A date of a step not reached (moved back) is not shown.
    expect(preparing.kind === 'steps' && preparing.steps.map((s) => [s.state, s.at])).toEqual([
      ['done', placed],
      ['current', status_dates['In Progress']],
      ['upcoming', null],
      ['upcoming', null],
    ]);
    // A step skipped on the way has no date.
    const delivered = orderProgress({ status: 'Delivered', created_at: placed, status_dates: {} });
    expect(delivered.kind === 'steps' && delivered.steps.map((s) => [s.state, s.at])).toEqual([
      ['done', placed],
      ['done', null],
      ['done', null],
      ['current', null],
    ]);
  });

  it('shows Canceled and Refunded as a state of their own, not a step', () => {
    const at = '2026-11-03T10:00:00.000Z';
    expect(orderProgress({ status: 'Canceled', created_at: placed, status_dates: { Canceled: at } })).toEqual(
      {
        kind: 'ended',
        status: 'Canceled',
        at,
        headline: 'This order has been canceled.',
      },
    );
    expect(orderProgress({ status: 'Refunded', created_at: placed, status_dates: {} })).toEqual({
      kind: 'ended',
      status: 'Refunded',
      at: null,
      headline: 'This order has been refunded.',
    });
  });
});
