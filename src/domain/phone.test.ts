import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  formatPhoneAsTyped,
  nationalDigits,
  normalizePhone,
  PHONE_COUNTRIES,
  phoneCountry,
} from './phone.js';

describe('normalizePhone', () => {
  it.each([
    ['604 555 0123', '+16045550123'],
    ['(604) 555-0123', '+16045550123'],
    ['604.555.0123', '+16045550123'],
    ['6045550123', '+16045550123'],
    ['1-604-555-0123', '+16045550123'],
    ['+1 604 555 0123', '+16045550123'],
    ['+16045550123', '+16045550123'],
    ['416 555 0199', '+14165550199'], // Toronto
    ['(212) 555-1234', '+12125551234'], // New York
    ['+1 415 555 2671', '+14155552671'], // San Francisco
    ['800 555 1234', '+18005551234'], // toll-free, shared by both
  ])('reads %j as %j', (input, e164) => {
    expect(normalizePhone(input)).toBe(e164);
  });

  it('refuses short service numbers that reach no one person (310-xxxx)', () => {
    expect(normalizePhone('310 1234')).toBeNull();
    expect(normalizePhone('+1 310 1234')).toBeNull();
  });

  it('gives the same answer whichever of the two countries is the default', () => {
    for (const input of ['604 555 0123', '212 555 1234', '+1 604 555 0123']) {
      expect(normalizePhone(input, 'US')).toBe(normalizePhone(input, 'CA'));
    }
  });

  it.each([
    ['+44 20 7946 0958', 'United Kingdom'],
    ['+33 1 23 45 67 89', 'France'],
    ['011 44 20 7946 0958', 'UK dialled from North America'],
    ['+1 876 555 1234', 'Jamaica shares +1'],
    ['876 555 1234', 'Jamaica without the +1'],
    ['+1 242 555 1234', 'Bahamas shares +1'],
    ['999 555 1234', 'no such area code'],
    ['204 123 4567', 'exchanges never start with 1'],
    ['604 555 012', 'too short'],
    ['604 555 01234', 'too long'],
    ['', 'empty'],
    ['call me', 'not a number'],
  ])('refuses %j (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('phoneCountry', () => {
  it('tells Canadian from US numbers by area code, Canada when it cannot tell', () => {
    expect(phoneCountry('+16045550123')).toBe('CA');
    expect(phoneCountry('+14165550199')).toBe('CA');
    expect(phoneCountry('+12125551234')).toBe('US');
    expect(phoneCountry('not a number')).toBe('CA');
    expect(PHONE_COUNTRIES.map((country) => country.code)).toEqual(['CA', 'US']);
    expect(PHONE_COUNTRIES.every((country) => country.callingCode === '+1')).toBe(true);
  });
});

describe('formatting', () => {
  it('formats a stored number nationally and gives back what it cannot read', () => {
    expect(formatPhone('+16045550123')).toBe('(604) 555-0123');
    expect(formatPhone('+12125551234')).toBe('(212) 555-1234');
    expect(formatPhone('garbage')).toBe('garbage');
  });

  it('gives the national digits for editing', () => {
    expect(nationalDigits('+16045550123')).toBe('6045550123');
    expect(nationalDigits('+12125551234')).toBe('2125551234');
  });

  it('formats as the customer types', () => {
    expect(formatPhoneAsTyped('60', 'CA')).toBe('60');
    expect(formatPhoneAsTyped('604555', 'CA')).toBe('(604) 555');
    expect(formatPhoneAsTyped('6045550123', 'CA')).toBe('(604) 555-0123');
    expect(formatPhoneAsTyped('2125551234', 'US')).toBe('(212) 555-1234');
  });

  it('round-trips: what is stored reads back to itself', () => {
    for (const e164 of ['+16045550123', '+12125551234']) {
      expect(normalizePhone(formatPhone(e164))).toBe(e164);
      expect(normalizePhone(nationalDigits(e164))).toBe(e164);
    }
  });
});
