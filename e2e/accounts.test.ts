/**
 * Account journeys (docs/product.md, Accounts): register, log out, log in again and land back on
 * the guarded page, edit every profile field, the phone input, the login states, Google's button
 * and the admin link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/domain/messages';
import { allAccessibilityViolations, launchBrowser, watchForErrors } from './browser';
import { startShop, type RunningShop } from './server';
import { DESKTOP as desktop, PHONE as phone } from './storefront-helpers';
import { uniqueEmail } from './shop-api';

const ADMIN = { email: 'owner@northbite.test', password: 'sugar-maple-owner-2024' };
const GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    GOOGLE_CLIENT_ID,
    // The API calls below give each registration its own client address (X-Forwarded-For), as a
    // proxy would, so the per-client registration limit does not trip across journeys.
    TRUST_PROXY: '1',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** Gives each API registration its own client address. */
let counter = 0;

/**
 * Google is out of reach from the test machine: this stand-in for its sign-in script renders a button
 * that hands the page a credential the server must refuse (it is not signed by Google).
 */
const FAKE_GOOGLE_SCRIPT = `window.google = { accounts: { id: {
  initialize(options) { window.__gsi = options; },
  renderButton(element) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google';
    button.onclick = () => window.__gsi.callback({ credential: 'not.a.token' });
    element.appendChild(button);
  } } } };`;

async function open(
  path: string,
  viewport = desktop,
  { bypassCSP = false } = {},
): Promise<{ page: Page; errors: string[] }> {
  // Journeys run under the real Content-Security-Policy; only axe-core needs it lifted to be injected.
  const page = await browser.newPage({ viewport, bypassCSP });
  const errors = watchForErrors(page);
  await page.route('https://accounts.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_GOOGLE_SCRIPT }),
  );
  await page.goto(shop.url + path, { waitUntil: 'networkidle' });
  return { page, errors };
}

/** Console errors a journey expects: the browser logs every non-2xx answer it receives. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (e) => !/Failed to load resource: the server responded with a status of (401|404|409)/.test(e),
  );

const stored = (page: Page) =>
  page.evaluate(() => ({
    token: window.localStorage.getItem('token'),
    user: JSON.parse(window.localStorage.getItem('user') ?? 'null') as Record<string, unknown> | null,
  }));

async function registerThroughApi(email: string, password = 'oat clusters forever') {
  const res = await fetch(`${shop.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.55.${counter++ % 250}.7` },
    body: JSON.stringify({ firstName: 'Jordan', lastName: 'Lee', email, password }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { token: string; user: { id: number; email: string } };
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

describe('register, log out, log in', () => {
  it('registers with the phone input, lands on /shop signed in, logs out and back in to the guarded page', async () => {
    const { page, errors } = await open('/register', phone);
    const email = uniqueEmail('maya');

    // Country code: +1, shown but not editable; the choice is Canada or the US only.
    expect(await page.getByTestId('phone-calling-code').textContent()).toBe('+1');
    const countries = await page
      .getByRole('combobox', { name: 'Country' })
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(countries).toEqual(['CA', 'US']);
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(2);

    await page.fill('#register-firstName', 'Maya');
    await page.fill('#register-lastName', 'Tremblay');
    await page.fill('#register-email', email);
    await page.fill('#register-password', 'maple cookies at dawn');
    // An unreal number (area code 999) is refused before anything is sent.
    await page.fill('#register-phoneNumber', '999 555 1234');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await page.getByText('Please enter a valid Canadian or US phone number.').isVisible()).toBe(true);
    expect(page.url()).toContain('/register');

    await page.fill('#register-phoneNumber', '6045550123');
    await page.locator('#register-password').focus();
    expect(await page.inputValue('#register-phoneNumber')).toBe('(604) 555-0123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/shop');

    const session = await stored(page);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.user).toMatchObject({
      email,
      firstName: 'Maya',
      phoneNumber: '+16045550123',
      isAdmin: false,
    });
    expect(session.user).not.toHaveProperty('password');
    expect(session.user).not.toHaveProperty('passwordHash');
    expect(await page.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('/profile');
    expect(await page.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your Account Details' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await stored(page)).toEqual({ token: null, user: null });
    // The session is over on the server too, not just forgotten here.
    const old = await fetch(`${shop.url}/api/users/${String(session.user!.id)}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(old.status).toBe(401);

    // The guard sends an anonymous visitor to /login and brings them back after signing in.
    await page.goto(`${shop.url}/profile`, { waitUntil: 'networkidle' });
    await page.waitForURL('**/login');
    await fillLogin(page, email.toUpperCase(), 'maple cookies at dawn');
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Your Account Details' }).waitFor();
    expect(await page.getByTestId('profile-email-value').textContent()).toBe(email);

    const identify = await page.evaluate(() =>
      (window.__northbiteEvents ?? []).filter((e) => e.event === 'identify').map((e) => e.properties),
    );
    expect(identify.at(-1)).toEqual({ email, first_name: 'Maya', last_name: 'Tremblay' });
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it("shows 'Registration failed' with the reason when the e-mail is taken", async () => {
    const email = uniqueEmail('taken');
    await registerThroughApi(email);
    const { page } = await open('/register');
    await page.fill('#register-firstName', 'Sam');
    await page.fill('#register-lastName', 'Ng');
    await page.fill('#register-email', email.toUpperCase());
    await page.fill('#register-password', 'a long enough passphrase');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Registration failed' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('An account with this email already exists.');
    expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(180, 35, 24)');
    expect(await stored(page)).toEqual({ token: null, user: null });
    await page.close();
  });
});

describe('login page', () => {
  it("disables the button reading 'Logging in...' while busy, then 'Invalid credentials' on failure", async () => {
    const { page } = await open('/login');
    expect(await page.locator('#login-password').getAttribute('type')).toBe('password');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/login', async (route) => {
      await held;
      await route.continue();
    });
    await fillLogin(page, 'nobody@example.ca', 'not the password');
    const busy = page.getByRole('button', { name: 'Logging in...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await page.getByText('Invalid credentials').waitFor();
    expect(await page.getByRole('button', { name: 'Log In', exact: true }).isEnabled()).toBe(true);
    await page.close();
  });

  it('goes to /shop after a login that did not come from anywhere, and links to /register', async () => {
    const email = uniqueEmail('plain');
    await registerThroughApi(email);
    const { page } = await open('/login');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/login$/);
    expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register',
    );
    await fillLogin(page, email, 'oat clusters forever');
    await page.waitForURL('**/shop');
    await page.close();
  });

  it('keeps a login pressed before the scripts came out of the address bar, then signs in with it', async () => {
    const email = uniqueEmail('early');
    await registerThroughApi(email);
    const page = await browser.newPage({ viewport: desktop });
    const errors = watchForErrors(page);
    // The page's scripts wait until the form has been sent: the browser alone has it then.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.route('https://accounts.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_GOOGLE_SCRIPT }),
    );
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    await page.goto(`${shop.url}/login`, { waitUntil: 'domcontentloaded' });
    await page.fill('#login-email', email);
    await page.fill('#login-password', 'oat clusters forever');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => 'heldSubmit' in window && window.heldSubmit !== undefined))
      .toBe(true);
    expect(page.url()).toBe(`${shop.url}/login`);
    release();
    await page.waitForURL('**/shop');
    expect((await stored(page)).user?.email).toBe(email);
    // Neither the address nor the password was ever part of a URL the browser asked for.
    expect(addresses.filter((a) => a.includes('oat') || a.includes(encodeURIComponent(email)))).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('signs out cleanly when the server answers 401 (session ended elsewhere)', async () => {
    const email = uniqueEmail('revoked');
    const { token, user } = await registerThroughApi(email);
    const { page } = await open('/');
    await page.evaluate(
      ([token, user]) => {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user', JSON.stringify(user));
      },
      [token, user] as const,
    );
    await fetch(`${shop.url}/api/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await page.goto(`${shop.url}/profile`);
    await page.waitForURL('**/login');
    expect(await stored(page)).toEqual({ token: null, user: null });
    await page.close();
  });

  it("shows Google's button when configured, and 'Google login failed' when Google's answer is refused", async () => {
    const { page, errors } = await open('/login');
    const csp = (await page.request.get(`${shop.url}/login`)).headers()['content-security-policy'];
    expect(csp).toContain('https://accounts.google.com/gsi/client');
    // Every page allows it: the shopper may reach /login by client-side navigation from anywhere.
    const shopCsp = (await page.request.get(`${shop.url}/shop`)).headers()['content-security-policy'];
    expect(shopCsp).toContain('https://accounts.google.com/gsi/client');

    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByText('Google login failed').waitFor();
    expect(await stored(page)).toEqual({ token: null, user: null });
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it("shows the server's reason when Google sign-in would take over an unconfirmed account (403)", async () => {
    const { page } = await open('/login');
    // Google cannot sign a token here: the server's answer for an unconfirmed account with that
    // e-mail (src/server/modules/users/service.ts) stands in.
    const refused = messages.googleLinkRefused;
    await page.route('**/api/users/google', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ message: refused }),
      }),
    );
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByRole('alert').filter({ hasText: refused }).waitFor();
    expect(await page.getByText('Google login failed').count()).toBe(0);
    expect(await stored(page)).toEqual({ token: null, user: null });
    await page.close();
  });
});

describe('profile', () => {
  async function signedInProfile(viewport = desktop) {
    const email = uniqueEmail('profile');
    const auth = await registerThroughApi(email);
    const { page, errors } = await open('/', viewport);
    await page.evaluate(
      ([token, user]) => {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user', JSON.stringify(user));
      },
      [auth.token, auth.user] as const,
    );
    await page.goto(`${shop.url}/profile`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your Account Details' }).waitFor();
    return { page, errors, auth, email };
  }

  async function editField(page: Page, label: string, fill: () => Promise<void>) {
    await page.getByRole('button', { name: `Edit ${label.toLowerCase()}`, exact: true }).click();
    await fill();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** Closes the 'saved' dialog and answers the text under its title. */
  async function expectSavedDialog(page: Page): Promise<string | null> {
    const dialog = page.getByRole('dialog', { name: 'Profile Updated Successfully!' });
    await dialog.waitFor();
    const text = await dialog.locator('p').textContent();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }

  it('edits every field inline, each confirmed by the dialog and kept after a reload', async () => {
    const { page, errors, auth, email } = await signedInProfile();
    const newEmail = uniqueEmail('renamed');
    const texts: [string, string, string][] = [
      ['First name', '#profile-firstName', 'Amélie'],
      ['Last name', '#profile-lastName', 'Gagnon-Roy'],
    ];
    for (const [label, selector, value] of texts) {
      await editField(page, label, () => page.fill(selector, value));
      expect(await expectSavedDialog(page)).toBe('Your details are saved.');
    }
    // A new e-mail needs the current password (decision 0040): asked for before anything is sent,
    // and a wrong one answers with the server's reason.
    await editField(page, 'Email', () => page.fill('#profile-email', newEmail));
    expect(await page.getByRole('alert').textContent()).toBe(messages.currentPasswordForEmail);
    await page.fill('#profile-email-current-password', 'not my password at all');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `${messages.updateUserFailed}: ${messages.currentPasswordWrong}` })
      .waitFor();
    // A new e-mail waits for the link sent to it (account-recovery.test.ts follows one): the dialog
    // says where to look, and the account keeps its address meanwhile.
    await page.fill('#profile-email-current-password', 'oat clusters forever');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await expectSavedDialog(page)).toBe(
      `We sent a confirmation link to ${newEmail}. Please check that inbox: your account keeps ${email} until you follow the link.`,
    );
    await editField(page, 'Phone number', async () => {
      await page.getByRole('combobox', { name: 'Country' }).selectOption('US');
      await page.fill('#profile-phoneNumber', '212 555 0147');
    });
    await expectSavedDialog(page);
    await editField(page, 'Address', () =>
      page.fill('#profile-address', '88 Granville St\nVancouver, BC V6C 1T2'),
    );
    await expectSavedDialog(page);
    await editField(page, 'Email newsletter', () => page.uncheck('#profile-isSubscribedEmail'));
    await expectSavedDialog(page);
    await editField(page, 'Text messages', () => page.uncheck('#profile-isSubscribedPhone'));
    await expectSavedDialog(page);

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your Account Details' }).waitFor();
    const shown = async (field: string) => page.getByTestId(`profile-${field}-value`).textContent();
    expect(await shown('firstName')).toBe('Amélie');
    expect(await shown('lastName')).toBe('Gagnon-Roy');
    expect(await shown('email')).toBe(email);
    expect(await page.getByTestId('profile-email-note').textContent()).toBe(
      `New address waiting for confirmation: ${newEmail}`,
    );
    expect(await shown('phoneNumber')).toBe('(212) 555-0147');
    expect(await shown('address')).toBe('88 Granville St\nVancouver, BC V6C 1T2');
    expect(await shown('isSubscribedEmail')).toBe('Not subscribed');
    expect(await shown('isSubscribedPhone')).toBe('Not subscribed');

    const api = (await (
      await fetch(`${shop.url}/api/users/${auth.user.id}`, {
        headers: { authorization: `Bearer ${auth.token}` },
      })
    ).json()) as { user: Record<string, unknown> };
    expect(api.user).toMatchObject({
      firstName: 'Amélie',
      lastName: 'Gagnon-Roy',
      email,
      pendingEmail: newEmail,
      phoneNumber: '+12125550147',
      address: '88 Granville St\nVancouver, BC V6C 1T2',
      isSubscribedEmail: false,
      isSubscribedPhone: false,
      isAdmin: false,
    });
    expect((await stored(page)).user).toMatchObject({ firstName: 'Amélie', email, pendingEmail: newEmail });
    // The wrong password's refusal (400), which the profile logs, is the only failure.
    const refusal = [
      /Failed to load resource: the server responded with a status of 400/,
      new RegExp(`^console: ${messages.updateUserFailed} ApiError: ${messages.currentPasswordWrong}`),
    ];
    expect(unexpected(errors).filter((e) => !refusal.some((pattern) => pattern.test(e)))).toEqual([]);
    await page.close();
  });

  it('refuses a bad e-mail in the browser; a taken one waits for its link like any other, telling nothing', async () => {
    const taken = uniqueEmail('other');
    await registerThroughApi(taken);
    const { page, email } = await signedInProfile(phone);
    await editField(page, 'Email', () => page.fill('#profile-email', 'not-an-email'));
    expect(await page.getByRole('alert').textContent()).toBe('Please enter a valid email address.');
    // Whether another account has the address is not told (decision 0021): following the link would
    // fail.
    await page.fill('#profile-email', taken.toUpperCase());
    await page.fill('#profile-email-current-password', 'oat clusters forever');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await expectSavedDialog(page)).toContain(`your account keeps ${email}`);
    expect(await page.getByTestId('profile-email-value').textContent()).toBe(email);
    await page.close();
  });

  it("asks to confirm a new account's address, and a new link answers with the server's message", async () => {
    const { page, email } = await signedInProfile(phone);
    const notice = page.getByRole('region', { name: messages.confirmEmailPrompt });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`We sent a link to ${email}.`);
    await notice.getByRole('button', { name: 'Resend link' }).click();
    await notice.getByRole('status').filter({ hasText: messages.verificationSent }).waitFor();
    // Too many: the server's 429 message, as an alert.
    await page.route('**/api/users/verify-email/resend', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ message: messages.tooManyRequests }),
      }),
    );
    await notice.getByRole('button', { name: 'Resend link' }).click();
    await notice.getByRole('alert').filter({ hasText: messages.tooManyRequests }).waitFor();
    await page.close();
  });

  it("shows 'Your orders will appear here' for a new account", async () => {
    const { page } = await signedInProfile(phone);
    await page.getByText('Your orders will appear here').waitFor();
    expect(await page.getByRole('heading', { name: 'Recent Orders' }).isVisible()).toBe(true);
    await page.close();
  });

  it("says 'Invalid response from the server', 'User not found' or 'Failed to update user info' as the answer warrants", async () => {
    const { page } = await signedInProfile();
    const answers = [
      { status: 200, body: '{}', text: 'Invalid response from the server' },
      { status: 404, body: '{"message":"User not found"}', text: 'User not found' },
      { status: 500, body: '{"message":"Internal server error"}', text: 'Failed to update user info' },
    ];
    for (const answer of answers) {
      await page.route('**/api/users/*', (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body })
          : route.continue(),
      );
      await editField(page, 'First name', () => page.fill('#profile-firstName', 'Changed'));
      expect(await page.getByRole('alert').textContent()).toBe(answer.text);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.unroute('**/api/users/*');
    }
    expect(await page.getByTestId('profile-firstName-value').textContent()).toBe('Jordan');
    await page.close();
  });
});

describe('session in the browser', () => {
  it('is restored only when both the token and the user are stored', async () => {
    const { token, user } = await registerThroughApi(uniqueEmail('halves'));
    // The cart page says its cart is empty only once React has hydrated, and the header reads the stored
    // session in that same pass, so the label is final then (the server always renders 'Log in').
    const { page } = await open('/cart');
    const accountLink = page.getByRole('banner').getByRole('link', { name: /Your account|Log in/ });
    for (const [keys, label] of [
      [{ token }, 'Log in'],
      [{ user: JSON.stringify(user) }, 'Log in'],
      [{ token, user: JSON.stringify(user) }, 'Your account'],
    ] as const) {
      await page.evaluate((entries) => {
        window.localStorage.clear();
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, keys);
      await page.reload();
      await page.getByText('Your cart is empty').waitFor();
      expect(await accountLink.getAttribute('aria-label')).toBe(label);
    }
    await page.close();
  });
});

describe('admins', () => {
  it('see the Admin Dashboard link once signed in; customers never do', async () => {
    const { page } = await open('/login');
    expect(await page.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/shop');
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin Dashboard' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/admin/dashboard');
    await page.close();
  });
});

describe('accessibility', () => {
  it.each(['/login', '/register'])(
    '%s has no WCAG 2.1 A/AA violations at phone and desktop widths',
    async (path) => {
      for (const viewport of [phone, desktop]) {
        const { page } = await open(path, viewport, { bypassCSP: true });
        expect(await allAccessibilityViolations(page)).toEqual([]);
        await page.close();
      }
    },
  );

  it('the profile page has no WCAG 2.1 A/AA violations', async () => {
    const email = uniqueEmail('a11y');
    const auth = await registerThroughApi(email);
    const { page } = await open('/', desktop, { bypassCSP: true });
    await page.evaluate(
      ([token, user]) => {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user', JSON.stringify(user));
      },
      [auth.token, auth.user] as const,
    );
    await page.goto(`${shop.url}/profile`, { waitUntil: 'networkidle' });
    await page.getByText('Your orders will appear here').waitFor();
    expect(await allAccessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});
