import { describe, expect, it } from 'vitest';
import {
  canIntentMove,
  FINAL_UNPAID_INTENT_STATUSES,
  FINISHED_INTENT_STATUSES,
  INTENT_TRANSITIONS,
  isPaidIntentStatus,
  isPaymentIntentStatus,
  PAID_INTENT_STATUSES,
  PAYMENT_INTENT_STATUSES,
  type PaymentIntentStatus,
} from './payment-intents.js';

describe('payment intent statuses', () => {
  it("are Stripe's seven and the test processor's refunded", () => {
    expect([...PAYMENT_INTENT_STATUSES].sort()).toEqual([
      'canceled',
      'processing',
      'refunded',
      'requires_action',
      'requires_capture',
      'requires_confirmation',
      'requires_payment_method',
      'succeeded',
    ]);
  });

  it("knows the stored statuses, and not the provider's 'missing' answer", () => {
    for (const status of PAYMENT_INTENT_STATUSES) expect(isPaymentIntentStatus(status)).toBe(true);
    expect(isPaymentIntentStatus('missing')).toBe(false);
    expect(isPaymentIntentStatus('Succeeded')).toBe(false);
    expect(isPaymentIntentStatus('')).toBe(false);
  });

  it('paid: succeeded and refunded, nothing else', () => {
    expect([...PAID_INTENT_STATUSES].sort()).toEqual(['refunded', 'succeeded']);
    for (const status of PAYMENT_INTENT_STATUSES) {
      expect(isPaidIntentStatus(status)).toBe(status === 'succeeded' || status === 'refunded');
    }
    expect(isPaidIntentStatus('missing')).toBe(false);
  });

  it('final unpaid: the provider answers after which the sweep stops asking', () => {
    expect([...FINAL_UNPAID_INTENT_STATUSES].sort()).toEqual(['canceled', 'missing', 'refunded']);
  });

  it('finished: paid, or stored final unpaid (the ones without a way out)', () => {
    expect([...FINISHED_INTENT_STATUSES].sort()).toEqual(['canceled', 'refunded', 'succeeded']);
    const stored = FINAL_UNPAID_INTENT_STATUSES.filter((status) => status !== 'missing');
    expect(new Set(FINISHED_INTENT_STATUSES)).toEqual(new Set([...PAID_INTENT_STATUSES, ...stored]));
  });
});

describe('the intent transition table: every from → to pair', () => {
  // Rows: from; columns: to, in PAYMENT_INTENT_STATUSES order. Y: may move; -: may not; =: itself.
  const TABLE: Record<PaymentIntentStatus, string> = {
    //                        rpm  rcf  rac  pro  rca  suc  can  ref
    requires_payment_method: ' =    Y    Y    Y    Y    Y    Y    -',
    requires_confirmation: '   Y    =    Y    Y    Y    Y    Y    -',
    requires_action: '         Y    -    =    Y    Y    Y    Y    -',
    processing: '              Y    -    -    =    Y    Y    Y    -',
    requires_capture: '        -    -    -    Y    =    Y    Y    -',
    succeeded: '               -    -    -    -    -    =    -    Y',
    canceled: '                -    -    -    -    -    -    =    -',
    refunded: '                -    -    -    -    -    -    -    =',
  };

  for (const from of PAYMENT_INTENT_STATUSES) {
    it(`from ${from}`, () => {
      const cells = TABLE[from].trim().split(/\s+/);
      expect(cells).toHaveLength(PAYMENT_INTENT_STATUSES.length);
      PAYMENT_INTENT_STATUSES.forEach((to, column) => {
        const cell = cells[column];
        if (to === from) expect(cell).toBe('=');
        expect(canIntentMove(from, to), `${from} → ${to}`).toBe(cell === 'Y');
      });
    });
  }

  it('has a row for every status and names only known statuses', () => {
    expect(Object.keys(INTENT_TRANSITIONS).sort()).toEqual([...PAYMENT_INTENT_STATUSES].sort());
    for (const targets of Object.values(INTENT_TRANSITIONS)) {
      for (const to of targets) expect(PAYMENT_INTENT_STATUSES).toContain(to);
    }
  });

  it('leads nowhere out of canceled and refunded, and to a payment from every unpaid status', () => {
    expect(INTENT_TRANSITIONS.canceled).toEqual([]);
    expect(INTENT_TRANSITIONS.refunded).toEqual([]);
    for (const from of PAYMENT_INTENT_STATUSES) {
      if (isPaidIntentStatus(from) || from === 'canceled') continue;
      expect(canIntentMove(from, 'succeeded'), from).toBe(true);
      expect(canIntentMove(from, 'canceled'), from).toBe(true);
      expect(canIntentMove(from, 'refunded'), from).toBe(false);
    }
  });

  it('final unpaid stored statuses lead nowhere', () => {
    for (const status of FINAL_UNPAID_INTENT_STATUSES) {
      if (status === 'missing') continue;
      expect(INTENT_TRANSITIONS[status]).toEqual([]);
    }
  });
});
