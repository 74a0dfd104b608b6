/**
 * The tracker sender (docs/product.md, Marketing): events recorded locally, then handed to
 * Klaviyo's onsite object in order once it exists, polling at 200 ms (500 ms for the confirmation),
 * and given up after a bound. Runs in Node with a minimal `window`; fake timers stand in for the
 * clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TrackModuleType from './track';

type TrackModule = typeof TrackModuleType;
type Call = [string, ...unknown[]];

let calls: Call[];
const fakeKlaviyo = () => ({
  track: (name: string, props: unknown) => void calls.push(['track', name, props]),
  identify: (props: unknown) => void calls.push(['identify', props]),
});

async function freshModule(): Promise<TrackModule> {
  vi.resetModules();
  return import('./track');
}

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  vi.stubGlobal('window', { setTimeout: globalThis.setTimeout });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('track', () => {
  it('records every event locally, and sends nothing when no tracker is configured', async () => {
    const { track, identify, configureTracker } = await freshModule();
    window.klaviyo = fakeKlaviyo();
    configureTracker(false);
    identify({ email: 'ada@example.ca', firstName: 'Ada', lastName: 'Maple' });
    track('Viewed Product', { ProductID: 1 });
    await vi.runAllTimersAsync();
    expect(window.__northbiteEvents?.map((e) => [e.event, e.properties])).toEqual([
      ['identify', { email: 'ada@example.ca', first_name: 'Ada', last_name: 'Maple' }],
      ['Viewed Product', { ProductID: 1 }],
    ]);
    expect(calls).toEqual([]);
  });

  it('waits for a late tracker, polling every 200 ms, then sends everything in order', async () => {
    const { track, identify, configureTracker, TRACKER_RETRY_MS } = await freshModule();
    // Events fired before the layout says a tracker is configured wait for that too.
    identify({ email: 'ada@example.ca', firstName: 'Ada', lastName: 'Maple' });
    configureTracker(true);
    track('Viewed Product', { ProductID: 1 });
    track('Added to Cart', { ProductID: 1, Quantity: 2 });
    await vi.advanceTimersByTimeAsync(TRACKER_RETRY_MS * 5);
    expect(calls).toEqual([]);
    window.klaviyo = fakeKlaviyo();
    await vi.advanceTimersByTimeAsync(TRACKER_RETRY_MS - 1);
    expect(calls.length).toBeLessThanOrEqual(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([
      ['identify', { email: 'ada@example.ca', first_name: 'Ada', last_name: 'Maple' }],
      ['track', 'Viewed Product', { ProductID: 1 }],
      ['track', 'Added to Cart', { ProductID: 1, Quantity: 2 }],
    ]);
  });

  it('polls every 500 ms for the confirmation page event', async () => {
    const { track, configureTracker, CONFIRMATION_TRACKER_RETRY_MS } = await freshModule();
    configureTracker(true);
    track('Placed Order', { OrderId: 7 }, { retryMs: CONFIRMATION_TRACKER_RETRY_MS });
    await vi.advanceTimersByTimeAsync(10);
    window.klaviyo = fakeKlaviyo();
    await vi.advanceTimersByTimeAsync(CONFIRMATION_TRACKER_RETRY_MS - 20);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(calls).toEqual([['track', 'Placed Order', { OrderId: 7 }]]);
  });

  it('ignores an object that is not ready yet (the snippet stub without track/identify)', async () => {
    const { track, configureTracker, TRACKER_RETRY_MS } = await freshModule();
    configureTracker(true);
    window.klaviyo = {};
    track('Started Checkout', { $value: 12 });
    await vi.advanceTimersByTimeAsync(TRACKER_RETRY_MS * 3);
    expect(calls).toEqual([]);
    window.klaviyo = fakeKlaviyo();
    await vi.advanceTimersByTimeAsync(TRACKER_RETRY_MS);
    expect(calls).toEqual([['track', 'Started Checkout', { $value: 12 }]]);
  });

  it('gives up after the bound instead of polling forever, and later events do not wait again', async () => {
    const { track, configureTracker, TRACKER_WAIT_LIMIT_MS } = await freshModule();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureTracker(true);
    track('Viewed Product', { ProductID: 1 });
    await vi.advanceTimersByTimeAsync(TRACKER_WAIT_LIMIT_MS + 1000);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    track('Viewed Product', { ProductID: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
    // A tracker that turns up after all is used for what comes next.
    window.klaviyo = fakeKlaviyo();
    track('Viewed Product', { ProductID: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([['track', 'Viewed Product', { ProductID: 3 }]]);
    warn.mockRestore();
  });

  it('a tracker that throws does not stop the events after it', async () => {
    const { track, configureTracker } = await freshModule();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureTracker(true);
    let first = true;
    window.klaviyo = {
      identify: () => {},
      track: (name: string) => {
        if (first) {
          first = false;
          throw new Error('blocked');
        }
        calls.push(['track', name]);
      },
    };
    track('Viewed Product', {});
    track('Added to Cart', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([['track', 'Added to Cart']]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
