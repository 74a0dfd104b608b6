/**
 * What the payment step's calls answer (decisions 0013, 0022, 0045 and 0048): opening a payment,
 * confirming the test card, recording the order and checking it. Results, never thrown errors; an
 * expiry is known by the answer's `type`, never by its words.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutRequest, PaymentIntent } from './checkout-api';
import { confirmWithStripe, confirmWithTestCard } from './confirm-payment';
import { checkOrder, openPayment, recordOrder } from './payment-outcomes';

const anOrder = {
  id: 42,
  user_id: 7,
  created_at: '2026-11-29T10:00:00.000Z',
  status: 'Pending',
  total: 17.55,
  subtotal: 11.95,
  shipping_cost: 5,
  tax_amount: 0.6,
  is_paid: true,
  payment_intent_id: 'pi_1',
  shipping_address: '1055 Canada Place',
  shipping_address2: null,
  shipping_city: 'Vancouver',
  shipping_state: 'British Columbia',
  shipping_country: 'Canada',
  shipping_postal_code: 'V6C 0C3',
  first_name: 'Jordan',
  last_name: 'Lee',
  email: 'jordan@example.com',
  phone_number: '+16045550123',
  items: [{ id: 1, product_id: 3, product_name: 'Maple Almond Granola', quantity: 1, price: 1195 }],
};

const intent: PaymentIntent = {
  client_secret: 'pi_1_secret_x',
  payment_intent_id: 'pi_1',
  provider: 'test',
  amount: 1755,
};
const card = { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' };

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const request = {
  user: { id: 7, email: 'jordan@example.com' },
  shippingInfo: { firstName: 'Jordan' },
  items: [{ id: 3, name: 'Maple Almond Granola', quantity: 1, price: 11.95, totalPrice: 11.95 }],
  totals: { subtotalCents: 1195, shippingCents: 500, taxCents: 60, totalCents: 1755 },
} as unknown as CheckoutRequest;

/** Each path answers its reply; the catalogue answers []. */
function stub(replies: Record<string, () => Response | Error>) {
  const fetch = vi.fn((path: string) => {
    const reply = path === '/api/products' ? answer(200, []) : replies[path]?.();
    if (!reply) throw new Error(`unexpected call to ${path}`);
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The test processor's confirmation answers `reply`. */
const stubConfirm = (reply: Response | Error) => stub({ '/api/payments/test/confirm': () => reply });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const INTENT = '/api/payments/create-payment-intent';
const opened = { client_secret: 'pi_1_secret_x', payment_intent_id: 'pi_1', provider: 'test', amount: 1755 };

describe('openPayment', () => {
  it('answers the open payment, or the order when this cart was paid already', async () => {
    stub({ [INTENT]: () => answer(200, opened) });
    expect(await openPayment(request)).toEqual({ type: 'open', intent: opened });
    stub({ [INTENT]: () => answer(200, { ...opened, order: anOrder }) });
    expect(await openPayment(request)).toMatchObject({ type: 'open', intent: { order: { id: 42 } } });
  });

  it('tells a refusal for stock from an expiry by the type, not the words', async () => {
    const fetch = stub({ [INTENT]: () => answer(409, { message: 'Only 1 of Granola left.' }) });
    expect(await openPayment(request)).toEqual({ type: 'stock', message: 'Only 1 of Granola left.' });
    expect(fetch.mock.calls.map(([path]) => path)).toContain('/api/products');
    stub({ [INTENT]: () => answer(409, { type: 'expired', message: 'Only 1 of Granola left.' }) });
    expect(await openPayment(request)).toEqual({ type: 'expired' });
  });

  it('answers other refusals with the server’s reason, and anything else as failed (logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stub({ [INTENT]: () => answer(400, { message: 'The total changed.' }) });
    expect(await openPayment(request)).toEqual({ type: 'refused', message: 'The total changed.' });
    stub({ [INTENT]: () => answer(500, { message: 'Internal server error' }) });
    expect(await openPayment(request)).toEqual({ type: 'failed' });
    stub({ [INTENT]: () => new TypeError('Failed to fetch') });
    expect(await openPayment(request)).toEqual({ type: 'failed' });
    expect(logged).toHaveBeenCalledTimes(3);
  });

  it('answers an opening it was told to drop as failed, without a word', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const controller = new AbortController();
    stub({
      [INTENT]: () => {
        controller.abort();
        return new DOMException('aborted', 'AbortError');
      },
    });
    expect(await openPayment(request, controller.signal)).toEqual({ type: 'failed' });
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('recordOrder and checkOrder', () => {
  it('answer the order of a paid payment', async () => {
    stub({ '/api/orders': () => answer(201, anOrder) });
    expect(await recordOrder(request, 'pi_1')).toMatchObject({ type: 'order', order: { id: 42 } });
    expect(await checkOrder(request, 'pi_1')).toMatchObject({ type: 'order', order: { id: 42 } });
  });

  it('answer not charged for a 402, and expired for a 409 that says so', async () => {
    stub({ '/api/orders': () => answer(402, { message: 'Payment has not been completed.' }) });
    expect(await recordOrder(request, 'pi_1')).toEqual({
      type: 'not-charged',
      message: 'Payment has not been completed.',
    });
    expect(await checkOrder(request, 'pi_1')).toEqual({
      type: 'not-charged',
      message: 'Payment has not been completed.',
    });
    stub({ '/api/orders': () => answer(409, { type: 'expired', message: 'Too long.' }) });
    expect(await recordOrder(request, 'pi_1')).toEqual({ type: 'expired' });
    expect(await checkOrder(request, 'pi_1')).toEqual({ type: 'expired' });
  });

  it('leave the outcome unknown when the order cannot be recorded or found in time', async () => {
    vi.useFakeTimers();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stub({ '/api/orders': () => answer(500, { message: 'Internal server error' }) });
    const recorded = recordOrder(request, 'pi_1');
    await vi.runAllTimersAsync();
    expect(await recorded).toEqual({ type: 'unknown' });
    expect(logged).toHaveBeenCalledWith(
      'Failed to record the order; checking the payment',
      expect.anything(),
    );
    const checked = checkOrder(request, 'pi_1');
    await vi.runAllTimersAsync();
    expect(await checked).toEqual({ type: 'unknown' });
  });
});

describe('confirmWithTestCard', () => {
  it('answers the order the payment became, with one call', async () => {
    const fetch = stubConfirm(answer(200, { type: 'order', order: anOrder }));
    const result = await confirmWithTestCard(intent, card);
    expect(result).toMatchObject({ type: 'order', order: { id: 42, payment_intent_id: 'pi_1' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/payments/test/confirm');
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      client_secret: 'pi_1_secret_x',
      card,
    });
  });

  it('tells a declined card, an expired checkout and a cart to review apart by the answer’s type', async () => {
    stubConfirm(answer(402, { type: 'declined', message: 'Your card was declined.' }));
    expect(await confirmWithTestCard(intent, card)).toEqual({
      type: 'declined',
      message: 'Your card was declined.',
    });
    // An expiry is known by its type, whatever its words.
    stubConfirm(answer(409, { type: 'expired', message: 'Some other words.' }));
    expect(await confirmWithTestCard(intent, card)).toEqual({ type: 'expired' });
    const fetch = stubConfirm(answer(409, { type: 'retry', message: 'Only 1 of Granola left.' }));
    expect(await confirmWithTestCard(intent, card)).toEqual({
      type: 'retry',
      message: 'Only 1 of Granola left.',
    });
    // The cart drawer and page learn the stock.
    expect(fetch.mock.calls.map(([path]) => path)).toContain('/api/products');
  });

  it('says what was wrong with bad input, and which answer means the server does not know the payment', async () => {
    stubConfirm(answer(400, { message: 'Your card number is invalid.' }));
    expect(await confirmWithTestCard(intent, card)).toEqual({
      type: 'refused',
      message: 'Your card number is invalid.',
      unknownPayment: false,
    });
    stubConfirm(answer(404, { message: 'Payment not found.' }));
    expect(await confirmWithTestCard(intent, card)).toEqual({
      type: 'refused',
      message: 'Payment not found.',
      unknownPayment: true,
    });
    stubConfirm(answer(429, { message: 'Too many requests.' }));
    expect(await confirmWithTestCard(intent, card)).toMatchObject({ type: 'refused', unknownPayment: false });
  });

  it('leaves the outcome unknown after a lost answer, a server error or an answer that makes no sense', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const reply of [
      new TypeError('Failed to fetch'),
      answer(500, { message: 'Internal server error' }),
      answer(503, { message: 'Unavailable' }),
      answer(200, { status: 'succeeded' }),
    ]) {
      stubConfirm(reply);
      expect(await confirmWithTestCard(intent, card)).toEqual({ type: 'unknown', paymentIntentId: 'pi_1' });
    }
    expect(logged).toHaveBeenCalledWith(
      'The card step failed without an answer; checking the payment',
      expect.anything(),
    );
  });
});

describe('confirmWithStripe', () => {
  it('says the form is not ready when Stripe has not handed it over', async () => {
    expect(await confirmWithStripe(null)).toEqual({ type: 'not-initialized' });
  });
});
