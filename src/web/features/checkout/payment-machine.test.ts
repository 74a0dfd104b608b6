/**
 * The payment page's steps (payment-machine.ts; decisions 0013, 0022 and 0048), one transition at a
 * time, without a browser.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../domain/orders';
import type { PaymentIntent, TestCard } from './checkout-api';
import {
  cartKey,
  initialPaymentState,
  paymentReducer,
  paymentStatusOf,
  paymentView,
  type CardResult,
  type OpenResult,
  type OrderResult,
  type PaymentEvent,
  type PaymentState,
} from './payment-machine';

const intent = (n: number, order?: Order): PaymentIntent => ({
  client_secret: `pi_${n}_secret_x`,
  payment_intent_id: `pi_${n}`,
  provider: 'test',
  amount: 1795,
  ...(order ? { order } : {}),
});
const order = { id: 42, payment_intent_id: 'pi_1' } as Order;
const card: TestCard = { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' };
const testPay: PaymentEvent = { type: 'pay', method: { via: 'test', card } };
const stripePay: PaymentEvent = { type: 'pay', method: { via: 'stripe' } };
const EXPIRED =
  "This checkout was open for too long, so we let go of the items it held. Please review your order: we have priced it again at today's prices.";

const run = (state: PaymentState, ...events: PaymentEvent[]) => events.reduce(paymentReducer, state);
const opened = (ticket: number, result: OpenResult): PaymentEvent => ({
  type: 'intent-answered',
  ticket,
  result,
});
const cardAnswer = (call: number, result: CardResult): PaymentEvent => ({
  type: 'card-answered',
  call,
  result,
});
const orderAnswer = (call: number, result: OrderResult): PaymentEvent => ({
  type: 'order-answered',
  call,
  result,
});
/** The page with the payment for cart 'A' open. */
const ready = () => run(initialPaymentState('A', null), opened(1, { type: 'open', intent: intent(1) }));

describe('opening the payment', () => {
  it('opens the payment for the cart as the page shows, and offers Pay meanwhile', () => {
    const state = initialPaymentState('A', null);
    expect(state.intent).toEqual({ status: 'opening', key: 'A', ticket: 1 });
    expect(state.step).toEqual({ name: 'ready' });
    expect(paymentView(state)).toEqual({
      working: false,
      payDisabled: false,
      failure: null,
      clientSecret: null,
    });
  });

  it('keeps the open payment, whose secret mounts Stripe’s form', () => {
    const state = ready();
    expect(state.intent).toEqual({ status: 'open', key: 'A', intent: intent(1) });
    expect(paymentView(state).clientSecret).toBe('pi_1_secret_x');
  });

  it('opens a new payment when the cart changes, and not when it does not', () => {
    const state = ready();
    expect(run(state, { type: 'cart-changed', key: 'A' })).toBe(state);
    const changed = run(state, { type: 'cart-changed', key: 'B' });
    expect(changed.intent).toEqual({ status: 'opening', key: 'B', ticket: 2 });
    expect(paymentView(changed).clientSecret).toBeNull();
  });

  it('ignores the answer for an older cart arriving after the newer one, or before it', () => {
    const twoOpenings = run(initialPaymentState('A', null), { type: 'cart-changed', key: 'B' });
    // The older cart's answer comes first: not this cart's payment.
    const early = run(twoOpenings, opened(1, { type: 'open', intent: intent(1) }));
    expect(early).toBe(twoOpenings);
    const answered = run(early, opened(2, { type: 'open', intent: intent(2) }));
    expect(answered.intent).toEqual({ status: 'open', key: 'B', intent: intent(2) });
    // ... or last, even a refusal: the open payment stays.
    expect(run(answered, opened(1, { type: 'open', intent: intent(1) }))).toBe(answered);
    expect(run(answered, opened(1, { type: 'stock', message: 'Only 1 left.' }))).toBe(answered);
  });

  it('says nothing when the opening fails, and does not open the same cart again until Pay', () => {
    for (const result of [{ type: 'failed' }, { type: 'refused', message: 'No.' }] as const) {
      const state = run(initialPaymentState('A', null), opened(1, result));
      expect(state.intent).toEqual({ status: 'none', key: 'A' });
      expect(state.step).toEqual({ name: 'ready' });
      expect(paymentView(state).failure).toBeNull();
      expect(run(state, { type: 'cart-changed', key: 'A' })).toBe(state);
    }
  });

  it('shows the server’s message when the cart asks for more than is left, until a cart that fits opens', () => {
    const refused = run(
      initialPaymentState('A', null),
      opened(1, { type: 'stock', message: 'Only 1 left.' }),
    );
    expect(refused.step).toEqual({ name: 'failed', failure: { kind: 'stock', message: 'Only 1 left.' } });
    expect(paymentView(refused).payDisabled).toBe(false);
    const fits = run(
      refused,
      { type: 'cart-changed', key: 'B' },
      opened(2, { type: 'open', intent: intent(2) }),
    );
    expect(fits.step).toEqual({ name: 'ready' });
  });

  it('keeps a payment failure shown when a new payment opens for a changed cart', () => {
    const declined = run(
      ready(),
      testPay,
      cardAnswer(1, { type: 'declined', message: 'Your card was declined.' }),
    );
    const changed = run(
      declined,
      { type: 'cart-changed', key: 'B' },
      opened(2, { type: 'open', intent: intent(2) }),
    );
    expect(changed.step).toEqual(declined.step);
  });

  it('shows the order instead of the card form when this very cart was paid already', () => {
    const state = run(initialPaymentState('A', null), opened(1, { type: 'open', intent: intent(1, order) }));
    expect(state.step).toEqual({ name: 'ordered', order });
    expect(paymentView(state)).toMatchObject({ working: true, payDisabled: true });
  });
});

describe('paying with the test processor', () => {
  it('confirms the payment already open for the cart, opening none, and shows the order it answers', () => {
    const state = ready();
    const paying = run(state, testPay);
    expect(paying.step).toEqual({
      name: 'paying',
      call: 1,
      method: { via: 'test', card },
      confirming: { via: 'test', card, intent: intent(1) },
      reopened: false,
    });
    expect(paying.tickets).toBe(1);
    expect(paymentView(paying)).toMatchObject({ working: true, payDisabled: true, failure: null });
    expect(run(paying, cardAnswer(1, { type: 'order', order })).step).toEqual({ name: 'ordered', order });
  });

  it('waits for the opening in flight for the cart instead of opening another', () => {
    const paying = run(initialPaymentState('A', null), testPay);
    expect(paying.step).toMatchObject({ name: 'paying', confirming: null });
    expect(paying.intent).toEqual({ status: 'opening', key: 'A', ticket: 1 });
    const confirming = run(paying, opened(1, { type: 'open', intent: intent(1) }));
    expect(confirming.step).toMatchObject({ confirming: { via: 'test', card, intent: intent(1) } });
  });

  it('opens the payment on Pay when its opening had failed, and says why it fails again', () => {
    const failedOpening = run(initialPaymentState('A', null), opened(1, { type: 'failed' }));
    const paying = run(failedOpening, testPay);
    expect(paying.intent).toEqual({ status: 'opening', key: 'A', ticket: 2 });
    expect(run(paying, opened(2, { type: 'refused', message: 'The total changed.' })).step).toEqual({
      name: 'failed',
      failure: { kind: 'payment', message: 'The total changed.' },
    });
    expect(run(paying, opened(2, { type: 'failed' })).step).toEqual({
      name: 'failed',
      failure: { kind: 'payment', message: '' },
    });
    expect(run(paying, opened(2, { type: 'stock', message: 'Sold out.' })).step).toEqual({
      name: 'failed',
      failure: { kind: 'stock', message: 'Sold out.' },
    });
  });

  it('follows a cart changed while Pay waits for its payment, and confirms the new one', () => {
    const paying = run(initialPaymentState('A', null), testPay, { type: 'cart-changed', key: 'B' });
    expect(paying.intent).toEqual({ status: 'opening', key: 'B', ticket: 2 });
    const stale = run(paying, opened(1, { type: 'open', intent: intent(1) }));
    expect(stale).toBe(paying);
    expect(run(stale, opened(2, { type: 'open', intent: intent(2) })).step).toMatchObject({
      confirming: { intent: intent(2) },
    });
  });

  it('acts on the first of two Pay clicks only', () => {
    const paying = run(ready(), testPay);
    expect(run(paying, testPay)).toBe(paying);
    expect(run(paying, stripePay)).toBe(paying);
    expect(run(paying, { type: 'card-invalid' })).toBe(paying);
    const ordered = run(paying, cardAnswer(1, { type: 'order', order }));
    expect(run(ordered, testPay)).toBe(ordered);
  });

  it('clears what it said when Pay finds the card form wrong (the fields say why)', () => {
    const declined = run(ready(), testPay, cardAnswer(1, { type: 'declined', message: 'Declined.' }));
    expect(run(declined, { type: 'card-invalid' }).step).toEqual({ name: 'ready' });
  });

  it('says why a card was declined, and pays the same open payment again', () => {
    const declined = run(
      ready(),
      testPay,
      cardAnswer(1, { type: 'declined', message: 'Your card was declined.' }),
    );
    expect(paymentView(declined)).toMatchObject({
      working: false,
      payDisabled: false,
      failure: { kind: 'payment', message: 'Your card was declined.' },
    });
    const again = run(declined, testPay);
    expect(again.tickets).toBe(1);
    expect(again.step).toMatchObject({ call: 2, confirming: { intent: intent(1) } });
    expect(paymentView(again).failure).toBeNull();
  });

  it('sends the shopper to review the cart when units sold meanwhile, and asks the server afresh on the next Pay', () => {
    const retry = run(ready(), testPay, cardAnswer(1, { type: 'retry', message: 'Only 1 of Granola left.' }));
    expect(retry.step).toEqual({
      name: 'failed',
      failure: { kind: 'stock', message: 'Only 1 of Granola left.' },
    });
    expect(retry.intent).toEqual({ status: 'none', key: 'A' });
    expect(run(retry, testPay).intent).toEqual({ status: 'opening', key: 'A', ticket: 2 });
  });

  it('opens the payment again once when the server does not know it, then says so', () => {
    const unknownPayment: CardResult = {
      type: 'refused',
      message: 'Payment not found.',
      unknownPayment: true,
    };
    const reopening = run(ready(), testPay, cardAnswer(1, unknownPayment));
    expect(reopening.intent).toEqual({ status: 'opening', key: 'A', ticket: 2 });
    expect(reopening.step).toMatchObject({ name: 'paying', call: 2, confirming: null, reopened: true });
    const confirming = run(reopening, opened(2, { type: 'open', intent: intent(2) }));
    expect(confirming.step).toMatchObject({ call: 2, confirming: { intent: intent(2) } });
    expect(run(confirming, cardAnswer(2, unknownPayment)).step).toEqual({
      name: 'failed',
      failure: { kind: 'payment', message: 'Payment not found.' },
    });
  });

  it('says what was wrong with the input, and keeps the open payment', () => {
    const refused = run(
      ready(),
      testPay,
      cardAnswer(1, { type: 'refused', message: 'Too many attempts.', unknownPayment: false }),
    );
    expect(refused.step).toEqual({
      name: 'failed',
      failure: { kind: 'payment', message: 'Too many attempts.' },
    });
    expect(refused.intent.status).toBe('open');
  });

  it('ignores an answer for an earlier Pay', () => {
    const paying = run(ready(), testPay);
    expect(run(paying, cardAnswer(7, { type: 'order', order }))).toBe(paying);
  });

  it('does not open a new payment while the card step runs, and follows the cart once it failed', () => {
    const paying = run(ready(), testPay, { type: 'cart-changed', key: 'B' });
    expect(paying.intent).toEqual({ status: 'open', key: 'A', intent: intent(1) });
    expect(paymentView(paying).clientSecret).toBe('pi_1_secret_x');
    const declined = run(paying, cardAnswer(1, { type: 'declined', message: 'Declined.' }));
    expect(declined.intent).toEqual({ status: 'opening', key: 'B', ticket: 2 });
  });
});

describe('an expired payment', () => {
  it('says so, prices the cart again, then opens a new payment; Pay stays offered', () => {
    const expired = run(ready(), testPay, cardAnswer(1, { type: 'expired' }));
    expect(expired.step).toEqual({ name: 'expired', repricing: true });
    expect(expired.intent).toEqual({ status: 'none', key: 'A' });
    expect(paymentView(expired)).toEqual({
      working: false,
      payDisabled: false,
      failure: { kind: 'expired', message: EXPIRED },
      clientSecret: null,
    });
    // The cart's new prices do not open a payment before the pricing is done.
    const repriced = run(expired, { type: 'cart-changed', key: 'B' });
    expect(repriced.intent).toEqual({ status: 'none', key: 'A' });
    const reopened = run(repriced, { type: 'repriced' });
    expect(reopened.intent).toEqual({ status: 'opening', key: 'B', ticket: 2 });
    expect(paymentView(reopened).failure).toEqual({ kind: 'expired', message: EXPIRED });
    // The message stays with the new payment, until Pay.
    const open = run(reopened, opened(2, { type: 'open', intent: intent(2) }));
    expect(open.step).toEqual({ name: 'expired', repricing: false });
    expect(run(open, testPay).step).toMatchObject({ name: 'paying', confirming: { intent: intent(2) } });
  });

  it('is recognised from the opening Pay waits for, and from recording or checking the order', () => {
    const waiting = run(initialPaymentState('A', null), testPay, opened(1, { type: 'expired' }));
    expect(waiting.step).toEqual({ name: 'expired', repricing: true });
    const placing = initialPaymentState('A', { paymentIntentId: 'pi_9', succeeded: true });
    expect(run(placing, orderAnswer(1, { type: 'expired' })).step).toEqual({
      name: 'expired',
      repricing: true,
    });
  });

  it('an expired opening the page made by itself is only noted', () => {
    const state = run(initialPaymentState('A', null), opened(1, { type: 'expired' }));
    expect(state.step).toEqual({ name: 'ready' });
    expect(state.intent).toEqual({ status: 'none', key: 'A' });
  });

  it('ignores a late end of pricing once Pay was pressed', () => {
    const paying = run(ready(), testPay, cardAnswer(1, { type: 'expired' }), testPay);
    expect(paying.step).toMatchObject({ name: 'paying', confirming: null });
    expect(run(paying, { type: 'repriced' })).toBe(paying);
  });
});

describe('an unknown outcome', () => {
  const checking = () => run(ready(), testPay, cardAnswer(1, { type: 'unknown', paymentIntentId: 'pi_1' }));

  it('checks with the server, never offering Pay meanwhile', () => {
    const state = checking();
    expect(state.step).toEqual({ name: 'checking', call: 2, paymentIntentId: 'pi_1' });
    expect(paymentView(state)).toMatchObject({
      working: true,
      payDisabled: true,
      failure: { kind: 'checking', message: 'Checking your payment…' },
    });
    expect(run(state, testPay)).toBe(state);
  });

  it('shows the order the server finds', () => {
    expect(run(checking(), orderAnswer(2, { type: 'order', order })).step).toEqual({
      name: 'ordered',
      order,
    });
  });

  it('says the card was not charged, and offers Pay again with the same payment', () => {
    const state = run(
      checking(),
      orderAnswer(2, { type: 'not-charged', message: 'Payment has not been completed.' }),
    );
    expect(state.step).toEqual({
      name: 'failed',
      failure: { kind: 'payment', message: 'Your card was not charged.' },
    });
    expect(run(state, testPay).step).toMatchObject({ name: 'paying', confirming: { intent: intent(1) } });
  });

  it('never offers Pay again when the server could not say in time, whatever happens next', () => {
    const unknown = run(checking(), orderAnswer(2, { type: 'unknown' }));
    expect(unknown.step).toEqual({ name: 'unknown' });
    expect(paymentView(unknown)).toEqual({
      working: false,
      payDisabled: true,
      failure: { kind: 'unknown', message: '' },
      clientSecret: 'pi_1_secret_x',
    });
    expect(run(unknown, testPay)).toBe(unknown);
    expect(run(unknown, stripePay)).toBe(unknown);
    expect(run(unknown, { type: 'card-invalid' })).toBe(unknown);
    expect(run(unknown, { type: 'repriced' })).toBe(unknown);
    expect(run(unknown, orderAnswer(2, { type: 'not-charged', message: 'x' }))).toBe(unknown);
    const changed = run(unknown, { type: 'cart-changed', key: 'B' });
    expect(changed.intent.status).toBe('open');
    expect(changed.step).toEqual({ name: 'unknown' });
  });

  it('an opening answered late does not offer Pay again either', () => {
    const pending = run(
      initialPaymentState('A', null),
      stripePay,
      cardAnswer(1, { type: 'paid', paymentIntentId: 'pi_1' }),
    );
    const unknown = run(pending, orderAnswer(2, { type: 'unknown' }), orderAnswer(3, { type: 'unknown' }));
    expect(unknown.step).toEqual({ name: 'unknown' });
    for (const result of [
      { type: 'stock', message: 'Sold out.' },
      { type: 'refused', message: 'No.' },
      { type: 'expired' },
    ] as const) {
      expect(run(unknown, opened(1, result)).step).toEqual({ name: 'unknown' });
    }
  });
});

describe('paying with Stripe', () => {
  it('confirms with Stripe’s form at once, even while the payment is still opening', () => {
    const paying = run(initialPaymentState('A', null), stripePay);
    expect(paying.step).toMatchObject({ name: 'paying', confirming: { via: 'stripe' } });
    expect(paying.intent.status).toBe('opening');
  });

  it("says 'Stripe has not been initialized.' when its form cannot take a card yet", () => {
    const state = run(initialPaymentState('A', null), stripePay, cardAnswer(1, { type: 'not-initialized' }));
    expect(paymentView(state)).toMatchObject({
      payDisabled: false,
      failure: { kind: 'not-initialized', message: 'Stripe has not been initialized.' },
    });
  });

  it('records the order of a payment Stripe took', () => {
    const placing = run(ready(), stripePay, cardAnswer(1, { type: 'paid', paymentIntentId: 'pi_1' }));
    expect(placing.step).toEqual({ name: 'placing', call: 2, paymentIntentId: 'pi_1' });
    expect(paymentView(placing)).toMatchObject({ working: true, payDisabled: true, failure: null });
    expect(run(placing, orderAnswer(2, { type: 'order', order })).step).toEqual({ name: 'ordered', order });
    expect(
      run(placing, orderAnswer(2, { type: 'not-charged', message: 'Payment has not been completed.' })).step,
    ).toEqual({
      name: 'failed',
      failure: { kind: 'payment', message: 'Payment has not been completed.' },
    });
    expect(run(placing, orderAnswer(2, { type: 'unknown' })).step).toEqual({
      name: 'checking',
      call: 3,
      paymentIntentId: 'pi_1',
    });
    expect(run(placing, orderAnswer(1, { type: 'order', order }))).toBe(placing);
  });

  it('back from a redirect that went through: records its order, opening no payment', () => {
    const state = initialPaymentState('A', { paymentIntentId: 'pi_7', succeeded: true });
    expect(state.step).toEqual({ name: 'placing', call: 1, paymentIntentId: 'pi_7' });
    expect(state.intent).toEqual({ status: 'none', key: null });
    expect(paymentView(state)).toMatchObject({ working: true, payDisabled: true, failure: null });
    expect(run(state, { type: 'cart-changed', key: 'B' }).intent.status).toBe('none');
    expect(run(state, orderAnswer(1, { type: 'order', order })).step).toEqual({ name: 'ordered', order });
    // Not paid after all: Pay is offered, with a payment opened for the cart.
    const notPaid = run(
      state,
      orderAnswer(1, { type: 'not-charged', message: 'Payment has not been completed.' }),
    );
    expect(notPaid.intent).toEqual({ status: 'opening', key: 'A', ticket: 1 });
    expect(paymentView(notPaid).payDisabled).toBe(false);
  });

  it('back from a redirect that failed: says the payment failed, and opens a payment', () => {
    const state = initialPaymentState('A', { paymentIntentId: 'pi_7', succeeded: false });
    expect(paymentView(state).failure).toEqual({ kind: 'payment', message: '' });
    expect(state.intent).toEqual({ status: 'opening', key: 'A', ticket: 1 });
  });
});

describe('the checkout’s payment status', () => {
  it('is processing while a payment is under way, failed when it failed or expired, and left alone otherwise', () => {
    expect(paymentStatusOf({ name: 'ready' })).toBeNull();
    expect(paymentStatusOf(run(ready(), testPay).step)).toBe('processing');
    expect(paymentStatusOf({ name: 'placing', call: 1, paymentIntentId: 'pi_1' })).toBe('processing');
    expect(paymentStatusOf({ name: 'checking', call: 1, paymentIntentId: 'pi_1' })).toBe('processing');
    expect(paymentStatusOf({ name: 'failed', failure: { kind: 'payment', message: '' } })).toBe('failed');
    expect(paymentStatusOf({ name: 'expired', repricing: true })).toBe('failed');
    expect(paymentStatusOf({ name: 'ordered', order })).toBeNull();
    expect(paymentStatusOf({ name: 'unknown' })).toBeNull();
  });
});

describe('cartKey', () => {
  const info = {
    firstName: 'Jordan',
    lastName: 'Lee',
    address1: '1055 Canada Place',
    city: 'Vancouver',
    state: 'British Columbia',
    postalCode: 'V6C 0C3',
    country: 'Canada',
    phoneNumber: '+16045550123',
    email: 'jordan@example.com',
  } as Parameters<typeof cartKey>[2];

  it('changes with the amount, a line or the address, and with nothing else about the lines', () => {
    const key = cartKey(1795, [{ id: 1, quantity: 1 }], info);
    expect(cartKey(1795, [{ id: 1, quantity: 1, name: 'Granola' } as never], info)).toBe(key);
    expect(cartKey(1800, [{ id: 1, quantity: 1 }], info)).not.toBe(key);
    expect(cartKey(1795, [{ id: 1, quantity: 2 }], info)).not.toBe(key);
    expect(cartKey(1795, [{ id: 1, quantity: 1 }], { ...info, address1: '4700 Kingsway' })).not.toBe(key);
  });
});
