/**
 * Changing the e-mail or the password of one's own account needs proof that the owner is asking, in
 * the same request (decision 0040): the current password, or for a Google-only account a Google
 * sign-in of the last few minutes. Through the real app, with the e-mails going through a real SMTP
 * server on loopback, starting from the attack the review wrote down: with a stolen session, move
 * the account to the thief's address, follow the link, reset the password there.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_REAUTH_MAX_AGE_MINUTES, type User } from '../../../domain/accounts.js';
import { messages } from '../../../domain/messages.js';
import { authFailures, emailOutbox, sessions } from '../../db/schema.js';
import { linkTo, startMailbox, type Mailbox } from '../../testing/mailbox.js';
import { PAIR_FAILURE_LIMIT } from './login-throttle.js';
import {
  call,
  expectMessage,
  expectSignedIn,
  freshIp,
  googleToken,
  insertUser,
  login,
  mintToken,
  PASSWORD,
  register,
  registerAdmin,
  setUpUsersApp,
  strangerPrivateKey,
  t,
  uniqueEmail,
  userRow,
} from './users-test-kit.js';

const NEW_PASSWORD = 'Rolled-Oats-Maple-77';
const ANY = /./;

let inbox: Mailbox;
beforeAll(async () => {
  inbox = await startMailbox();
});
setUpUsersApp({ env: () => ({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://shop.northbite.test' }) });
afterAll(() => inbox?.close());

const patch = (auth: { token: string; id: number }, body: Record<string, unknown>, ip?: string) =>
  call('PATCH', `/api/users/${auth.id}`, { token: auth.token, body, ...(ip ? { ip } : {}) });
const changePassword = (auth: { token: string; id: number }, body: Record<string, unknown>) =>
  call('POST', `/api/users/${auth.id}/password`, { token: auth.token, body });
const mailTo = (email: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email.toLowerCase()));
const pairFailures = (email: string, ip: string) =>
  t.database.db
    .select()
    .from(authFailures)
    .where(eq(authFailures.key, `pair:${email.toLowerCase()}|${ip}`));

/** A victim with a password, and the session a thief stole from them. */
async function victim() {
  const auth = await register({ email: uniqueEmail('victim') });
  await inbox.waitFor(auth.user.email, ANY);
  return { id: auth.user.id, email: auth.user.email, token: auth.token };
}

describe('the takeover with a stolen session (e-mail change)', () => {
  it('refuses to move the account to another address without the current password, and sends nothing there', async () => {
    const owner = await victim();
    const thief = uniqueEmail('thief');
    expectMessage(await patch(owner, { email: thief }), 400, messages.currentPasswordForEmail);
    expectMessage(
      await patch(owner, { email: thief, currentPassword: '' }),
      400,
      messages.currentPasswordForEmail,
    );
    expectMessage(
      await patch(owner, { email: thief, currentPassword: 'Not-The-Password-1' }),
      400,
      messages.currentPasswordWrong,
    );
    expect(await userRow(owner.id)).toMatchObject({ email: owner.email, pendingEmail: null });
    expect(await mailTo(thief)).toEqual([]);
    // Refused as a whole: the other fields of the same request are not applied either.
    expectMessage(
      await patch(owner, { email: thief, firstName: 'Thief' }),
      400,
      messages.currentPasswordForEmail,
    );
    expect(await userRow(owner.id)).toMatchObject({ firstName: 'Ada' });
  });

  it('with the right password works as before: the link goes to the new address, which replaces the old one when followed', async () => {
    const owner = await victim();
    const next = uniqueEmail('moved');
    const res = await patch(owner, { email: next, currentPassword: PASSWORD, lastName: 'Moved' });
    expect(res.statusCode, res.body).toBe(200);
    const { user } = res.json() as { user: User };
    expect(user).toMatchObject({
      email: owner.email,
      pendingEmail: next,
      lastName: 'Moved',
      hasPassword: true,
    });
    expect(Object.keys(user)).not.toContain('currentPassword');

    const confirm = await inbox.waitFor(next, ANY);
    expect(confirm.subject).toBe('Confirm your new e-mail for Northbite');
    const notice = await inbox.waitFor(owner.email, ANY, { count: 2 });
    expect(notice.subject).toBe('Your Northbite e-mail is about to change');
    const token = new URL(linkTo('/verify-email', confirm.text).link).searchParams.get('token');
    const done = await call('POST', '/api/users/verify-email', { body: { token } });
    expect(done.statusCode, done.body).toBe(200);
    expect(await userRow(owner.id)).toMatchObject({ email: next, pendingEmail: null });
    expect((await login(next, PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong current passwords against the login throttle, so a stolen session cannot guess the password', async () => {
    const owner = await victim();
    const ip = freshIp();
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
      expectMessage(
        await patch(owner, { email: uniqueEmail('guess'), currentPassword: `Guess-${i}-abcdef` }, ip),
        400,
        messages.currentPasswordWrong,
      );
    }
    expect(await pairFailures(owner.email, ip)).toHaveLength(PAIR_FAILURE_LIMIT);
    // The guessing client is stopped on this account, even with the right password, here and at login.
    expectMessage(
      await patch(owner, { email: uniqueEmail('guess'), currentPassword: PASSWORD }, ip),
      429,
      messages.tooManyRequests,
    );
    expectMessage(await login(owner.email, PASSWORD, ip), 429, messages.tooManyRequests);
    expect(await userRow(owner.id)).toMatchObject({ pendingEmail: null });
    // The owner elsewhere is not locked out.
    expect((await login(owner.email, PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('counts a missing password as no guess, and the right one clears this client’s failures', async () => {
    const owner = await victim();
    const ip = freshIp();
    expectMessage(await patch(owner, { email: uniqueEmail('x') }, ip), 400, messages.currentPasswordForEmail);
    expect(await pairFailures(owner.email, ip)).toEqual([]);
    expectMessage(
      await patch(owner, { email: uniqueEmail('x'), currentPassword: 'Wrong-Password-1' }, ip),
      400,
      messages.currentPasswordWrong,
    );
    expect(await pairFailures(owner.email, ip)).toHaveLength(1);
    const res = await patch(owner, { email: uniqueEmail('x'), currentPassword: PASSWORD }, ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(await pairFailures(owner.email, ip)).toEqual([]);
  });

  it('asks nothing for the other fields, nor for putting back the current address (which cancels a waiting change)', async () => {
    const owner = await victim();
    const named = await patch(owner, { firstName: 'Grace', address: '1 Maple Road' });
    expect(named.statusCode, named.body).toBe(200);
    const next = uniqueEmail('pending');
    expect((await patch(owner, { email: next, currentPassword: PASSWORD })).statusCode).toBe(200);
    const back = await patch(owner, { email: owner.email.toUpperCase() });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as { user: User }).user).toMatchObject({ email: owner.email, pendingEmail: null });
  });

  it("lets an admin change another user's e-mail without that user's password, but asks for the admin's own", async () => {
    const admin = await registerAdmin();
    const adminAuth = { id: admin.user.id, token: admin.token };
    const customer = await insertUser({ email: uniqueEmail('customer') });
    const moved = uniqueEmail('moved-by-admin');
    const res = await call('PATCH', `/api/users/${customer.id}`, {
      token: admin.token,
      body: { email: moved },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow(customer.id)).toMatchObject({ email: moved });

    const own = uniqueEmail('admin-new');
    expectMessage(await patch(adminAuth, { email: own }), 400, messages.currentPasswordForEmail);
    expectMessage(
      await patch(adminAuth, { email: own, currentPassword: 'Not-My-Password-1' }),
      400,
      messages.currentPasswordWrong,
    );
    const ok = await patch(adminAuth, { email: own, currentPassword: PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { user: User }).user).toMatchObject({ email: admin.user.email, pendingEmail: own });
  });
});

describe('password change', () => {
  it('refuses a new password without the current one, or with a wrong one, and counts the wrong one', async () => {
    const owner = await victim();
    expectMessage(
      await changePassword(owner, { newPassword: NEW_PASSWORD }),
      400,
      messages.currentPasswordForPassword,
    );
    const ip = freshIp();
    const wrong = await call('POST', `/api/users/${owner.id}/password`, {
      token: owner.token,
      body: { currentPassword: 'Not-The-Password-1', newPassword: NEW_PASSWORD },
      ip,
    });
    expectMessage(wrong, 400, messages.currentPasswordWrong);
    expect(await pairFailures(owner.email, ip)).toHaveLength(1);
    await expectSignedIn(owner.token, owner.id);
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('a Google-only account', () => {
  /** An account made by Google sign-in: no password, a Google identity, a live session. */
  async function googleOnly() {
    const subject = `g-reauth-${Math.random().toString(36).slice(2)}`;
    const row = await insertUser({
      email: uniqueEmail('google-only'),
      passwordHash: null,
      googleSubject: subject,
      emailVerifiedAt: new Date(),
    });
    return { id: row.id, email: row.email, subject, token: await mintToken(row.id) };
  }
  const minutesAgo = (minutes: number) => Math.floor(Date.now() / 1000) - minutes * 60;

  it('says it has no password', async () => {
    const account = await googleOnly();
    const res = await call('GET', `/api/users/${account.id}`, { token: account.token });
    expect((res.json() as { user: User }).user).toMatchObject({ hasPassword: false });
  });

  it('changes its e-mail only with a Google sign-in of the last few minutes, of its own Google identity', async () => {
    const account = await googleOnly();
    const next = uniqueEmail('google-next');
    expectMessage(await patch(account, { email: next }), 400, messages.googleAgainForEmail);
    // A password means nothing to an account without one.
    expectMessage(
      await patch(account, { email: next, currentPassword: PASSWORD }),
      400,
      messages.googleAgainForEmail,
    );
    expectMessage(
      await patch(account, { email: next, googleToken: await googleToken({}, { subject: 'someone-else' }) }),
      400,
      messages.googleReauthMismatch,
    );
    expectMessage(
      await patch(account, {
        email: next,
        googleToken: await googleToken(
          {},
          { subject: account.subject, issuedAt: minutesAgo(GOOGLE_REAUTH_MAX_AGE_MINUTES + 1) },
        ),
      }),
      400,
      messages.googleReauthStale,
    );
    expectMessage(
      await patch(account, {
        email: next,
        googleToken: await googleToken({}, { subject: account.subject, key: strangerPrivateKey }),
      }),
      400,
      messages.googleLoginFailed,
    );
    expect(await userRow(account.id)).toMatchObject({ pendingEmail: null });
    expect(await mailTo(next)).toEqual([]);

    const res = await patch(account, {
      email: next,
      googleToken: await googleToken({}, { subject: account.subject, issuedAt: minutesAgo(1) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { user: User }).user).toMatchObject({ email: account.email, pendingEmail: next });
    expect((await inbox.waitFor(next, ANY)).subject).toBe('Confirm your new e-mail for Northbite');
  });

  it('sets its first password only with a fresh Google sign-in', async () => {
    const account = await googleOnly();
    expectMessage(
      await changePassword(account, { newPassword: NEW_PASSWORD }),
      400,
      messages.googleAgainForPassword,
    );
    expect(await userRow(account.id)).toMatchObject({ passwordHash: null });
    const res = await changePassword(account, {
      newPassword: NEW_PASSWORD,
      googleToken: await googleToken({}, { subject: account.subject }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { user: User }).user).toMatchObject({ hasPassword: true });
    expect((await login(account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('session kinds', () => {
  it('records sign-ins as full sessions', async () => {
    const auth = await register();
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, auth.user.id));
    expect(rows.map((row) => row.kind)).toEqual(['full']);
  });
});
