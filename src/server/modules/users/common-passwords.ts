/**
 * The passwords attackers try first, refused at registration, reset and password change (NIST SP
 * 800-63B 5.1.1.2). The list is the password dictionary of the maintained `@zxcvbn-ts/language-common`
 * package, cut to what the shop's minimum length can accept. zxcvbn leaves repeats, runs and dates out
 * of its dictionary because its other matchers find them; the three small checks below do that job
 * here. Decision 0026 has the comparison with the list this replaced.
 */
import { createRequire } from 'node:module';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '../../../domain/accounts.js';

let list: Set<string> | undefined;

/** The dictionary, read on first use (about 27 ms and 4.4 MB of heap) and kept for the life of the process. */
export function commonPasswordList(): ReadonlySet<string> {
  if (!list) {
    // A synchronous, lazy load: importing the package decompresses all of its word lists at once.
    const { dictionary } = createRequire(import.meta.url)(
      '@zxcvbn-ts/language-common',
    ) as typeof LanguageCommon;
    list = new Set(
      dictionary['passwords-common']
        .filter((password) => password.length >= PASSWORD_MIN_LENGTH)
        .map((password) => password.toLowerCase()),
    );
  }
  return list;
}

/** The chunk a password repeats ('qwer' of 'qwerqwer'), or null when it is not one chunk over and over. */
const repeatedChunk = (password: string) => /^(.+?)\1+$/su.exec(password)?.[1] ?? null;

/** Each character one step after (or before) the last: 'abcdefgh', '87654321'. */
function isRun(password: string): boolean {
  const codes = Array.from(password, (char) => char.codePointAt(0)!);
  if (codes.length < 2) return false;
  const step = codes[1]! - codes[0]!;
  return (step === 1 || step === -1) && codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

/** Eight digits that read as a date, day first, month first or year first: '25121990', '19900101'. */
function isDate(password: string): boolean {
  if (!/^\d{8}$/.test(password)) return false;
  const valid = (day: string, month: string, year: string) =>
    Number(day) >= 1 &&
    Number(day) <= 31 &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(year) >= 1900 &&
    Number(year) <= 2099;
  const [a, b, rest] = [password.slice(0, 2), password.slice(2, 4), password.slice(4)];
  return (
    valid(a, b, rest) ||
    valid(b, a, rest) ||
    valid(password.slice(6), password.slice(4, 6), password.slice(0, 4))
  );
}

/**
 * True for a common password, forwards or backwards, a run, a date, or a repeat of a chunk that is too
 * short to be a password or is itself common ('aaaaaaaa', 'qwertyqwerty', '123456789123456789'; a
 * strong chunk typed twice is as strong as the chunk). Compared without case.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const passwords = commonPasswordList();
  if (passwords.has(lower) || passwords.has(Array.from(lower).reverse().join(''))) return true;
  if (isRun(lower) || isDate(lower)) return true;
  const chunk = repeatedChunk(lower);
  return chunk !== null && (chunk.length < PASSWORD_MIN_LENGTH || isCommonPassword(chunk));
}
