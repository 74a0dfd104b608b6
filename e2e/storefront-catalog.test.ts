/**
 * Storefront journeys, part 1: the shop page, its loading state, the category pages (with their
 * error state), the variety-pack page and the product pages (docs/product.md, Screens and
 * Catalogue).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import {
  expectedSizeLine,
  getJson,
  INSTAGRAM_URL,
  jsonLdBlocks,
  money,
  openPage,
  PHONE,
  sleep,
  unexpectedErrors,
  type ApiCategory,
  type ApiProduct,
} from './storefront-helpers';

let shop: RunningShop;
let browser: Browser;
let products: ApiProduct[];
let categories: ApiCategory[];

const CATEGORY_SLUGS = ['chunky-protein-cookies', 'energybites', 'granola'] as const;
const ERROR_COLOUR = 'rgb(180, 35, 24)';

beforeAll(async () => {
  shop = await startShop({ INSTAGRAM_URL });
  browser = await launchBrowser();
  products = await getJson<ApiProduct[]>(`${shop.url}/api/products`);
  categories = await getJson<ApiCategory[]>(`${shop.url}/api/categories`);
});

afterAll(async () => {
  await browser?.close();
  const code = await shop?.stop();
  expect(code).toBe(0);
});

const category = (slug: string) => {
  const found = categories.find((c) => c.slug === slug);
  if (!found) throw new Error(`no category ${slug} in /api/categories`);
  return found;
};
const productsOf = (slug: string) => products.filter((p) => p.category_slug === slug);
const product = (predicate: (p: ApiProduct) => boolean, what: string) => {
  const found = products.find(predicate);
  if (!found) throw new Error(`no ${what} in /api/products`);
  return found;
};

/** The distinct left edges of the cards in a section: the number of grid columns in use. */
async function columnCount(page: Page, sectionSelector: string): Promise<number> {
  const xs = await page
    .locator(`${sectionSelector} article`)
    .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().left)));
  return new Set(xs).size;
}

/** Whether the element's box overlaps the viewport. */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  });
}

describe('shop page', () => {
  it('shows every category with its product cards, the starter pack, the brand story and the features', async () => {
    const { page, errors } = await openPage(browser);
    const response = await page.goto(`${shop.url}/shop`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(await page.title()).toContain('Shop');
    expect(await page.locator('h1').textContent()).toBe('Shop Our Snacks');

    for (const slug of CATEGORY_SLUGS) {
      const expected = productsOf(slug);
      expect(expected.length, slug).toBeGreaterThan(0);
      const section = page.locator(`section[aria-labelledby="section-${slug}"]`);
      expect(await section.locator('h2').textContent()).toBe(category(slug).name);
      const cards = section.locator('article');
      expect(await cards.count(), slug).toBe(expected.length);

      for (const p of expected) {
        const card = section.locator('article', {
          has: page.getByRole('link', { name: p.name, exact: true }),
        });
        expect(await card.count(), p.name).toBe(1);
        const link = card.getByRole('link', { name: p.name, exact: true });
        expect(await link.getAttribute('href')).toBe(`/products/${p.slug}`);
        expect(await card.getByText(p.description, { exact: true }).isVisible(), p.name).toBe(true);
        expect(await card.getByText(expectedSizeLine(p), { exact: true }).isVisible(), p.name).toBe(true);
        const price = card.locator('p', { hasText: /^\$\d+\.\d{2}$/ });
        expect(await price.textContent(), p.name).toBe(money(p.price));
        expect(await card.getByRole('button', { name: 'Add to Cart' }).isVisible()).toBe(true);
      }
    }
    // The size lines the spec names, as the API describes the products.
    for (const line of ['Pack of 8 (680 g)', '264 g', '360 g']) {
      expect(await page.locator('article').getByText(line, { exact: true }).count(), line).toBeGreaterThan(0);
    }

    // The variety pack is not a category section of its own but the starter pack.
    const starter = page.locator('#starter-pack');
    expect(await starter.getByRole('heading', { name: 'The Perfect Starter Pack' }).isVisible()).toBe(true);
    expect(await starter.getByText('Pack of 4', { exact: true }).isVisible()).toBe(true);
    const variety = product((p) => p.slug === 'chunky-variety-pack', 'variety pack');
    expect(await starter.textContent()).toContain(money(variety.price));

    const story = page.locator('section[aria-labelledby="brand-story-title"]');
    expect(await story.getByRole('heading').textContent()).toBe('Where Smart Snacking Meets Heart');
    expect(await story.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Shop Now' }).count()).toBe(0);

    const banner = page.locator('section[aria-labelledby="features-banner-title"]');
    expect(await banner.getByRole('heading').textContent()).toBe('Snack Smarter, Live Better');
    expect(await banner.locator('li').allTextContents()).toEqual([
      'High in Protein',
      'No Added Sugar',
      'Gluten-Free',
      'Sweetened with Dates',
      'Made with Coconut Oil',
      'No Preservatives',
    ]);
    // Each feature has its icon.
    expect(await banner.locator('li svg').count()).toBe(6);

    expect(errors).toEqual([]);
    await page.close();
  });

  it('lays the cards out in 1, 2, 3 and 4 columns as the screen widens', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${shop.url}/shop`, { waitUntil: 'networkidle' });
    const cookies = 'section[aria-labelledby="section-chunky-protein-cookies"]';
    expect(await page.locator(`${cookies} article`).count()).toBeGreaterThanOrEqual(4);
    const columns: Record<number, number> = {};
    for (const width of [390, 640, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      columns[width] = await columnCount(page, cookies);
    }
    expect(columns).toEqual({ 390: 1, 640: 2, 800: 3, 1280: 4 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps a card quantity at 1 or more', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${shop.url}/shop`, { waitUntil: 'networkidle' });
    const first = productsOf('granola')[0]!;
    const selector = page.getByRole('group', { name: `Quantity of ${first.name}` });
    const value = selector.locator('output');
    const minus = selector.getByRole('button', { name: 'Decrease quantity' });
    const plus = selector.getByRole('button', { name: 'Increase quantity' });

    expect(await value.textContent()).toBe('1');
    expect(await minus.isDisabled()).toBe(true);
    await plus.click();
    await plus.click();
    expect(await value.textContent()).toBe('3');
    expect(await minus.isDisabled()).toBe(false);
    await minus.click();
    await minus.click();
    expect(await value.textContent()).toBe('1');
    expect(await minus.isDisabled()).toBe(true);
    // Even a forced click on the disabled button leaves it at 1.
    await minus.click({ force: true });
    await minus.dispatchEvent('click');
    expect(await value.textContent()).toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows 'Baking something good...' while the next page's data loads", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(shop.url, { waitUntil: 'networkidle' });
    let delayed = 0;
    await page.route(/\.data(\?|$)/, async (route) => {
      delayed += 1;
      await sleep(1500);
      await route.continue();
    });
    const loading = page.getByText('Baking something good...', { exact: true });
    expect(await loading.count()).toBe(0);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Shop', exact: true }).click();
    await nav.getByRole('link', { name: 'Shop All', exact: true }).click();
    await loading.waitFor({ state: 'visible', timeout: 1400 });
    expect(await page.getByRole('heading', { name: 'Shop Our Snacks' }).count()).toBe(0);

    await page.getByRole('heading', { name: 'Shop Our Snacks' }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/shop');
    expect(await loading.count()).toBe(0);
    expect(delayed).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('category pages', () => {
  for (const slug of CATEGORY_SLUGS) {
    it(`/categories/${slug} shows its products, sections, banner and structured data`, async () => {
      const c = category(slug);
      const config = c.config;
      if (!config) throw new Error(`${slug} has no page config`);
      const expected = productsOf(slug);
      const isCookies = slug === 'chunky-protein-cookies';
      const { page, errors } = await openPage(browser);
      const response = await page.goto(`${shop.url}/categories/${slug}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(await page.title()).toContain(c.name);
      expect(await page.locator('h1').textContent()).toBe(c.name);

      const header = page.locator('#category-header');
      expect(await header.locator('article').count()).toBe(expected.length);
      for (const p of expected) {
        const link = header.getByRole('link', { name: p.name, exact: true });
        expect(await link.getAttribute('href'), p.name).toBe(`/products/${p.slug}`);
      }

      const features = page.locator('section[aria-label="Why you\'ll love them"] li');
      expect(await features.allTextContents()).toEqual(config.features.map((f) => f.label));

      const promise = page.locator('section[aria-labelledby="quality-title"]');
      expect(await promise.textContent()).toContain(config.qualityPromise.text);
      expect(await promise.locator('img').getAttribute('alt')).toBeTruthy();

      const highlight = page.locator('section[aria-labelledby="ingredients-title"]');
      const ih = config.ingredientHighlight;
      expect(await highlight.getByText(ih.tag, { exact: true }).isVisible()).toBe(true);
      expect(await highlight.locator('h2').textContent()).toBe(ih.title);
      expect(await highlight.getByText(ih.description, { exact: true }).isVisible()).toBe(true);
      expect(await highlight.locator('li').allTextContents()).toEqual(ih.points);
      expect(await highlight.locator('img').getAttribute('alt')).toBe(ih.altText);

      // Scrolling banner: four copies on desktop.
      const bannerText = isCookies ? 'The Perfect Starter Pack' : c.name;
      const main = page.locator('[data-banner-copy="main"]');
      expect(await main.count()).toBe(4);
      expect(await page.locator('[data-banner-copy="main"]:visible').count()).toBe(4);
      expect((await main.allTextContents()).map((t) => t.trim())).toEqual(Array(4).fill(bannerText));
      expect(await page.locator('[data-banner-copy="small"]').isVisible()).toBe(false);

      expect(await page.locator('#starter-pack').count()).toBe(isCookies ? 1 : 0);
      expect(await page.getByRole('heading', { name: 'The Perfect Starter Pack' }).count()).toBe(
        isCookies ? 1 : 0,
      );

      const blocks = await jsonLdBlocks(page);
      const itemList = blocks.find((b) => b['@type'] === 'ItemList') as
        | { name: string; numberOfItems: number; itemListElement: { item: { name: string; url: string } }[] }
        | undefined;
      expect(itemList?.name).toBe(c.name);
      expect(itemList?.numberOfItems).toBe(expected.length);
      expect(itemList?.itemListElement.map((e) => e.item.name).sort()).toEqual(
        expected.map((p) => p.name).sort(),
      );
      for (const e of itemList?.itemListElement ?? []) {
        expect(new URL(e.item.url).pathname).toMatch(/^\/products\/[a-z0-9-]+$/);
      }
      const breadcrumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList') as
        { itemListElement: { name: string; item: string }[] } | undefined;
      expect(breadcrumbs?.itemListElement.map((e) => e.name)).toEqual(['Home', 'Shop', c.name]);
      expect(new URL(breadcrumbs!.itemListElement[2]!.item).pathname).toBe(`/categories/${slug}`);

      // One copy, on a phone.
      await page.setViewportSize(PHONE);
      expect(await page.locator('[data-banner-copy="small"]').isVisible()).toBe(true);
      expect((await page.locator('[data-banner-copy="small"]').textContent())?.trim()).toBe(bannerText);
      expect(await page.locator('[data-banner-copy="main"]:visible').count()).toBe(0);

      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('answers an unknown category with 404 and the error message in the error colour', async () => {
    const res = await fetch(`${shop.url}/categories/candy`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Category not found or failed to load');

    const { page, errors } = await openPage(browser);
    const response = await page.goto(`${shop.url}/categories/candy`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    const alert = page.getByRole('alert').filter({ hasText: 'Category not found or failed to load' });
    expect(await alert.isVisible()).toBe(true);
    expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe(ERROR_COLOUR);
    expect(unexpectedErrors(errors, 404)).toEqual([]);
    await page.close();
  });

  it('shows the error message when loading a category fails', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${shop.url}/shop`, { waitUntil: 'networkidle' });
    let failed = 0;
    await page.route(/\/categories\/energybites\.data(\?|$)/, async (route) => {
      failed += 1;
      await route.fulfill({ status: 500, body: '' });
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Shop', exact: true }).click();
    await nav.getByRole('link', { name: 'Energy Bites', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Category not found or failed to load' });
    await alert.waitFor({ timeout: 10_000 });
    expect(failed).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/categories/energybites');
    expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe(ERROR_COLOUR);
    expect(unexpectedErrors(errors, 500, ['Failed to load category'])).toEqual([]);
    await page.close();
  });
});

describe('variety pack page', () => {
  it('lists the flavours and selling points, scrolls to the pack and links the Instagram photos', async () => {
    const { page, errors } = await openPage(browser);
    const response = await page.goto(`${shop.url}/chunky-variety-pack`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);

    expect(
      await page.getByRole('list', { name: 'The four flavours' }).locator('li').allTextContents(),
    ).toEqual([
      'Classic Chocolate Chunk',
      'Double Chocolate Chunk',
      'Peanut Butter Crunch',
      'White Chocolate & Macadamia',
    ]);
    expect(await page.locator('section[aria-label="Why this pack"] li').allTextContents()).toEqual([
      'Freshly Baked',
      'Packed with 20g of protein',
      'Made with Coconut Oil',
      'Sweetened with Dates',
      'No Preservatives',
    ]);

    const main = page.locator('[data-banner-copy="main"]');
    expect((await main.allTextContents()).map((t) => t.trim())).toEqual(
      Array(4).fill('Chunky Protein Cookie Variety Pack'),
    );
    expect(await page.locator('[data-banner-copy="main"]:visible').count()).toBe(4);

    const instagram = page.locator('section[aria-labelledby="instagram-title"]');
    const photoLinks = instagram.locator('ul a');
    expect(await photoLinks.count()).toBe(6);
    expect(await instagram.locator('ul img').count()).toBe(6);
    const hrefs = await photoLinks.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(Array(6).fill(INSTAGRAM_URL));
    expect(await instagram.getByRole('link', { name: /Follow @northbite\.test/ }).getAttribute('href')).toBe(
      INSTAGRAM_URL,
    );

    // No third-party script: the photo feed is the shop's own images.
    const scripts = await page
      .locator('script[src]')
      .evaluateAll((s) => s.map((el) => (el as HTMLScriptElement).src));
    for (const src of scripts) expect(new URL(src).origin, src).toBe(shop.url);

    // Shop Now brings the pack into view.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await inViewport(page, '#variety-pack')).toBe(false);
    await page.getByRole('button', { name: 'Shop Now' }).click();
    await expect.poll(() => inViewport(page, '#variety-pack'), { timeout: 5000 }).toBe(true);
    expect(await page.locator('#variety-pack').getByText('Pack of 4', { exact: true }).isVisible()).toBe(
      true,
    );

    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('product page', () => {
  const cases = [
    { label: 'granola', pick: (p: ApiProduct) => p.category_slug === 'granola' },
    { label: 'classic cookie', pick: (p: ApiProduct) => p.slug.startsWith('classic-chocolate-chunk') },
  ];

  for (const { label, pick } of cases) {
    it(`shows the ${label} with its details, highlights, comparison and FAQs`, async () => {
      const p = product(pick, label);
      const { page, errors } = await openPage(browser);
      const response = await page.goto(`${shop.url}/products/${p.slug}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(await page.title()).toContain(p.name);
      expect(await page.locator('h1').textContent()).toBe(p.name);

      const image = page.locator(`main img[alt="${p.name}"]`);
      expect(await image.isVisible()).toBe(true);
      expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

      expect(await page.getByRole('list', { name: 'Features' }).locator('li').allTextContents()).toEqual(
        p.features,
      );
      expect(p.ideal_time_of_day).toBeTruthy();
      expect(await page.getByText('Best time to eat:').textContent()).toBe(
        `Best time to eat: ${p.ideal_time_of_day}`,
      );
      const hero = page.locator('main section').first();
      expect(await hero.getByText(expectedSizeLine(p), { exact: true }).isVisible()).toBe(true);
      expect(await hero.getByText(money(p.price), { exact: true }).first().isVisible()).toBe(true);

      // The nutrition label in a modal dialog; Escape closes it.
      expect(p.nutrition_label).toBeTruthy();
      const dialog = page.getByRole('dialog', { name: 'Nutrition label' });
      expect(await dialog.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'View nutrition label' }).click();
      await dialog.waitFor({ state: 'visible' });
      expect(await dialog.locator('img').getAttribute('src')).toBe(p.nutrition_label);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.locator('dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);

      // Highlights: three on the left, the rest on the right.
      expect(p.highlights.length).toBeGreaterThan(3);
      expect(await page.locator('[data-testid="highlights-left"] li h3').allTextContents()).toEqual(
        p.highlights.slice(0, 3).map((h) => h.heading),
      );
      expect(await page.locator('[data-testid="highlights-right"] li').count()).toBe(p.highlights.length - 3);

      const ingredients = page.locator('section[aria-labelledby="ingredients-title"]');
      expect(await ingredients.getByRole('heading', { name: 'Ingredients' }).isVisible()).toBe(true);
      expect(await ingredients.textContent()).toContain(`${p.ingredients.join(', ')}.`);
      expect(await ingredients.getByRole('heading', { name: 'Allergens' }).isVisible()).toBe(true);
      expect(await ingredients.locator('li').allTextContents()).toEqual(p.allergens);

      const compare = page.locator('section[aria-labelledby="compare-title"]');
      expect(await compare.getByRole('heading').textContent()).toBe('We vs Them');
      expect(await compare.locator('thead th').allTextContents()).toEqual([
        'Per serving',
        'Northbite',
        ...p.competitors.map((c) => c.competitor_name),
      ]);
      expect(await compare.locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await compare.getByText('N/A', { exact: true }).count()).toBe(0);

      const faqs = page.locator('section[aria-labelledby="faq-title"] details');
      expect(await faqs.count()).toBe(p.faqs.length);
      const firstFaq = p.faqs[0]!;
      const answer = faqs.first().getByText(firstFaq.answer, { exact: true });
      expect(await answer.isVisible()).toBe(false);
      await faqs.first().locator('summary').click();
      expect(await answer.isVisible()).toBe(true);
      expect(await faqs.first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);

      const productLd = (await jsonLdBlocks(page)).find((b) => b['@type'] === 'Product') as
        { name: string; sku: string; offers: { price: string; priceCurrency: string } } | undefined;
      expect(productLd).toMatchObject({
        name: p.name,
        sku: p.sku,
        offers: { price: p.price.toFixed(2), priceCurrency: 'CAD' },
      });

      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('adds the chosen quantity to the cart, stores it and reports Added to Cart', async () => {
    const p = product((x) => x.slug.startsWith('classic-chocolate-chunk'), 'classic cookie');
    const { page, errors } = await openPage(browser);
    await page.goto(`${shop.url}/products/${p.slug}`, { waitUntil: 'networkidle' });
    const badge = page.getByTestId('cart-count');
    expect(await badge.count()).toBe(0);

    const stepper = page.getByRole('group', { name: `Quantity of ${p.name}` });
    const value = stepper.locator('output');
    const minus = stepper.getByRole('button', { name: 'Decrease quantity' });
    expect(await value.textContent()).toBe('1');
    expect(await minus.isDisabled()).toBe(true);
    await minus.click({ force: true });
    expect(await value.textContent()).toBe('1');
    for (let i = 0; i < 3; i++) await stepper.getByRole('button', { name: 'Increase quantity' }).click();
    await minus.click();
    expect(await value.textContent()).toBe('3');

    await page.locator('main section').first().getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => badge.textContent(), { timeout: 3000 }).toBe('3');

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null') as unknown);
    expect(stored).toEqual({
      items: [
        {
          id: p.id,
          name: p.name,
          quantity: 3,
          price: p.price,
          totalPrice: Math.round(p.price * 300) / 100,
          sku: p.sku,
          image_url: p.image_url,
          size: p.size,
          slug: p.slug,
          category: p.category,
          // Kept with the line so it can become a subscription at its price (decision 0056).
          ...(p.subscribe_save_percent ? { subscribe_save_percent: p.subscribe_save_percent } : {}),
        },
      ],
      totalQuantity: 3,
      totalPrice: Math.round(p.price * 300) / 100,
    });

    const events = await page.evaluate(
      () =>
        (window as unknown as { __northbiteEvents?: { event: string; properties: object }[] })
          .__northbiteEvents,
    );
    const added = events?.filter((e) => e.event === 'Added to Cart');
    expect(added).toHaveLength(1);
    expect(added![0]!.properties).toEqual({
      ProductID: p.id,
      SKU: p.sku,
      ProductName: p.name,
      Categories: [p.category],
      ImageURL: new URL(p.image_url!, shop.url).href,
      URL: `${shop.url}/products/${p.slug}`,
      Price: p.price,
      Quantity: 3,
    });

    // The cart survives a reload.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => badge.textContent(), { timeout: 3000 }).toBe('3');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows 'Anytime' when the product has no best time to eat", async () => {
    const variety = product((p) => p.slug === 'chunky-variety-pack', 'variety pack');
    expect(variety.ideal_time_of_day).toBeNull();
    const { page, errors } = await openPage(browser);
    await page.goto(`${shop.url}/products/chunky-variety-pack`, { waitUntil: 'networkidle' });
    expect(await page.getByText('Best time to eat:').textContent()).toBe('Best time to eat: Anytime');
    expect(await page.getByText('Pack of 4', { exact: true }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("answers an unknown product with 404 and 'Product not found'", async () => {
    const res = await fetch(`${shop.url}/products/no-such-snack`);
    expect(res.status).toBe(404);

    const { page, errors } = await openPage(browser);
    const response = await page.goto(`${shop.url}/products/no-such-snack`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Product not found');
    expect(await page.title()).toContain('Product not found');
    expect(unexpectedErrors(errors, 404)).toEqual([]);
    await page.close();
  });
});
