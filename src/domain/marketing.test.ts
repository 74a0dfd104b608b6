import { describe, expect, it } from 'vitest';
import { newsletterSignupSchema } from './marketing.js';
import { messages } from './messages.js';

const { emailRequired: EMAIL_REQUIRED, invalidEmail: INVALID_EMAIL } = messages;

const messageOf = (input: unknown) => {
  const result = newsletterSignupSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('newsletter signup', () => {
  it('requires an e-mail', () => {
    expect(messageOf({})).toBe(EMAIL_REQUIRED);
    expect(messageOf({ email: '   ' })).toBe(EMAIL_REQUIRED);
  });
  it('refuses malformed e-mails', () => {
    expect(messageOf({ email: 'not-an-email' })).toBe(INVALID_EMAIL);
    expect(messageOf({ email: `${'a'.repeat(250)}@x.ca` })).toBe(INVALID_EMAIL);
  });
  it('normalises valid e-mails', () => {
    expect(newsletterSignupSchema.parse({ email: ' Sam@Example.CA ' })).toEqual({ email: 'sam@example.ca' });
  });
});
