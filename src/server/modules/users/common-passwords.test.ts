import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../../../domain/accounts.js';
import { commonPasswordList, isCommonPassword } from './common-passwords.js';

describe('the common-password list', () => {
  it('holds the package dictionary from the minimum length up, lower-cased, loaded once', () => {
    const list = commonPasswordList();
    // @zxcvbn-ts/language-common 4.1.3: 49,233 passwords, 17,950 of them 8 characters or more. A
    // new version of the package moves this figure: check decision 0026's comparison still holds.
    expect(list.size).toBe(17_950);
    expect(commonPasswordList()).toBe(list);
    for (const password of list) {
      expect(password.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(password).toBe(password.toLowerCase());
    }
  });

  it.each([
    'password',
    '12345678',
    'qwertyuiop',
    'Password1',
    'QWERTY123',
    'password123',
    'iloveyou1',
    'drowssap1', // a listed one backwards
    'aaaaaaaa', // a short chunk, repeated
    'qwerqwer',
    '12341234',
    'qwertyqwerty',
    'password1password1', // a common one, repeated
    'abcdefgh', // a run
    '87654321',
    '25121990', // a date: day, month or year first
    '12251990',
    '19901225',
  ])('refuses %j', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each([
    'a brand new maple phrase',
    'correct horse battery staple oats',
    'Zq7!pLm2',
    'sugar-maple-owner-2024',
    'Zq7!pLm2Zq7!pLm2', // a strong chunk twice is as strong as the chunk
    '13131990', // not a date (no 13th month, no 31st of the 13th)
    'abcdefgz',
  ])('accepts %j', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
