/**
 * A Google-only account deletes itself with a fresh Google sign-in of its own Google identity, as
 * decision 0040 asks for its e-mail (decision 0043).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GOOGLE_REAUTH_MAX_AGE_MINUTES } from '../../../domain/accounts.js';
import { messages } from '../../../domain/messages.js';
import { privacyMessages } from '../../../domain/privacy.js';
import {
  call,
  expectMessage,
  googleToken,
  insertUser,
  mintToken,
  PASSWORD,
  setUpUsersApp,
  uniqueEmail,
  userRow,
} from '../users/users-test-kit.js';

setUpUsersApp();

async function googleOnly() {
  const subject = `g-${randomBytes(6).toString('hex')}`;
  const row = await insertUser({
    email: uniqueEmail('google-leaving'),
    passwordHash: null,
    googleSubject: subject,
    emailVerifiedAt: new Date(),
  });
  return { id: row.id, subject, token: await mintToken(row.id) };
}
const minutesAgo = (minutes: number) => Math.floor(Date.now() / 1000) - minutes * 60;

describe('a Google-only account deleting itself', () => {
  it('needs a Google sign-in of the last few minutes, of its own Google identity', async () => {
    const account = await googleOnly();
    const erase = (body: Record<string, unknown>) =>
      call('POST', `/api/users/${account.id}/erasure`, { token: account.token, body });
    expectMessage(await erase({}), 400, privacyMessages.googleAgainForDeletion);
    expectMessage(await erase({ currentPassword: PASSWORD }), 400, privacyMessages.googleAgainForDeletion);
    expectMessage(
      await erase({ googleToken: await googleToken({}, { subject: 'someone-else' }) }),
      400,
      messages.googleReauthMismatch,
    );
    expectMessage(
      await erase({
        googleToken: await googleToken(
          {},
          { subject: account.subject, issuedAt: minutesAgo(GOOGLE_REAUTH_MAX_AGE_MINUTES + 1) },
        ),
      }),
      400,
      messages.googleReauthStale,
    );
    expect(await userRow(account.id)).toBeDefined();

    const res = await erase({ googleToken: await googleToken({}, { subject: account.subject }) });
    expect(res.statusCode, res.body).toBe(204);
    expect(await userRow(account.id)).toBeUndefined();
  });
});
