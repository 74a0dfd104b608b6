/**
 * The product gallery (docs/product.md, Product gallery; decision 0061), at 390x844 and 1280x800:
 * the first photo is the preloaded LCP image; thumbnails and a swipe switch the photo; the zoom view
 * opens from the keyboard, keeps focus inside, closes on Escape and gives focus back; JSON-LD lists
 * every photo; axe finds nothing. Then the owner adds a second photo to a product, puts it first,
 * describes both, and the product page shows them in that order.
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, hydrated, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { openSignedIn, shopApi } from './shop-api';
import { getJson, jsonLdBlocks, openPage, type ApiProduct } from './storefront-helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ADMIN = { email: 'gallery-owner@northbite.test', password: 'sugar-maple-gallery-2026' };
const CLASSIC = 'classic-chocolate-chunk-protein-cookies';

type Photo = { url: string; alt: string };
type GalleryProduct = ApiProduct & { image_url: string | null; images: Photo[]; category_id: number };
interface Auth {
  token: string;
  user: { id: number; email: string; firstName: string };
}

let shop: RunningShop;
let browser: Browser;
let products: GalleryProduct[];
const api = shopApi(() => shop.url, '10.61');

beforeAll(async () => {
  shop = await startShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' });
  browser = await launchBrowser();
  products = await getJson<GalleryProduct[]>(`${shop.url}/api/products`);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const axe = async (page: Page, label: string) =>
  expect(await allAccessibilityViolations(page), label).toEqual([]);
const thumbnails = (page: Page) => page.getByRole('list', { name: 'Choose a photo' }).getByRole('button');
const current = (page: Page) =>
  page.getByRole('list', { name: 'Choose a photo' }).locator('button[aria-current="true"]');
const insideDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

describe('the product gallery', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`switches, swipes and zooms from the keyboard at ${viewport.width}px, the first photo preloaded`, async () => {
      const product = products.find((p) => p.slug === CLASSIC)!;
      expect(product.images.length).toBeGreaterThanOrEqual(3);
      const { page, errors } = await openPage(browser, viewport, { bypassCSP: true });
      await page.goto(`${shop.url}/products/${CLASSIC}`, { waitUntil: 'networkidle' });
      await hydrated(page);

      // The LCP image is the first photo, preloaded with high priority; the others are not.
      const preloads = await page
        .locator('link[rel="preload"][as="image"]')
        .evaluateAll((links) =>
          links.map((l) => `${l.getAttribute('href')} ${l.getAttribute('imagesrcset')}`),
        );
      const base = (url: string) => url.replace(/-\d+w\.webp$/, '');
      expect(preloads.filter((p) => p.includes(base(product.images[0]!.url))).length).toBe(1);
      for (const other of product.images.slice(1)) {
        expect(preloads.some((p) => p.includes(base(other.url)))).toBe(false);
      }
      const gallery = page.getByTestId('product-gallery');
      const first = gallery.getByRole('img', { name: product.images[0]!.alt, exact: true }).first();
      expect(await first.getAttribute('fetchpriority')).toBe('high');
      expect(await first.getAttribute('srcset')).toContain('400w');

      // Thumbnails switch the photo; the row follows.
      expect(await thumbnails(page).count()).toBe(product.images.length);
      expect(await current(page).getAttribute('aria-label')).toBeNull();
      expect(await current(page).locator('img').getAttribute('alt')).toBe(
        `Show photo 1: ${product.images[0]!.alt}`,
      );
      await thumbnails(page).nth(1).click();
      await page.waitForFunction(() => {
        const track = document.querySelector<HTMLElement>('[data-testid="product-gallery"] [role="region"]');
        return track && Math.abs(track.scrollLeft - track.clientWidth) < 2;
      });
      expect(await current(page).locator('img').getAttribute('alt')).toBe(
        `Show photo 2: ${product.images[1]!.alt}`,
      );

      // A swipe (the row scrolled by the finger) lands on a photo, and the thumbnails follow.
      await page.evaluate(() => {
        const track = document.querySelector<HTMLElement>('[data-testid="product-gallery"] [role="region"]')!;
        track.scrollTo({ left: track.clientWidth * 2 });
      });
      await page.waitForFunction(() =>
        document
          .querySelector('[aria-label="Choose a photo"] button[aria-current="true"] img')
          ?.getAttribute('alt')
          ?.startsWith('Show photo 3'),
      );
      await axe(page, `product page with its gallery at ${viewport.width}px`);

      // Zoom from the keyboard: Enter on the button; focus stays inside; arrows; Escape gives it back.
      const zoom = gallery.getByRole('button', { name: /^Enlarge photo 3 of \d+$/ });
      await zoom.focus();
      await page.keyboard.press('Enter');
      const view = page.getByRole('dialog', { name: new RegExp(product.name) });
      await view.waitFor();
      await view.getByRole('img', { name: product.images[2]!.alt, exact: true }).waitFor();
      expect(await insideDialog(page)).toBe(true);
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await insideDialog(page), `Tab ${i + 1}`).toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      expect(await insideDialog(page)).toBe(true);
      await axe(page, `zoom view at ${viewport.width}px`);
      await page.keyboard.press('ArrowRight');
      await view
        .getByRole('img', { name: product.images[3 % product.images.length]!.alt, exact: true })
        .waitFor();
      await page.keyboard.press('Escape');
      await view.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Enlarge photo/);

      // Search engines get every photo, the first first.
      const ld = (await jsonLdBlocks(page)).find((block) => block['@type'] === 'Product')!;
      // Absolute, on the shop's public origin.
      expect((ld.image as string[]).map((url) => new URL(url).pathname)).toEqual(
        product.images.map((image) => image.url),
      );
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('the owner’s photos', () => {
  it('adds a second photo, puts it first, describes both; the product page shows them in that order', async () => {
    const admin = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
    const png = (r: number) =>
      sharp({ create: { width: 320, height: 320, channels: 3, background: { r, g: 120, b: 60 } } })
        .png()
        .toBuffer();
    const name = `Gallery Test Granola ${Date.now()}`;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name,
      description: 'Made for the gallery journey.',
      price: '14.50',
      category_id: String(products.find((p) => p.category === 'Granola')!.category_id),
      status: 'active',
    }))
      form.append(key, value);
    form.append('image', new Blob([new Uint8Array(await png(196))], { type: 'image/png' }), 'one.png');
    const res = await fetch(`${shop.url}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as GalleryProduct;
    expect(created.images).toEqual([{ url: created.image_url, alt: name }]);

    const { page, errors } = await openSignedIn(
      browser,
      shop.url,
      admin,
      '/admin/dashboard?tab=products',
      DESKTOP,
      { bypassCSP: true },
    );
    const row = page.getByTestId('admin-product-row').filter({ hasText: name });
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog');
    const photos = dialog.getByRole('group', { name: 'Photos' });
    await photos.waitFor();
    expect(await photos.getByTestId('gallery-editor-row').count()).toBe(1);
    await photos.locator('input[type="file"]').setInputFiles({
      name: 'two.png',
      mimeType: 'image/png',
      buffer: await png(40),
    });
    await photos.getByText('Photo added.').waitFor();
    expect(await photos.getByTestId('gallery-editor-row').count()).toBe(2);

    await photos.getByRole('button', { name: 'Move photo 2 up' }).click();
    await photos.getByLabel('Alt text of photo 1').fill('The granola in a bowl, from above');
    await photos.getByLabel('Alt text of photo 2').fill('The pouch, front');
    await axe(page, 'product form with its photos');
    await photos.getByRole('button', { name: 'Save photo order and alt texts' }).click();
    await photos.getByText('Photo order and alt texts saved.').waitFor();

    const shown = await getJson<GalleryProduct>(`${shop.url}/api/products/${created.slug}`);
    expect(shown.images.map((image) => image.alt)).toEqual([
      'The granola in a bowl, from above',
      'The pouch, front',
    ]);
    expect(shown.images[1]!.url).toBe(created.image_url);
    expect(shown.image_url).toBe(shown.images[0]!.url);
    // The list behind the dialog shows the new first photo at once, and so does the dialog opened again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const thumbnail = row.locator('img').first();
    const firstPhoto = shown.images[0]!.url.replace(/-\d+w\.webp$/, '');
    expect(await thumbnail.getAttribute('src')).toMatch(new RegExp(`^${firstPhoto}-\\d+w\\.webp$`));
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    expect(await photos.getByLabel('Alt text of photo 1').inputValue()).toBe(
      'The granola in a bowl, from above',
    );
    await page.keyboard.press('Escape');

    const { page: shopper, errors: shopperErrors } = await openPage(browser, DESKTOP);
    await shopper.goto(`${shop.url}/products/${created.slug}`, { waitUntil: 'networkidle' });
    await hydrated(shopper);
    const alts = await shopper
      .getByTestId('product-gallery')
      .locator('[role="region"] img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
    expect(alts).toEqual(['The granola in a bowl, from above', 'The pouch, front']);
    expect(errors).toEqual([]);
    expect(shopperErrors).toEqual([]);
    await page.close();
    await shopper.close();
  });
});
