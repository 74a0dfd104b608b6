import { describe, expect, it } from 'vitest';
import { monthDayYear, monthYear } from './dates';

describe('dates written for people', () => {
  const days = Array.from({ length: 400 }, (_, i) =>
    new Date(Date.UTC(2025, 0, 1 + i * 3, 7, 30)).toISOString(),
  );

  it("writes a day as Intl's en-CA long date does, from the day the ISO text names", () => {
    const intl = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' });
    for (const iso of days) expect(monthDayYear(iso), iso).toBe(intl.format(new Date(iso)));
    expect(monthDayYear('2026-11-29')).toBe('November 29, 2026');
    // A time late in the day in Vancouver is still that day.
    expect(monthDayYear('2026-11-29T23:30:00-08:00')).toBe('November 29, 2026');
  });

  it("writes a month as Intl's en-CA month and year in UTC does", () => {
    const intl = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', timeZone: 'UTC' });
    for (const iso of [...days, '2026-05-01', '2026-04-30T23:30:00-07:00'])
      expect(monthYear(iso), iso).toBe(intl.format(new Date(iso)));
  });
});
