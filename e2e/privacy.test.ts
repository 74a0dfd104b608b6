/**
 * The customer's data rights in the browser (decision 0043): register, download "my data" from the
 * profile (a JSON file of the account), delete the account with the password, and find that the
 * password signs nobody in any more. The "Your data" section is photographed at phone and desktop
 * widths (screenshots/privacy-*.png) to be looked at beside the rest of the profile.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/domain/messages';
import { accessibilityViolations, hydrated, launchBrowser, watchForErrors } from './browser';
import { startShop, type RunningShop } from './server';
import { uniqueEmail } from './shop-api';
import { DESKTOP, PHONE } from './storefront-helpers';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

let client = 0;
async function register(email: string, password: string) {
  const res = await fetch(`${shop.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.0.${++client}` },
    body: JSON.stringify({
      firstName: 'Rowan',
      lastName: 'Leclair',
      email,
      password,
      phoneNumber: '6045550177',
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { token: string; user: Record<string, unknown> };
}

async function signedInProfile(email: string, password: string, viewport = DESKTOP, bypassCSP = false) {
  // The real Content-Security-Policy, unless axe-core is to be injected.
  const page = await browser.newPage({ viewport, acceptDownloads: true, bypassCSP });
  const errors = watchForErrors(page);
  await page.goto(`${shop.url}/login`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL('**/shop');
  await page.goto(`${shop.url}/profile`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.getByRole('heading', { name: 'Your data' }).waitFor();
  return { page, errors };
}

async function photograph(page: Page, name: string) {
  mkdirSync('screenshots', { recursive: true });
  const section = page.locator('section[aria-labelledby="your-data-title"]');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `screenshots/privacy-${name}-page.png`, fullPage: true });
  await section.screenshot({ path: `screenshots/privacy-${name}.png` });
}

describe('Your data on the profile', () => {
  it('downloads the data, deletes the account with the password, and the password then fails', async () => {
    const email = uniqueEmail('rowan');
    const password = 'maple privacy at dawn';
    await register(email, password);
    const { page, errors } = await signedInProfile(email, password, DESKTOP, true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^northbite-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<string, unknown>;
    expect(data).toMatchObject({
      format: 'northbite-data-export/1',
      account: {
        email,
        firstName: 'Rowan',
        lastName: 'Leclair',
        phoneNumber: '+16045550177',
        hasPassword: true,
      },
      orders: [],
    });
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|tokenHash|\$argon2/);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await photograph(page, 'desktop-open');
    // Nothing typed: the browser asks for the password before anything is sent.
    await page.getByRole('button', { name: 'Delete my account permanently' }).click();
    await page.getByText('Enter your current password to delete your account.').waitFor();
    await page.fill('#delete-password', 'not the password at all');
    await page.getByRole('button', { name: 'Delete my account permanently' }).click();
    await page.getByText(messages.currentPasswordWrong).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.fill('#delete-password', password);
    await page.getByRole('button', { name: 'Delete my account permanently' }).click();
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${shop.url}/`);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await page.goto(`${shop.url}/login`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.fill('#login-email', email);
    await page.fill('#login-password', password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByText(messages.invalidCredentials).waitFor();
    expect(
      errors.filter((e) => !/status of (400|401)/.test(e)),
      errors.join('\n'),
    ).toEqual([]);
    await page.close();
  });

  it('looks like the rest of the profile at phone and desktop widths', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const email = uniqueEmail(`look-${name}`);
      await register(email, 'maple privacy looks');
      const { page } = await signedInProfile(email, 'maple privacy looks', viewport);
      await photograph(page, name);
      // Within the page's column, no sideways scrolling.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.close();
    }
  });
});
