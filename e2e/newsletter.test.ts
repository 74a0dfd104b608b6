/**
 * Newsletter double opt-in (decision 0042) in Chromium against a started shop whose e-mails go to a
 * real SMTP server on loopback: the banner asks the visitor to check their inbox, the e-mailed link
 * opens the confirmation page, which confirms the subscription once; a used or forged link says so.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/domain/messages';
import { linkTo, startMailbox, unescapeHtml, type Mailbox } from '../src/server/testing/mailbox';
import { allAccessibilityViolations, hydrated, launchBrowser, watchForErrors } from './browser';
import { startShop, type RunningShop } from './server';
import { DESKTOP as desktop, PHONE as phone } from './storefront-helpers';
import { uniqueEmail } from './shop-api';

const SUBJECT = /^Please confirm your Northbite newsletter subscription$/;

let mailbox: Mailbox;
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startShop({ SMTP_URL: mailbox.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await mailbox?.close();
});

/** Console errors a journey expects: the browser logs the 400 of a link that does not work. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 400/.test(e));

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('newsletter double opt-in', () => {
  it('asks the visitor to check their inbox; the e-mailed link confirms the subscription once', async () => {
    const email = uniqueEmail('snack.club');
    // axe is added to the page as a script of its own: the page's CSP would refuse it.
    const page = await browser.newPage({ viewport: phone, bypassCSP: true });
    const errors = watchForErrors(page);
    await page.goto(shop.url, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect
      .poll(() => page.locator('#newsletter-status').textContent())
      .toBe(messages.newsletterCheckInbox);

    const mail = await mailbox.waitFor(email, SUBJECT);
    const { link, pathAndQuery, token } = linkTo('/newsletter/confirm', mail.text);
    expect(unescapeHtml(mail.html)).toContain(`href="${link}"`);

    // The address with the token is kept by no shared cache, sent on as no referrer, and not indexed.
    const direct = await fetch(shop.url + pathAndQuery);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('cache-control')).toBe('private, no-store');
    expect(direct.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await direct.text();
    expect(html).not.toContain(token);
    expect(html).toMatch(/<meta name="robots" content="noindex/);

    await page.goto(shop.url + pathAndQuery, { waitUntil: 'networkidle' });
    await expect.poll(() => heading(page).textContent()).toBe('Subscription confirmed');
    expect(await page.getByRole('status').textContent()).toContain(messages.newsletterThanks);
    // The token left the address bar.
    expect(new URL(page.url()).search).toBe('');
    expect(await allAccessibilityViolations(page)).toEqual([]);

    // The same link again works no more, and the page says why.
    await page.goto(shop.url + pathAndQuery, { waitUntil: 'networkidle' });
    await expect.poll(() => heading(page).textContent()).toBe('We could not confirm your subscription');
    expect(await page.getByRole('alert').textContent()).toBe(messages.newsletterLinkInvalid);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('says a forged or missing link is not valid, at phone and desktop widths', async () => {
    for (const viewport of [phone, desktop]) {
      for (const query of [`?token=${'A'.repeat(43)}`, '']) {
        const page = await browser.newPage({ viewport, bypassCSP: true });
        const errors = watchForErrors(page);
        await page.goto(`${shop.url}/newsletter/confirm${query}`, { waitUntil: 'networkidle' });
        await expect.poll(() => page.getByRole('alert').textContent()).toBe(messages.newsletterLinkInvalid);
        expect(await page.getByRole('link', { name: 'Sign up again' }).getAttribute('href')).toBe(
          '/#newsletter-title',
        );
        expect(await allAccessibilityViolations(page)).toEqual([]);
        expect(unexpected(errors)).toEqual([]);
        await page.close();
      }
    }
  });

  it('keeps the confirmation page out of search engines', async () => {
    const robots = await (await fetch(`${shop.url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /newsletter/');
  });
});
