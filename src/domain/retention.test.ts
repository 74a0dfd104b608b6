import { describe, expect, it } from 'vitest';
import { nextHousekeepingRun, orderRetentionCutoff } from './retention';

describe('nextHousekeepingRun', () => {
  it('is today at 08:00 UTC while that is still ahead', () => {
    expect(nextHousekeepingRun(new Date('2026-11-22T07:59:59.999Z')).toISOString()).toBe(
      '2026-11-22T08:00:00.000Z',
    );
  });

  it('is tomorrow once 08:00 UTC has come, across months and years', () => {
    expect(nextHousekeepingRun(new Date('2026-11-22T08:00:00.000Z')).toISOString()).toBe(
      '2026-11-23T08:00:00.000Z',
    );
    expect(nextHousekeepingRun(new Date('2026-11-30T23:00:00.000Z')).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(nextHousekeepingRun(new Date('2026-12-31T12:00:00.000Z')).toISOString()).toBe(
      '2027-01-01T08:00:00.000Z',
    );
  });
});

describe('orderRetentionCutoff', () => {
  it('is the same moment that many years earlier (a leap day falls on 1 March)', () => {
    expect(orderRetentionCutoff(new Date('2026-11-28T15:00:00.000Z'), 7).toISOString()).toBe(
      '2019-11-28T15:00:00.000Z',
    );
    expect(orderRetentionCutoff(new Date('2028-02-29T00:00:00.000Z'), 7).toISOString()).toBe(
      '2021-03-01T00:00:00.000Z',
    );
  });
});
