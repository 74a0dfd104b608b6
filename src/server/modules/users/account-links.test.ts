/**
 * Account recovery and e-mail confirmation (decision 0021) through the real app, with the e-mails
 * going through a real SMTP server on loopback: each link is read from the message and followed.
 * Also the attacks the issue reproduced, each as a test that failed on the code before it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_HOURS, VERIFY_LINK_HOURS, type User } from '../../../domain/accounts.js';
import { messages } from '../../../domain/messages.js';
import { accountTokens, emailOutbox, users } from '../../db/schema.js';
import { linkTo, startMailbox, type Mailbox, type ReceivedMail } from '../../testing/mailbox.js';
import { ensureAdminAccount } from './admin-account.js';
import { LINK_LIMITS } from './account-links.js';
import {
  call,
  expectMessage,
  expectSignedIn,
  expectSignedOut,
  freshIp,
  googleLogin,
  googleToken,
  insertUser,
  login,
  mintToken,
  PASSWORD,
  register,
  setUpUsersApp,
  sha256,
  t,
  uniqueEmail,
  userRow,
  type Auth,
} from './users-test-kit.js';

const NEW_PASSWORD = 'Rolled-Oats-Maple-77';
/** Any subject: the tests wait for the n-th e-mail to an address. */
const ANY = /./;
const NOT_YOU = "If this wasn't you, ignore this message";

let inbox: Mailbox;
beforeAll(async () => {
  inbox = await startMailbox();
});
setUpUsersApp({ env: () => ({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://shop.northbite.test' }) });
afterAll(() => inbox?.close());

const forgot = (email: string, ip = freshIp()) =>
  call('POST', '/api/users/forgot-password', { body: { email }, ip });
const reset = (token: string, password = NEW_PASSWORD) =>
  call('POST', '/api/users/reset-password', { body: { token, password } });
const verify = (token: string) => call('POST', '/api/users/verify-email', { body: { token } });
const tokenOf = (link: URL) => link.searchParams.get('token')!;

/** The link in an e-mail, checked to be the same in its text and HTML parts. */
function linkFrom(email: ReceivedMail, path: string): URL {
  const link = new URL(linkTo(path, email.text).link);
  expect(email.html).toContain(link.href);
  expect(link.origin).toBe('https://shop.northbite.test');
  return link;
}

async function meOf(auth: { token: string; user: { id: number } }): Promise<User> {
  const res = await call('GET', `/api/users/${auth.user.id}`, { token: auth.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { user: User }).user;
}

// ---------------------------------------------------------------------------------------------

describe('password reset', () => {
  it('e-mails a single-use link that sets a new password, ends every session and signs the shopper in', async () => {
    const row = await insertUser({ email: uniqueEmail('forgetful') });
    const [phone, laptop] = [await mintToken(row.id), await mintToken(row.id)];

    const res = await forgot(row.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.forgotPasswordSent });

    const email = await inbox.waitFor(row.email, ANY);
    expect(email.subject).toBe('Reset your Northbite password');
    for (const part of [email.text, email.html]) {
      expect(part).toContain(NOT_YOU.replace("'", part === email.html ? '&#39;' : "'"));
      expect(part).toContain(`for ${RESET_LINK_HOURS} hour`);
    }
    const link = linkFrom(email, '/reset-password');
    const token = tokenOf(link);
    // 256 random bits; only the SHA-256 is stored.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [stored] = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, row.id));
    expect(stored).toMatchObject({ purpose: 'reset-password', tokenHash: sha256(token) });
    expect(JSON.stringify(stored)).not.toContain(token);
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(lifetime - RESET_LINK_HOURS * 3_600_000)).toBeLessThan(60_000);

    expect((await call('POST', '/api/users/reset-password/check', { body: { token } })).statusCode).toBe(200);
    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(200);
    const auth = done.json() as Auth;
    expect(Object.keys(auth).sort()).toEqual(['token', 'user']);
    expect(auth.user).toMatchObject({ id: row.id, emailVerified: true });
    await expectSignedIn(auth.token, row.id);
    await expectSignedOut(phone, row.id);
    await expectSignedOut(laptop, row.id);
    expect((await login(row.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(row.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Used: refused, and the check says so too.
    expectMessage(await reset(token, 'Another-Good-Pass-9'), 400, messages.resetLinkInvalid);
    expectMessage(
      await call('POST', '/api/users/reset-password/check', { body: { token } }),
      400,
      messages.resetLinkInvalid,
    );
  });

  it('refuses expired, unknown, malformed and other-purpose tokens, and a link sent to a former address', async () => {
    const row = await insertUser({ email: uniqueEmail('refused') });
    await forgot(row.email);
    const token = tokenOf(linkFrom(await inbox.waitFor(row.email, ANY), '/reset-password'));
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, sha256(token)));
    expectMessage(await reset(token), 400, messages.resetLinkInvalid);

    for (const bad of [randomBytes(32).toString('base64url'), 'short', '', sha256(token)]) {
      expectMessage(await reset(bad), 400, messages.resetLinkInvalid);
    }
    // A confirmation link is not a reset link.
    const fresh = await register({ email: uniqueEmail('purpose') });
    const verifyToken = tokenOf(linkFrom(await inbox.waitFor(fresh.user.email, ANY), '/verify-email'));
    expectMessage(await reset(verifyToken), 400, messages.resetLinkInvalid);

    // The account moved to another address after the link was sent: the link proves nothing now.
    const mover = await insertUser({ email: uniqueEmail('mover') });
    await forgot(mover.email);
    const moverToken = tokenOf(linkFrom(await inbox.waitFor(mover.email, ANY), '/reset-password'));
    await t.database.db
      .update(users)
      .set({ email: uniqueEmail('moved') })
      .where(eq(users.id, mover.id));
    expectMessage(await reset(moverToken), 400, messages.resetLinkInvalid);
  });

  it('applies the registration password policy and leaves the link usable after a refused password', async () => {
    const row = await insertUser({ email: uniqueEmail('policy') });
    await forgot(row.email);
    const token = tokenOf(linkFrom(await inbox.waitFor(row.email, ANY), '/reset-password'));
    expectMessage(await reset(token, 'short'), 400, 'Password must be at least 8 characters.');
    expectMessage(await reset(token, 'password123'), 400, messages.commonPassword);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('answers known and unknown addresses with the same status and body, before looking either up', async () => {
    const known = await insertUser({ email: uniqueEmail('known') });
    const bodies = new Set<string>();
    for (let i = 0; i < 4; i++) {
      for (const email of [known.email, uniqueEmail('nobody')]) {
        await t.database.db.delete(accountTokens).where(eq(accountTokens.userId, known.id));
        const res = await forgot(email);
        expect(res.statusCode).toBe(200);
        bodies.add(res.body);
        await t.app.accountLinks.settle();
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: messages.forgotPasswordSent })]);

    // Same time, proven by order rather than by a clock (a timed assertion fails on a busy machine;
    // bench/README.md): with the account's row locked by another transaction, the answer still comes,
    // so nothing the answer waits for depends on whether the address has an account.
    await t.database.db.delete(accountTokens).where(eq(accountTokens.userId, known.id));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.select().from(users).where(eq(users.id, known.id)).for('update');
      locked();
      await released;
    });
    await lockTaken;
    try {
      // A bound, not a measurement: the answer takes milliseconds, and one that waits for the row
      // would wait until released. Without it such a regression would hang the file, not fail it.
      const noAnswer = Symbol('no answer');
      const res = await Promise.race([
        forgot(known.email),
        new Promise<typeof noAnswer>((resolve) => setTimeout(() => resolve(noAnswer), 10_000).unref()),
      ]);
      if (res === noAnswer) throw new Error('forgot-password waited for the locked account row');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify({ message: messages.forgotPasswordSent }));
    } finally {
      release();
      await holder;
    }
    // The lookup ran after the answer, once the row was free: the link was issued all the same.
    await t.app.accountLinks.settle();
    const issued = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, known.id));
    expect(issued.map((token) => token.purpose)).toEqual(['reset-password']);
  });

  it('limits requests per client (429) and e-mails per address (silently, whatever the client)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await forgot(uniqueEmail('limit'), ip)).statusCode).toBe(200);
    expectMessage(await forgot(uniqueEmail('limit'), ip), 429, messages.tooManyRequests);

    const target = await insertUser({ email: uniqueEmail('flooded') });
    for (let i = 0; i < LINK_LIMITS['reset-password'] + 3; i++) {
      const res = await forgot(target.email);
      expect(res.json()).toEqual({ message: messages.forgotPasswordSent });
    }
    await t.app.accountLinks.settle();
    const outbox = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, target.email));
    expect(outbox).toHaveLength(LINK_LIMITS['reset-password']);
  });
});

// ---------------------------------------------------------------------------------------------

describe('e-mail confirmation', () => {
  it('e-mails a confirmation link at registration; following it marks the address verified', async () => {
    const auth = await register({ email: uniqueEmail('new') });
    expect(auth.user).toMatchObject({ emailVerified: false, pendingEmail: null });
    const email = await inbox.waitFor(auth.user.email, ANY);
    expect(email.subject).toBe('Please confirm your e-mail for Northbite');
    expect(email.text).toContain(`for ${VERIFY_LINK_HOURS} hours`);
    expect(email.text).toContain(NOT_YOU);
    const token = tokenOf(linkFrom(email, '/verify-email'));

    const res = await verify(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.emailConfirmed, email: auth.user.email });
    expect(await meOf(auth)).toMatchObject({ emailVerified: true });
    expectMessage(await verify(token), 400, messages.verifyLinkInvalid);
    expectMessage(await verify(randomBytes(32).toString('base64url')), 400, messages.verifyLinkInvalid);
    expectMessage(await verify('not-a-token'), 400, messages.verifyLinkInvalid);
  });

  it('refuses an expired confirmation link', async () => {
    const auth = await register({ email: uniqueEmail('late') });
    const token = tokenOf(linkFrom(await inbox.waitFor(auth.user.email, ANY), '/verify-email'));
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, sha256(token)));
    expectMessage(await verify(token), 400, messages.verifyLinkInvalid);
    expect(await meOf(auth)).toMatchObject({ emailVerified: false });
  });

  it('resends a link to an unverified address, within the hourly limit', async () => {
    const auth = await register({ email: uniqueEmail('resend') });
    const resend = () => call('POST', '/api/users/verify-email/resend', { token: auth.token });
    // Registration's link first, so that the second e-mail is the resent one whatever the delivery order.
    await inbox.waitFor(auth.user.email, ANY);
    const first = await resend();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: messages.verificationSent });
    const second = await inbox.waitFor(auth.user.email, ANY, { count: 2 });
    // Registration's link counts towards the limit.
    for (let i = 2; i < LINK_LIMITS['verify-email']; i++) expect((await resend()).statusCode).toBe(200);
    expectMessage(await resend(), 429, messages.tooManyRequests);

    expect((await verify(tokenOf(linkFrom(second, '/verify-email')))).statusCode).toBe(200);
    const after = await call('POST', '/api/users/verify-email/resend', {
      token: (await login(auth.user.email, PASSWORD)).json<Auth>().token,
    });
    expect(after.json()).toEqual({ message: messages.emailAlreadyVerified });
  });

  it('changes the e-mail only once the link sent to the new address is followed; the old one gets a notice', async () => {
    const auth = await register({ email: uniqueEmail('before') });
    await inbox.waitFor(auth.user.email, ANY);
    const next = uniqueEmail('after');
    const res = await call('PATCH', `/api/users/${auth.user.id}`, {
      token: auth.token,
      body: { email: next, currentPassword: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { user: User }).user).toMatchObject({ email: auth.user.email, pendingEmail: next });

    const confirm = await inbox.waitFor(next, ANY);
    expect(confirm.subject).toBe('Confirm your new e-mail for Northbite');
    const link = linkFrom(confirm, '/verify-email');
    const notice = await inbox.waitFor(auth.user.email, ANY, { count: 2 });
    expect(notice.subject).toBe('Your Northbite e-mail is about to change');
    // No secret in the notice: no token, not even the new address in full.
    expect(notice.raw).not.toContain(tokenOf(link));
    expect(notice.raw).not.toContain('token=');
    expect(notice.text).not.toContain(next);
    expect(notice.text).toContain(`${next[0]}***@example.ca`);

    const done = await verify(tokenOf(link));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: messages.emailConfirmed, email: next });
    expect(await meOf(auth)).toMatchObject({ email: next, emailVerified: true, pendingEmail: null });
    expect((await login(next, PASSWORD)).statusCode).toBe(200);
    expect((await login(auth.user.email, PASSWORD)).statusCode).toBe(401);
  });

  it('resends the link of a waiting change to the new address only, voiding the one before', async () => {
    const auth = await register({ email: uniqueEmail('resend-change') });
    const next = uniqueEmail('resend-next');
    await call('PATCH', `/api/users/${auth.user.id}`, {
      token: auth.token,
      body: { email: next, currentPassword: PASSWORD },
    });
    const first = tokenOf(linkFrom(await inbox.waitFor(next, ANY), '/verify-email'));
    await inbox.waitFor(auth.user.email, ANY, { count: 2 });
    const res = await call('POST', '/api/users/verify-email/resend', { token: auth.token });
    expect(res.json()).toEqual({ message: messages.verificationSent });
    const second = tokenOf(linkFrom(await inbox.waitFor(next, ANY, { count: 2 }), '/verify-email'));
    expectMessage(await verify(first), 400, messages.verifyLinkInvalid);
    expect((await verify(second)).statusCode).toBe(200);
    // Registration's link and the one notice: nothing more to the current address. Counted in the
    // outbox, which every e-mail enters before its request answers (the SMTP server may still be
    // receiving a late one).
    const toCurrent = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, auth.user.email));
    expect(toCurrent.map((row) => row.subject).sort()).toEqual([
      'Please confirm your e-mail for Northbite',
      'Your Northbite e-mail is about to change',
    ]);
  });

  it('voids an older change when a newer one is asked for, and refuses an address taken meanwhile', async () => {
    const auth = await register({ email: uniqueEmail('twice') });
    const patch = (email: string) =>
      call('PATCH', `/api/users/${auth.user.id}`, {
        token: auth.token,
        body: { email, currentPassword: PASSWORD },
      });
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    await patch(first);
    const firstToken = tokenOf(linkFrom(await inbox.waitFor(first, ANY), '/verify-email'));
    await patch(second);
    const secondToken = tokenOf(linkFrom(await inbox.waitFor(second, ANY), '/verify-email'));
    expectMessage(await verify(firstToken), 400, messages.verifyLinkInvalid);

    await insertUser({ email: second });
    expectMessage(await verify(secondToken), 400, messages.emailChangeUnavailable);
    expect(await meOf(auth)).toMatchObject({ email: auth.user.email });
  });

  it('limits e-mail changes per account (429) without saying which addresses exist', async () => {
    const row = await insertUser({ email: uniqueEmail('prober') });
    const token = await mintToken(row.id);
    const taken = await insertUser({ email: uniqueEmail('exists') });
    const answers = [];
    for (let i = 0; i < LINK_LIMITS['change-email']; i++) {
      const target = i % 2 === 0 ? taken.email : uniqueEmail('free');
      const res = await call('PATCH', `/api/users/${row.id}`, {
        token,
        body: { email: target, currentPassword: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      answers.push((res.json() as { user: User }).user.pendingEmail === target);
    }
    expect(answers.every(Boolean)).toBe(true);
    const limited = await call('PATCH', `/api/users/${row.id}`, {
      token,
      body: { email: uniqueEmail('more'), currentPassword: PASSWORD },
    });
    expectMessage(limited, 429, messages.tooManyRequests);
  });
});

// ---------------------------------------------------------------------------------------------
// The attacks decision 0021 answers, each reproduced.

describe('attacks on accounts', () => {
  it('a first name carrying a link reaches no e-mail, and an unconfirmed address is greeted without a name', async () => {
    // Registering with the victim's address: the shop's genuine e-mails would carry the lure.
    const LURE = 'URGENT: claim your refund at https://evil.example';
    const victimEmail = uniqueEmail('lured');
    const squatter = await register({ email: victimEmail, firstName: LURE });
    const confirmation = await inbox.waitFor(victimEmail, /^Please confirm your e-mail/);
    await forgot(victimEmail);
    const resetMail = await inbox.waitFor(victimEmail, /^Reset your Northbite password$/);
    const changed = await call('PATCH', `/api/users/${squatter.user.id}`, {
      token: squatter.token,
      body: { email: uniqueEmail('squatter-elsewhere'), currentPassword: PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await inbox.waitFor(victimEmail, /about to change$/);
    for (const mail of [confirmation, resetMail, notice]) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('URGENT');
      }
      expect(mail.text.split(/\r?\n/)[0]).toBe('Hi,');
      expect(mail.html).toContain('>Hi,</p>');
    }

    // Unconfirmed, even a name that reads as one is left out: it is the registrant's words.
    const words = uniqueEmail('words');
    await register({ email: words, firstName: 'Your account is locked' });
    const wordsMail = await inbox.waitFor(words, /^Please confirm your e-mail/);
    expect(wordsMail.text.split(/\r?\n/)[0]).toBe('Hi,');
    expect(wordsMail.raw).not.toContain('locked');

    // A confirmed address is greeted by a name that reads as one, and never by a link.
    const jane = await insertUser({
      email: uniqueEmail('jane'),
      firstName: 'Jane',
      emailVerifiedAt: new Date(),
    });
    await forgot(jane.email);
    expect((await inbox.waitFor(jane.email, ANY)).text.split(/\r?\n/)[0]).toBe('Hi Jane,');
    const linked = await insertUser({
      email: uniqueEmail('linked'),
      firstName: 'see www.evil.example',
      emailVerifiedAt: new Date(),
    });
    await forgot(linked.email);
    const linkedMail = await inbox.waitFor(linked.email, ANY);
    expect(linkedMail.text.split(/\r?\n/)[0]).toBe('Hi,');
    expect(linkedMail.raw).not.toContain('evil.example');
  });

  it('pre-registering a Google user’s address gives the squatter nothing once the owner arrives', async () => {
    const victimEmail = uniqueEmail('victim.gmail');
    const squatter = await register({ email: victimEmail, password: 'Squatter-Pass-123' });
    const subject = `g-victim-${randomBytes(6).toString('hex')}`;

    // The owner signs in with Google: refused, not linked to the squatter's account.
    const refused = await googleLogin(await googleToken({ email: victimEmail }, { subject }));
    expectMessage(refused, 403, messages.googleLinkRefused);
    expect((await userRow(squatter.user.id))?.googleSubject).toBeNull();

    // The owner recovers the account through their mailbox; the squatter is out for good.
    await forgot(victimEmail);
    // Picked by subject: the confirmation link the squatter could not follow is sent alongside it,
    // and the two may arrive in either order.
    const resetToken = tokenOf(
      linkFrom(await inbox.waitFor(victimEmail, /^Reset your Northbite password$/), '/reset-password'),
    );
    expect((await reset(resetToken)).statusCode).toBe(200);
    await expectSignedOut(squatter.token, squatter.user.id);
    expect((await login(victimEmail, 'Squatter-Pass-123')).statusCode).toBe(401);
    const linked = await googleLogin(await googleToken({ email: victimEmail }, { subject }));
    expect(linked.statusCode, linked.body).toBe(200);
    expect((linked.json() as Auth).user.id).toBe(squatter.user.id);
  });

  it('changing one’s e-mail to ADMIN_EMAIL does not make an admin, and the admin reset clears Google links', async () => {
    const adminEmail = uniqueEmail('owner');
    const subject = `g-attacker-${randomBytes(6).toString('hex')}`;
    const attacker = (
      await googleLogin(await googleToken({ email: uniqueEmail('attacker') }, { subject }))
    ).json() as Auth;
    // A Google-only account proves itself with a fresh Google sign-in (decision 0040).
    const res = await call('PATCH', `/api/users/${attacker.user.id}`, {
      token: attacker.token,
      body: { email: adminEmail, googleToken: await googleToken({}, { subject }) },
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(attacker.user.id))?.email).not.toBe(adminEmail);

    expect(await ensureAdminAccount(t.database.db, { email: adminEmail, password: 'Owner-Pass-2024' })).toBe(
      'created',
    );
    const again = (
      await googleLogin(await googleToken({ email: uniqueEmail('x') }, { subject }))
    ).json() as Auth;
    expect(again.user).toMatchObject({ id: attacker.user.id, isAdmin: false });
    // The attacker's waiting change can never complete now.
    const token = tokenOf(linkFrom(await inbox.waitFor(adminEmail, ANY), '/verify-email'));
    expectMessage(await verify(token), 400, messages.emailChangeUnavailable);

    // An account that held the address before the first start: the reset removes every way in.
    const earlyEmail = uniqueEmail('early-owner');
    const early = await insertUser({
      email: earlyEmail,
      googleSubject: `g-early-${randomBytes(6).toString('hex')}`,
      pendingEmail: uniqueEmail('exit'),
    });
    const earlyToken = await mintToken(early.id);
    expect(await ensureAdminAccount(t.database.db, { email: earlyEmail, password: 'Owner-Pass-2024' })).toBe(
      'updated',
    );
    expect(await userRow(early.id)).toMatchObject({ isAdmin: true, googleSubject: null, pendingEmail: null });
    expect((await userRow(early.id))?.emailVerifiedAt).not.toBeNull();
    await expectSignedOut(earlyToken, early.id);
    expect(
      await t.database.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, early.id))),
    ).toEqual([]);
  });
});
