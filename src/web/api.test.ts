/**
 * The request helper's retry of a 503 with Retry-After (decision 0020): the embedded database's
 * queue and a briefly unreachable database answer that before doing anything, so sending again is
 * safe. And what a refusal keeps of its answer: the message, and the `type` beside it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, userMessage } from './api';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest and a 503', () => {
  it('sends again after the Retry-After a 503 asks for, and answers what comes next', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(503, { message: 'busy' }, { 'retry-after': '1' }))
      .mockResolvedValueOnce(answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    const pending = apiRequest('/api/orders', { method: 'POST', body: { payment_intent_id: 'pi_1' } });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    // The same request both times.
    expect(fetch.mock.calls[1]).toEqual(fetch.mock.calls[0]);
  });

  it('gives up after two retries with the server’s message, and does not retry a 503 without Retry-After', async () => {
    vi.useFakeTimers();
    const busy = vi.fn(() =>
      Promise.resolve(answer(503, { message: 'still busy' }, { 'retry-after': '30' })),
    );
    vi.stubGlobal('fetch', busy);
    const pending = apiRequest('/api/contact', { method: 'POST', body: {} }).catch((error: unknown) => error);
    // Waits are capped at 5 s each.
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: 'still busy' });
    expect(busy).toHaveBeenCalledTimes(3);

    const plain = vi.fn(() => Promise.resolve(answer(503, { message: 'down' })));
    vi.stubGlobal('fetch', plain);
    await expect(apiRequest('/api/products')).rejects.toMatchObject({ status: 503, message: 'down' });
    expect(plain).toHaveBeenCalledTimes(1);
  });
});

describe('userMessage', () => {
  it("shows the server's message for a client error, and the fallback for anything else", () => {
    expect(userMessage(new ApiError('Only 2 left', 409), 'Failed')).toBe('Only 2 left');
    expect(userMessage(new ApiError('Bad field', 400), 'Failed')).toBe('Bad field');
    expect(userMessage(new ApiError('Internal server error', 500), 'Failed')).toBe('Failed');
    expect(userMessage(new ApiError('We will be right back', 503), 'Failed')).toBe('Failed');
    expect(userMessage(new TypeError('fetch failed'), 'Failed')).toBe('Failed');
    expect(userMessage(undefined, 'Failed')).toBe('Failed');
  });

  it('leaves a 401 to the session layer unless the screen asks for it', () => {
    const expired = new ApiError('Authentication required', 401);
    expect(userMessage(expired, 'Failed')).toBe('Failed');
    expect(userMessage(new ApiError('Invalid email or password', 401), 'Failed', { include401: true })).toBe(
      'Invalid email or password',
    );
  });
});

describe('ApiError', () => {
  it("keeps the answer's type beside its message, and has none when the answer names none", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(answer(409, { type: 'expired', message: 'Open too long' }))
        .mockResolvedValueOnce(answer(409, { message: 'Only 2 left' }))
        .mockResolvedValueOnce(answer(409, { type: 7, message: 'Odd' })),
    );
    await expect(apiRequest('/api/orders', { method: 'POST' })).rejects.toMatchObject({
      status: 409,
      type: 'expired',
      message: 'Open too long',
    });
    const plain = await apiRequest('/api/orders', { method: 'POST' }).catch((error: unknown) => error);
    expect(plain).toMatchObject({ status: 409, message: 'Only 2 left' });
    expect((plain as ApiError).type).toBeUndefined();
    const odd = await apiRequest('/api/orders', { method: 'POST' }).catch((error: unknown) => error);
    expect((odd as ApiError).type).toBeUndefined();
  });
});
