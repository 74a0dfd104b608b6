/**
 * Marketing consent in the browser (decisions 0042 and 0043), one shopper from start to end: registers
 * with the boxes as the form shows them, leaves a cart at checkout, unsubscribes through the link of
 * the reminder e-mail without signing in (the page asks, one press does it), sees "Not subscribed" on
 * the profile, finds the withdrawal in the downloaded data, deletes the account, and cannot sign in.
 * The shop runs on PostgreSQL, its outbox read directly (no mail server in journeys).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_WORDING, UNSUBSCRIBE_MESSAGES } from '../src/domain/consent';
import { messages } from '../src/domain/messages';
import { accessibilityViolations, hydrated, launchBrowser, watchForErrors } from './browser';
import { createDatabase, dropDatabase, type TestDatabase } from './postgres';
import { startShop, type RunningShop } from './server';
import { shopApi, uniqueEmail } from './shop-api';
import { DESKTOP, PHONE } from './storefront-helpers';

const PASSWORD = 'maple oat consent';
const REMINDER = 'You left something in your Northbite cart';
/** The unsubscribe link in the reminder's text: any origin (PUBLIC_URL), the page, a signed token. */
const UNSUBSCRIBE_LINK = /https?:\/\/[^/\s]+(\/unsubscribe\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/;

let database: TestDatabase | undefined;
let db: pg.Pool;
let shop: RunningShop;
let browser: Browser;
const api = shopApi(() => shop.url, '10.72');

beforeAll(async () => {
  database = await createDatabase('shop_e2e_consent');
  shop = await startShop({
    DATABASE_URL: database.url,
    ABANDONED_CART_REMINDER_MINUTES: '0',
    JOBS_POLL_MS: '500',
    TRUST_PROXY: '1',
  });
  db = new pg.Pool({ connectionString: database.url, max: 2 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
  await shop?.stop();
  if (database) await dropDatabase(database.name);
});

async function open(path: string, viewport = DESKTOP, options: { bypassCSP?: boolean } = {}) {
  const page = await browser.newPage({ viewport, acceptDownloads: true, ...options });
  const errors = watchForErrors(page);
  await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
  await hydrated(page);
  return { page, errors };
}

/** The e-mail flag on the profile, as the shopper reads it. */
const emailFlag = (page: Page) => page.getByTestId('profile-isSubscribedEmail-value');

describe('marketing consent, from registration to deletion', () => {
  it('unsubscribes from the reminder without signing in, shows it on the profile and in the data, then deletes', async () => {
    const email = uniqueEmail('consent');

    // Registration: the boxes say the words the shop records, ticked as MARKETING_OPT_IN_DEFAULT says.
    const { page, errors } = await open('/register', DESKTOP, { bypassCSP: true });
    const emailBox = page.getByRole('checkbox', { name: CONSENT_WORDING.registrationEmail });
    expect(await emailBox.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: CONSENT_WORDING.registrationSms }).isChecked()).toBe(
      true,
    );
    await page.fill('#register-firstName', 'Noor');
    await page.fill('#register-lastName', 'Haddad');
    await page.fill('#register-email', email);
    await page.fill('#register-phoneNumber', '604 555 0142');
    await page.fill('#register-password', PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/shop');
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();

    // A cart left at checkout: its reminder is due at once, and commercial, so it carries the link.
    const [product] = await api<{ id: number; price: number }[]>('/api/products');
    await api('/api/abandoned-cart', {
      method: 'POST',
      token: token!,
      body: { email, cartItems: [{ id: product!.id, quantity: 2 }], total: product!.price * 2 },
    });
    let text = '';
    await expect
      .poll(
        async () => {
          const rows = await db.query<{ text: string }>(
            'select text from email_outbox where "to" = $1 and subject = $2',
            [email, REMINDER],
          );
          text = rows.rows[0]?.text ?? '';
          return rows.rowCount;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(1);
    const link = UNSUBSCRIBE_LINK.exec(text);
    expect(link, text).not.toBeNull();

    // The link in a browser with no session: the page asks, changes nothing, and one press does it.
    const stranger = await open(link![1]!, PHONE);
    await stranger.page.getByRole('heading', { name: 'Unsubscribe from our e-mails' }).waitFor();
    expect(await stranger.page.getByText(UNSUBSCRIBE_MESSAGES.ready).isVisible()).toBe(true);
    expect(stranger.page.url()).toBe(`${shop.url}/unsubscribe`);
    await stranger.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await stranger.page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await stranger.page.getByText(UNSUBSCRIBE_MESSAGES.unsubscribed).isVisible()).toBe(true);
    expect(stranger.errors).toEqual([]);
    await stranger.page.close();

    // The same link again: nothing changes, and the page says so.
    const again = await open(link![1]!, PHONE, { bypassCSP: true });
    await again.page.getByRole('heading', { name: 'This link was already used' }).waitFor();
    expect(await accessibilityViolations(again.page)).toEqual([]);
    await again.page.close();

    // The signed-in profile shows it, read again from the server.
    await page.goto(`${shop.url}/profile`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await expect.poll(() => emailFlag(page).textContent()).toBe('Not subscribed');

    // The download holds the withdrawal as it was recorded.
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      consentEvents: { channel: string; granted: boolean; source: string; wording: string }[];
    };
    expect(data.consentEvents.map((e) => [e.channel, e.granted, e.source])).toEqual([
      ['email', true, 'registration'],
      ['sms', true, 'registration'],
      ['email', false, 'unsubscribe-link'],
    ]);

    // Deleted with the password: the address signs nobody in any more.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.fill('#delete-password', PASSWORD);
    await page.getByRole('button', { name: 'Delete my account permanently' }).click();
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${shop.url}/`);
    await page.goto(`${shop.url}/login`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.fill('#login-email', email);
    await page.fill('#login-password', PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByText(messages.invalidCredentials).waitFor();
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await page.close();
  });
});
