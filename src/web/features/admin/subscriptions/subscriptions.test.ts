/** The Subscriptions tab's rules (decision 0057): the list query, how a subscription reads, pause and cancel bodies. */
import { describe, expect, it } from 'vitest';
import { subscriptionMessages } from '../../../../domain/subscription-messages';
import {
  canChange,
  cancelBody,
  itemsSummary,
  nextOrderLabel,
  pauseBody,
  pauseRange,
  subscriptionAddress,
  subscriptionQuery,
  subscriptionsPath,
} from './subscriptions';

describe('the list query', () => {
  it('reads a known status and the trimmed search from the address, and sends only what is set', () => {
    const query = subscriptionQuery(new URLSearchParams('status=past_due&q=%20maya@example.ca%20'));
    expect(query).toEqual({ status: 'past_due', q: 'maya@example.ca' });
    expect(subscriptionsPath(query)).toBe('/api/admin/subscriptions?status=past_due&q=maya%40example.ca');
    expect(subscriptionQuery(new URLSearchParams('status=lost'))).toEqual({ status: '', q: '' });
    expect(subscriptionsPath({ status: '', q: '  ' })).toBe('/api/admin/subscriptions');
  });
});

describe('how a subscription reads', () => {
  it('sums up its items on one line', () => {
    expect(
      itemsSummary({
        items: [
          { quantity: 2, name: 'Cookies' },
          { quantity: 1, name: 'Bites' },
        ] as never,
      }),
    ).toBe('2 × Cookies, 1 × Bites');
  });

  it("says when it orders next, in Vancouver's days", () => {
    // 9 a.m. in Vancouver on 4 December is 17:00 UTC.
    const next = '2026-12-04T17:00:00.000Z';
    expect(nextOrderLabel({ status: 'active', next_order_at: next, paused_until: null })).toBe('Dec 4, 2026');
    expect(nextOrderLabel({ status: 'paused', next_order_at: next, paused_until: next })).toBe(
      'Paused until Dec 4, 2026',
    );
    expect(nextOrderLabel({ status: 'paused', next_order_at: next, paused_until: null })).toBe('Paused');
    expect(nextOrderLabel({ status: 'past_due', next_order_at: next, paused_until: null })).toMatch(
      /^Past due/,
    );
    expect(nextOrderLabel({ status: 'canceled', next_order_at: null, paused_until: null })).toBe('—');
  });

  it('writes its address as the address blocks do', () => {
    expect(
      subscriptionAddress({
        shipping_address: {
          firstName: 'Maya',
          lastName: 'Chen',
          address1: '1055 Canada Place',
          address2: 'Suite 12',
          city: 'Vancouver',
          state: 'British Columbia',
          postalCode: 'V6C 0C3',
          country: 'Canada',
          phoneNumber: null,
          email: 'maya@example.ca',
        },
      }),
    ).toEqual({
      name: 'Maya Chen',
      lines: ['1055 Canada Place', 'Suite 12', 'Vancouver, British Columbia V6C 0C3', 'Canada'],
      phone: null,
      email: 'maya@example.ca',
    });
  });

  it('may be paused or cancelled unless it is cancelled', () => {
    expect(canChange({ status: 'active' })).toBe(true);
    expect(canChange({ status: 'paused' })).toBe(true);
    expect(canChange({ status: 'past_due' })).toBe(true);
    expect(canChange({ status: 'canceled' })).toBe(false);
  });
});

describe('pausing and cancelling for the customer', () => {
  const today = '2026-12-31';

  it('pauses until resumed when no day is chosen, or until a day from tomorrow to a year and a day', () => {
    expect(pauseRange(today)).toEqual({ min: '2027-01-01', max: '2028-01-01' });
    expect(pauseBody('', today)).toEqual({ body: {} });
    expect(pauseBody('2027-01-01', today)).toEqual({ body: { until: '2027-01-01' } });
    expect(pauseBody('2028-01-01', today)).toEqual({ body: { until: '2028-01-01' } });
  });

  it("refuses today, a day past, one too far, and what is not a day, in the server's words", () => {
    expect(pauseBody(today, today)).toEqual({ error: subscriptionMessages.pauseInPast });
    expect(pauseBody('2026-01-01', today)).toEqual({ error: subscriptionMessages.pauseInPast });
    expect(pauseBody('2028-01-02', today)).toEqual({ error: subscriptionMessages.pauseTooFar });
    expect(pauseBody('soon', today)).toHaveProperty('error');
  });

  it('sends the trimmed reason only when there is one', () => {
    expect(cancelBody('  Moving abroad ')).toEqual({ reason: 'Moving abroad' });
    expect(cancelBody('   ')).toEqual({});
  });
});
