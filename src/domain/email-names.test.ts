import { describe, expect, it } from 'vitest';
import { EMAIL_NAME_MAX_LENGTH, fullNameForEmail, greeting, nameForEmail } from './email-names.js';

describe('nameForEmail', () => {
  it.each([
    ['Jane', 'Jane'],
    ['  Anne-Marie  ', 'Anne-Marie'],
    ["O'Brien", "O'Brien"],
    ['D\u2019Arcy', 'D\u2019Arcy'],
    ['José Ñúñez', 'José Ñúñez'],
    ['Thérèse  de\tla Tour', 'Thérèse de la Tour'],
    ['J. R. R.', 'J. R. R.'],
    ['Martin Jr.', 'Martin Jr.'],
    ['Nguyễn', 'Nguyễn'],
    ['李小龍', '李小龍'],
    ['Ива́н', 'Ива́н'],
    ['x'.repeat(EMAIL_NAME_MAX_LENGTH), 'x'.repeat(EMAIL_NAME_MAX_LENGTH)],
  ])('keeps %j', (name, expected) => {
    expect(nameForEmail(name)).toBe(expected);
  });

  it.each([
    // Links, domains and addresses a mail client would make clickable.
    'URGENT: claim your refund at https://evil.example',
    'https://evil.example',
    'www.evil',
    'evil.example',
    'Jo evil.ca',
    'St.John',
    'jo@evil.example',
    'Jo..',
    // Not a name: digits, punctuation, markup, control characters.
    'Call 555 0100',
    'Jo <b>',
    'Jo: read this',
    'Jo\u200bevil',
    'Jo\u202eevil',
    '=1+1',
    // Nothing, or too long.
    '',
    '   ',
    "'-.",
    'x'.repeat(EMAIL_NAME_MAX_LENGTH + 1),
    null,
    undefined,
  ])('leaves out %j', (name) => {
    expect(nameForEmail(name)).toBeNull();
  });
});

describe('greeting', () => {
  it('greets by a name that passes, else without a name', () => {
    expect(greeting('Jane')).toBe('Hi Jane,');
    expect(greeting('URGENT: claim your refund at https://evil.example')).toBe('Hi,');
    expect(greeting(null)).toBe('Hi,');
  });
});

describe('fullNameForEmail', () => {
  it('keeps the parts that pass', () => {
    expect(fullNameForEmail('Jane', 'Doe')).toBe('Jane Doe');
    expect(fullNameForEmail('Jane', 'see www.evil.example')).toBe('Jane');
    expect(fullNameForEmail('http://x.y', 'Doe')).toBe('Doe');
    expect(fullNameForEmail('http://x.y', 'a.b')).toBeNull();
  });
});
