/**
 * Accounts people can trust (decision 0021), in Chromium against a started shop whose e-mails go to
 * a real SMTP server on loopback: a forgotten password reset through the e-mailed link (which works
 * once), a new account's address confirmed through its link, and an e-mail change that waits for
 * the link sent to the new address. Every link is read from the e-mail as delivered, in both its
 * plain-text and HTML parts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/domain/messages';
import { allAccessibilityViolations, launchBrowser, watchForErrors } from './browser';
import {
  linkTo,
  startMailbox,
  unescapeHtml,
  type Mailbox,
  type ReceivedMail,
} from '../src/server/testing/mailbox';
import { startShop, type RunningShop } from './server';
import { DESKTOP as desktop, PHONE as phone } from './storefront-helpers';
import { shopApi, uniqueEmail } from './shop-api';

const PASSWORD = 'oat clusters forever';
const NOT_YOU = "If this wasn't you";
const SUBJECTS = {
  reset: /^Reset your Northbite password$/,
  verify: /^Please confirm your e-mail for Northbite$/,
  change: /^Confirm your new e-mail for Northbite$/,
  notice: /^Your Northbite e-mail is about to change$/,
};

interface Auth {
  token: string;
  user: { id: number; email: string; emailVerified: boolean; pendingEmail: string | null };
}

let mailbox: Mailbox;
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startShop({
    SMTP_URL: mailbox.url,
    // API calls below give each client its own address (X-Forwarded-For), the test playing the one
    // proxy in front, so the per-client limits (registration, reset links) do not trip across journeys.
    TRUST_PROXY: '1',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await mailbox?.close();
});

const api = shopApi(() => shop.url, '10.81');

const register = (email: string, password = PASSWORD) =>
  api<Auth>('/api/users/register', {
    method: 'POST',
    body: { firstName: 'Robin', lastName: 'Chan', email, password },
  });

/** Status of a login through the API (200 or 401). */
async function loginStatus(email: string, password: string): Promise<number> {
  const res = await fetch(`${shop.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.81.251.1' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

/**
 * The link to `path` in an e-mail, checked in both parts: the same link in the plain text and in
 * the HTML (as the button's address), each part with the "not you" advice. Answers its path and
 * query on this shop's origin (the e-mail has PUBLIC_URL's).
 */
function followableLink(mail: ReceivedMail, path: string): { pathAndQuery: string; token: string } {
  const html = unescapeHtml(mail.html);
  const inText = linkTo(path, mail.text);
  const inHtml = linkTo(path, html);
  expect(inHtml.link).toBe(inText.link);
  expect(html).toContain(`href="${inText.link}"`);
  expect(mail.text).toContain(NOT_YOU);
  expect(html).toContain(NOT_YOU);
  // PUBLIC_URL is unset: the default origin, on this shop's port.
  expect(new URL(inText.link).origin).toBe(`http://localhost:${new URL(shop.url).port}`);
  return { pathAndQuery: inText.pathAndQuery, token: inText.token };
}

async function open(path: string, viewport = desktop, { bypassCSP = false } = {}) {
  // Journeys run under the real Content-Security-Policy; only axe-core needs it lifted to be injected.
  const page = await browser.newPage({ viewport, bypassCSP });
  const errors = watchForErrors(page);
  await page.goto(shop.url + path, { waitUntil: 'networkidle' });
  return { page, errors };
}

/** A page with this session stored, as after a login. */
async function openSignedIn(auth: Auth, path: string, viewport = desktop) {
  const { page, errors } = await open('/', viewport);
  await page.evaluate(
    ([token, user]) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', JSON.stringify(user));
    },
    [auth.token, auth.user] as const,
  );
  await page.goto(shop.url + path, { waitUntil: 'networkidle' });
  return { page, errors };
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    token: window.localStorage.getItem('token'),
    user: JSON.parse(window.localStorage.getItem('user') ?? 'null') as Auth['user'] | null,
  }));

/** Console errors a journey expects: the browser logs every non-2xx answer it receives. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (e) => !/Failed to load resource: the server responded with a status of (400|401|429)/.test(e),
  );

/** The address bar once the page has taken the token out of it. */
const tokenLeftAddressBar = (page: Page) =>
  expect.poll(() => new URL(page.url()).search, { timeout: 5_000 }).toBe('');

describe('a forgotten password', () => {
  it('is reset from /login through the e-mailed link, which works once', async () => {
    const email = uniqueEmail('forgetful');
    const old = await register(email, 'my old maple password');
    const { page, errors } = await open('/login', phone);

    // 'Forgot password?' beside the password field, taking along the address typed so far.
    await page.fill('#login-email', email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await page.inputValue('#forgot-email')).toBe(email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await page.getByRole('status').filter({ hasText: messages.forgotPasswordSent }).waitFor();
    expect(await page.locator('#forgot-email').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to Log In' }).getAttribute('href')).toBe('/login');

    const mail = await mailbox.waitFor(email, SUBJECTS.reset);
    const { pathAndQuery, token } = followableLink(mail, '/reset-password');
    expect(mail.text).toContain('This link works once, for 1 hour.');

    // The address with the token is kept by no shared cache and sent on as no referrer.
    const direct = await fetch(shop.url + pathAndQuery);
    expect(direct.headers.get('cache-control')).toBe('private, no-store');
    expect(direct.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await direct.text()).not.toContain(token);

    await page.goto(shop.url + pathAndQuery, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const field = page.locator('#reset-password');
    await field.waitFor();
    await tokenLeftAddressBar(page);
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    expect(await field.getAttribute('autocomplete')).toBe('new-password');
    expect(await field.getAttribute('type')).toBe('password');

    // The registration rules: too short in the browser, a common one refused by the server.
    await field.fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Password must be at least 8 characters.').waitFor();
    await field.fill('password123');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText(messages.commonPassword).waitFor();

    await field.fill('a brand new maple phrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Your Account Details' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Your new password is set.' }).waitFor();
    const session = await stored(page);
    expect(session.user).toMatchObject({ email, emailVerified: true });
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The old password no longer works, the new one does; the sessions from before are over.
    expect(await loginStatus(email, 'my old maple password')).toBe(401);
    expect(await loginStatus(email, 'a brand new maple phrase')).toBe(200);
    const before = await fetch(`${shop.url}/api/users/${old.user.id}`, {
      headers: { authorization: `Bearer ${old.token}` },
    });
    expect(before.status).toBe(401);

    // The same link again: a clear page, and the way to a new link.
    await page.goto(shop.url + pathAndQuery, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await page.getByText(messages.resetLinkInvalid).waitFor();
    await tokenLeftAddressBar(page);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('answers an unknown address exactly like a known one, and sends it nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const known = uniqueEmail('somebody');
    await register(known);
    const { page, errors } = await open('/forgot-password');
    await page.fill('#forgot-email', unknown);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await page.getByRole('status').filter({ hasText: messages.forgotPasswordSent }).waitFor();
    // The answer comes before the lookup: by the time the next address's e-mail is out, this one's
    // lookup has long been done.
    await api('/api/users/forgot-password', { method: 'POST', body: { email: known } });
    await mailbox.waitFor(known, SUBJECTS.reset);
    expect(mailbox.to(unknown)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('says so clearly when the shop cannot be reached, and when too many links were asked for', async () => {
    const { page, errors } = await open('/forgot-password', phone);
    await page.fill('#forgot-email', uniqueEmail('offline'));
    await page.route('**/api/users/forgot-password', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'We could not reach Northbite. Please check your connection and try again.' })
      .waitFor();
    await page.unroute('**/api/users/forgot-password');

    // This browser's own client address (through the proxy the test plays): 5 per 15 minutes.
    await page.route('**/api/users/forgot-password', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '10.81.252.1' } }),
    );
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse('**/api/users/forgot-password');
      await page.getByRole('button', { name: 'Send me a reset link' }).click();
      expect((await answered).status()).toBe(200);
      await page.getByRole('button', { name: 'Use another email' }).click();
      await page.fill('#forgot-email', uniqueEmail('again'));
    }
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await page.getByRole('alert').filter({ hasText: messages.tooManyRequests }).waitFor();
    expect(await page.locator('#forgot-email').isVisible()).toBe(true);
    expect(
      errors.filter(
        (e) =>
          !/status of 429|net::ERR_INTERNET_DISCONNECTED|Asking for a password reset link failed/.test(e),
      ),
    ).toEqual([]);
    await page.close();
  });
});

describe("a new account's address", () => {
  it('is confirmed through the e-mailed link, after which the profile stops asking', async () => {
    const email = uniqueEmail('newcomer');
    const { page, errors } = await open('/register');
    await page.fill('#register-firstName', 'Maya');
    await page.fill('#register-lastName', 'Tremblay');
    await page.fill('#register-email', email);
    await page.fill('#register-password', 'maple cookies at dawn');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/shop');
    expect((await stored(page)).user).toMatchObject({ email, emailVerified: false, pendingEmail: null });

    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your Account Details' }).waitFor();
    const notice = page.getByRole('region', { name: messages.confirmEmailPrompt });
    await notice.waitFor();
    expect(await notice.getByRole('heading').textContent()).toBe(messages.confirmEmailPrompt);
    expect(await notice.textContent()).toContain(`We sent a link to ${email}.`);

    const mail = await mailbox.waitFor(email, SUBJECTS.verify);
    const { pathAndQuery } = followableLink(mail, '/verify-email');
    expect(mail.text).toContain('This link works once, for 48 hours.');

    await page.goto(shop.url + pathAndQuery, { waitUntil: 'networkidle' });
    const confirmed = page.getByRole('status').filter({ hasText: messages.emailConfirmed });
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain(email);
    await tokenLeftAddressBar(page);
    // The stored account was read again: nothing left to ask.
    await expect.poll(async () => (await stored(page)).user?.emailVerified, { timeout: 5_000 }).toBe(true);

    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Your Account Details' }).waitFor();
    await page.getByText('Your orders will appear here').waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: messages.confirmEmailPrompt }).count(), { timeout: 5_000 })
      .toBe(0);

    // The link again: the server's reason; signed in, a new link can be asked for right there.
    await page.goto(shop.url + pathAndQuery, { waitUntil: 'networkidle' });
    await page.getByRole('alert').filter({ hasText: messages.verifyLinkInvalid }).waitFor();
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByRole('status').filter({ hasText: messages.emailAlreadyVerified }).waitFor();

    // Signed out, the way to a new link is logging in.
    const anonymous = await open(pathAndQuery);
    await anonymous.page.getByRole('alert').filter({ hasText: messages.verifyLinkInvalid }).waitFor();
    expect(await anonymous.page.getByRole('button', { name: 'Send a new link' }).count()).toBe(0);
    expect(
      await anonymous.page.getByRole('link', { name: 'Log in to get a new link' }).getAttribute('href'),
    ).toBe('/login');
    await anonymous.page.close();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});

describe('a new e-mail', () => {
  it('waits for the link sent to the new address, which then switches the account', async () => {
    const email = uniqueEmail('mover');
    const auth = await register(email);
    // The account's own address is confirmed first (its link, through the API).
    const { token: verifyToken } = followableLink(
      await mailbox.waitFor(email, SUBJECTS.verify),
      '/verify-email',
    );
    await api('/api/users/verify-email', { method: 'POST', body: { token: verifyToken } });
    const { page, errors } = await openSignedIn(auth, '/profile', phone);
    await page.getByRole('heading', { name: 'Your Account Details' }).waitFor();
    await page.getByText('Your orders will appear here').waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: messages.confirmEmailPrompt }).count(), { timeout: 5_000 })
      .toBe(0);

    const newEmail = uniqueEmail('moved');
    await page.getByRole('button', { name: 'Edit email', exact: true }).click();
    await page.fill('#profile-email', newEmail);
    // The proof that the owner is asking (decision 0040).
    await page.fill('#profile-email-current-password', PASSWORD);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: messages.profileUpdated });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`We sent a confirmation link to ${newEmail}.`);
    await dialog.getByRole('button', { name: 'OK' }).click();

    const notice = page.getByRole('region', { name: 'Please confirm your new e-mail' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      `Your new address ${newEmail} is waiting for confirmation: we sent a link to it. Your account keeps ${email} until you follow that link.`,
    );
    expect(await page.getByTestId('profile-email-value').textContent()).toBe(email);
    expect(await page.getByTestId('profile-email-note').textContent()).toContain(newEmail);

    // The current address is told, with no link that does anything; the new one gets the link.
    const told = await mailbox.waitFor(email, SUBJECTS.notice);
    expect(told.text).not.toMatch(/token=/);
    const { pathAndQuery } = followableLink(
      await mailbox.waitFor(newEmail, SUBJECTS.change),
      '/verify-email',
    );

    await page.goto(shop.url + pathAndQuery, { waitUntil: 'networkidle' });
    const confirmed = page.getByRole('status').filter({ hasText: messages.emailConfirmed });
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain(newEmail);
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.waitForURL('**/profile');
    await expect
      .poll(() => page.getByTestId('profile-email-value').textContent(), { timeout: 5_000 })
      .toBe(newEmail);
    expect(await page.getByTestId('profile-email-note').count()).toBe(0);
    expect(await page.getByRole('region', { name: /Please confirm/ }).count()).toBe(0);
    expect((await stored(page)).user).toMatchObject({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    expect(await loginStatus(newEmail, PASSWORD)).toBe(200);
    expect(await loginStatus(email, PASSWORD)).toBe(401);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});

describe('the pages', () => {
  it('are kept out of search results; the shell without a token is the same for everyone', async () => {
    for (const path of ['/forgot-password', '/reset-password', '/verify-email']) {
      const res = await fetch(shop.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
      expect(await res.text(), path).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/);
    }
    const robots = await (await fetch(`${shop.url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /reset-password');
    expect(robots).toContain('Disallow: /verify-email');
  });

  it('have no WCAG 2.1 A/AA violations at phone and desktop widths, in each of their states', async () => {
    const email = uniqueEmail('axe');
    await register(email);
    await api('/api/users/forgot-password', { method: 'POST', body: { email } });
    const { pathAndQuery } = followableLink(await mailbox.waitFor(email, SUBJECTS.reset), '/reset-password');
    const states: [string, (page: Page) => Promise<unknown>][] = [
      ['/forgot-password', (page) => page.locator('#forgot-email').waitFor()],
      ['/reset-password', (page) => page.getByText(messages.resetLinkInvalid).waitFor()],
      [pathAndQuery, (page) => page.locator('#reset-password').waitFor()],
      ['/verify-email', (page) => page.getByText(messages.verifyLinkInvalid).waitFor()],
    ];
    for (const viewport of [phone, desktop]) {
      for (const [path, ready] of states) {
        const { page } = await open(path, viewport, { bypassCSP: true });
        await ready(page);
        expect(await allAccessibilityViolations(page), `${path} at ${viewport.width}`).toEqual([]);
        await page.close();
      }
    }
  }, 120_000);
});
