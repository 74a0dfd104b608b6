/**
 * Admin dashboard journeys (docs/product.md, Admin tools): who gets in, the tab kept in the URL, a
 * product created with an image and seen in the shop, an order set to Shipped that its customer can
 * then no longer cancel, user editing with the e-mail check, a recipe created and scaled by the
 * multiplier, the production plan from open orders, and axe on every tab.
 */
import { createHash } from 'node:crypto';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { DESKTOP as desktop, PHONE as phone } from './storefront-helpers';
import { openSignedIn, payWithTestCard, shopApi, uniqueEmail } from './shop-api';

const ADMIN = { email: 'owner@northbite.test', password: 'sugar-maple-owner-2024' };
const PASSWORD = 'oat clusters forever';

interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  price: number;
  category: string;
  category_id: number;
}
interface ApiUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
}
interface Auth {
  token: string;
  user: ApiUser;
}
interface ApiOrder {
  id: number;
  status: string;
  is_paid: boolean;
}
interface ApiPlan {
  products: { product_id: number; open_packs: number; multiplier: number | null }[];
  pick_list: { name: string; unit: string; quantity: number }[];
}

let shop: RunningShop;
let browser: Browser;
let products: ApiProduct[];
let admin: Auth;

beforeAll(async () => {
  shop = await startShop({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // API calls below give each customer its own client address (X-Forwarded-For), as a proxy would,
    // so the per-client limits on registration and card attempts do not trip across journeys.
    TRUST_PROXY: '1',
  });
  browser = await launchBrowser();
  products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
  admin = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const product = (name: string) => products.find((p) => p.name === name)!;
const CLASSIC = 'Classic Chocolate Chunk Protein Cookies';
const VARIETY = 'Chunky Protein Cookie Variety Pack';

const api = shopApi(() => shop.url, '10.88');

const registerThroughApi = (email = uniqueEmail('shopper'), firstName = 'Jordan') =>
  api<Auth>('/api/users/register', {
    method: 'POST',
    body: { firstName, lastName: 'Lee', email, password: PASSWORD, phoneNumber: '6045550123' },
  });

/** An order paid with the test card through the API, as the checkout places it. */
const placeOrderThroughApi = (auth: Auth, lines: { name: string; quantity: number }[]) =>
  payWithTestCard<ApiOrder>(
    api,
    auth.token,
    lines.map((line) => ({ ...product(line.name), quantity: line.quantity })),
    {
      firstName: auth.user.firstName,
      lastName: 'Lee',
      address1: '4700 Kingsway',
      city: 'Vancouver',
      state: 'British Columbia',
      postalCode: 'V5H 4M1',
      country: 'Canada',
      phoneNumber: '+16045550123',
      email: auth.user.email,
    },
  );

/** A page of the shop signed in as `auth` (the session in localStorage, as after a login). */
const signedIn = (
  auth: Auth | null,
  path: string,
  viewport = desktop,
  options: { bypassCSP?: boolean } = {},
) => openSignedIn(browser, shop.url, auth, path, viewport, options);

/** Console errors a journey expects: the browser logs the non-2xx answers a test provokes on purpose. */
const unexpected = (errors: string[], statuses = '') =>
  errors.filter(
    (e) =>
      !statuses ||
      !new RegExp(`Failed to load resource: the server responded with a status of (${statuses})`).test(e),
  );

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const atTab = (name: string) => (url: URL) =>
  url.pathname === '/admin/dashboard' && url.searchParams.get('tab') === name;
const dialog = (page: Page) => page.getByRole('dialog');

/** A product created through the API (multipart, with an image), added to `products`. */
async function createProductThroughApi(name: string, category: string): Promise<ApiProduct> {
  const form = new FormData();
  form.append('name', name);
  form.append('description', 'Made for a test.');
  form.append('price', '14.50');
  form.append('category_id', String(products.find((p) => p.category === category)!.category_id));
  form.append('status', 'active');
  form.append('image', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${shop.url}/api/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  const created = (await res.json()) as ApiProduct;
  products.push(created);
  return created;
}

/** A small real PNG, made here, as an admin would upload a product photo. */
const pngImage = () =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 196, g: 120, b: 60 } } })
    .png()
    .toBuffer();

describe('access', () => {
  it('sends an anonymous visitor to /login, and back to the same tab once an admin signs in', async () => {
    const html = await (await fetch(`${shop.url}/admin/dashboard`)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);

    const { page, errors } = await signedIn(null, '/admin/dashboard?tab=users');
    await page.waitForURL('**/login');
    await page.fill('#login-email', ADMIN.email);
    await page.fill('#login-password', ADMIN.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL(atTab('users'));
    expect(await tab(page, 'User Management').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Users', level: 2 }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('sends a signed-in customer to /login too', async () => {
    const customer = await registerThroughApi();
    const { page, errors } = await signedIn(customer, '/admin/dashboard');
    await page.waitForURL('**/login');
    expect(await page.getByRole('tab').count()).toBe(0);
    // The server refuses the customer whatever the browser shows.
    const res = await fetch(`${shop.url}/api/admin/products`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(res.status).toBe(403);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});

describe('tabs', () => {
  it('opens Product Management by default, keeps the chosen tab in the URL across a reload, and moves with the arrow keys', async () => {
    const { page, errors } = await signedIn(admin, '/admin/dashboard', phone);
    expect(await tab(page, 'Product Management').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Products', level: 2 }).waitFor();

    await tab(page, 'Order Management').click();
    await page.waitForURL(atTab('orders'));
    await page.reload({ waitUntil: 'networkidle' });
    expect(await tab(page, 'Order Management').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Orders', level: 2 }).waitFor();

    await tab(page, 'Order Management').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(atTab('users'));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('User Management');
    // The last tab: the product reviews' moderation (decision 0063).
    await page.keyboard.press('End');
    await page.waitForURL(atTab('reviews'));
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});

describe('products', () => {
  it('creates a draft with its page content, makes it active for the shop, edits its price, makes it a draft again and deletes it', async () => {
    const { page, errors } = await signedIn(admin, '/admin/dashboard?tab=products');
    const name = `Trail Test Granola ${Date.now()}`;
    await page.getByTestId('admin-product-row').first().waitFor();

    await page.getByRole('button', { name: 'New product' }).click();
    const form = dialog(page);
    await form.getByRole('heading', { name: 'New product' }).waitFor();
    // Checked before anything is sent: a text file is not an image, and the form needs its fields.
    await form.locator('#product-image').setInputFiles({
      name: 'photo.png',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await form.getByText('Please choose a JPEG, PNG or WebP image.').waitFor();
    await form.getByRole('button', { name: 'Create product' }).click();
    await form.getByText('Please enter the product name.').waitFor();

    await form.locator('#product-image').setInputFiles({
      name: 'granola.png',
      mimeType: 'image/png',
      buffer: await pngImage(),
    });
    expect(await form.locator('img[src^="blob:"]').count()).toBe(1);
    await form.locator('#product-name').fill(name);
    await form.locator('#product-category_id').selectOption({ label: 'Granola' });
    await form.locator('#product-price').fill('12.95');
    await form.locator('#product-size').fill('360');
    await form.locator('#product-sku').fill('NB-GR-TST');
    await form.locator('#product-description').fill('Crunchy oat clusters baked with maple syrup.');
    await form.locator('#product-features').fill('Gluten-Free\nNo Added Sugar');
    // The page's content: a highlight and a question (a half-filled row is refused first).
    await form.getByRole('button', { name: 'Add highlight' }).click();
    await form.locator('#product-highlights-0-heading').fill('Maple crunch');
    await form.locator('#product-highlights-0-subheading').fill('Clusters baked slowly with maple syrup.');
    await form.getByRole('button', { name: 'Add question' }).click();
    await form.locator('#product-faqs-0-question').fill('Is it gluten-free?');
    await form.getByRole('button', { name: 'Create product' }).click();
    await form.getByText('Please fill in both the question and the answer, or clear the row.').waitFor();
    await form.locator('#product-faqs-0-answer').fill('Yes, made with certified gluten-free oats.');
    // Granola sold in bulk is a basic grocery: the owner makes it zero-rated (decision 0066), and the
    // explanation under the select follows the choice, beside CRA's guidance in a new tab.
    const taxClass = form.getByLabel('Tax class');
    expect(await taxClass.inputValue()).toBe('standard');
    await form.getByText(/^GST or HST applies\./).waitFor();
    await taxClass.selectOption({ label: 'Zero-rated (basic groceries)' });
    await form.getByText(/^Taxed at 0%: basic groceries/).waitFor();
    expect(await taxClass.getAttribute('aria-describedby')).toBe('product-tax_class-hint');
    const guidance = form.locator('#product-tax_class-hint').getByRole('link', {
      name: "CRA's guidance on basic groceries (opens in a new tab)",
    });
    expect(await guidance.getAttribute('href')).toMatch(/^https:\/\/www\.canada\.ca\/.*basic-groceries/);
    expect(await guidance.getAttribute('target')).toBe('_blank');
    expect(await guidance.getAttribute('rel')).toBe('noopener noreferrer');
    // Created as a draft (the default): the shop does not show it yet.
    expect(await form.locator('#product-status').inputValue()).toBe('draft');
    await form.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('status').getByText(`${name} was created.`).waitFor();
    expect(await dialog(page).count()).toBe(0);

    const row = page.getByTestId('admin-product-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('$12.95');
    await row.getByText('Draft: not in the shop').waitFor();
    const listed = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
    expect(listed.map((p) => p.name)).not.toContain(name);
    // The admin previews the draft's page in a new tab, through a link shoppers do not have.
    const previewTab = page.context().waitForEvent('page');
    await row.getByRole('button', { name: `Preview ${name}` }).click();
    const preview = await previewTab;
    const previewed = preview.waitForResponse((response) => response.url().includes('?preview='));
    await preview.getByRole('heading', { name, level: 1 }).waitFor();
    const previewResponse = await previewed;
    expect(previewResponse.headers()['cache-control']).toBe('private, no-store');
    expect(previewResponse.headers()['x-page-cache']).toBe('bypass');
    await preview.getByText('Shoppers see it only once the product is active.').waitFor();
    expect(await preview.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const previewUrl = new URL(preview.url());
    expect((await fetch(`${shop.url}${previewUrl.pathname}`)).status).toBe(404);
    await preview.close();
    await row.getByRole('button', { name: `Make active ${name}` }).click();
    await page.getByRole('status').getByText(`${name} is active in the shop.`).waitFor();
    const created = (await (await fetch(`${shop.url}/api/products`)).json()) as (ApiProduct & {
      image_url: string | null;
      features: string[];
      tax_class: string;
    })[];
    const mine = created.find((p) => p.name === name)!;
    expect(mine.image_url).toMatch(/^\/images\/products\/.+-800w\.webp$/);
    expect(mine.features).toEqual(['Gluten-Free', 'No Added Sugar']);
    expect(mine.tax_class).toBe('zero_rated');

    // The shop shows it at once, with its image.
    const shopPage = await browser.newPage({ viewport: desktop });
    await shopPage.goto(`${shop.url}/shop`, { waitUntil: 'networkidle' });
    const card = shopPage.locator('article', { hasText: name });
    await card.waitFor();
    expect(await card.locator('img').getAttribute('src')).toBe(mine.image_url);
    await shopPage.goto(`${shop.url}/products/${mine.slug}`, { waitUntil: 'networkidle' });
    await shopPage.getByRole('heading', { name, level: 1 }).waitFor();
    await shopPage.getByRole('heading', { name: 'Maple crunch', level: 3 }).waitFor();
    await shopPage.getByText('Is it gluten-free?').waitFor();
    // No comparison was entered: no table of 'N/A'.
    expect(await shopPage.getByRole('heading', { name: 'We vs Them' }).count()).toBe(0);
    await shopPage.close();

    // Edit: three decimals are refused before sending; a good price is sent alone.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog(page).locator('#product-price').fill('12.999');
    await dialog(page).getByRole('button', { name: 'Save changes' }).click();
    await dialog(page).getByText('Enter the price in dollars with up to two decimals, e.g. 12.95.').waitFor();
    const patch = page.waitForRequest((request) => request.method() === 'PATCH');
    await dialog(page).locator('#product-price').fill('13.5');
    await dialog(page).getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({ price: 13.5 });
    await page.getByRole('status').getByText(`${name} was saved.`).waitFor();
    await row.getByText('$13.50').waitFor();

    // Back to a draft and active again; then delete (no order names it, so it is destroyed).
    await row.getByRole('button', { name: `Make draft ${name}` }).click();
    await row.getByText('Draft: not in the shop').waitFor();
    expect(await (await fetch(`${shop.url}/api/products/${mine.slug}`)).status).toBe(404);
    await row.getByRole('button', { name: `Make active ${name}` }).click();
    await row.getByRole('button', { name: `Make draft ${name}` }).waitFor();

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog(page)
      .getByRole('heading', { name: `Delete ${name}?` })
      .waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog(page).getByRole('button', { name: 'Delete product' }).click();
    await page.getByRole('status').getByText(`${name} was deleted.`).waitFor();
    expect(await row.count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('makes a product that past orders name a draft instead of deleting it, and says so', async () => {
    const customer = await registerThroughApi();
    // A product of its own, so the other journeys keep the seeded catalogue as it is.
    const bites = await createProductThroughApi(`Ordered Test Bites ${Date.now()}`, 'Energy Bites');
    await placeOrderThroughApi(customer, [{ name: bites.name, quantity: 1 }]);

    const { page, errors } = await signedIn(admin, '/admin/dashboard?tab=products');
    const row = page.getByTestId('admin-product-row').filter({ hasText: bites.name });
    await row.getByRole('button', { name: `Delete ${bites.name}` }).click();
    await dialog(page).getByRole('button', { name: 'Delete product' }).click();
    await page
      .getByRole('status')
      .getByText(`${bites.name} appears in past orders, so it was made a draft instead of deleted.`)
      .waitFor();
    await row.getByText('Draft: not in the shop').waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});

describe('rendered pages and the catalogue cache', () => {
  /** The raw answer, without fetch's decompression, so the bytes on the wire can be compared. */
  const raw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(`${shop.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    });

  it('sends a public page from the cache, compressed once, with a policy of script hashes', async () => {
    await raw('/shop', { 'accept-encoding': 'br' });
    const [br, gzip, identity] = [
      await raw('/shop', { 'accept-encoding': 'gzip, deflate, br' }),
      await raw('/shop', { 'accept-encoding': 'gzip' }),
      await raw('/shop'),
    ];
    for (const answer of [br, gzip, identity]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['x-page-cache']).toBe('hit');
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(answer.headers.etag).toBe(br.headers.etag);
      expect(answer.headers['content-security-policy']).toBe(br.headers['content-security-policy']);
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const html = identity.body.toString('utf8');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(html);
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(html);
    // Compressed at brotli's best, not the quality used for answers compressed on the fly.
    expect(br.body.length).toBeLessThan(
      brotliCompressSync(identity.body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 4 },
      }).length,
    );

    const csp = String(br.headers['content-security-policy']);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(csp).not.toContain('nonce');
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(html).not.toContain('nonce=');
    // Every inline script of the page is named by its hash, and the policy names nothing else.
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
    expect(inline.length).toBeGreaterThanOrEqual(3);
    expect(scriptSrc.match(/'sha256-[^']+'/g)?.sort()).toEqual([...new Set(inline)].sort());
  });

  it("answers a page's address with a query from the page kept for its path, never from the query (decision 0041)", async () => {
    const secret = 'restore-token-7f3e9c';
    await raw('/shop');
    const first = await raw(`/shop?token=${secret}`, { 'accept-encoding': 'br' });
    const second = await raw(`/shop?token=${secret}&utm_source=mail`, { 'accept-encoding': 'br' });
    expect([first.headers['x-page-cache'], second.headers['x-page-cache']]).toEqual(['hit', 'hit']);
    expect(brotliDecompressSync(second.body).toString('utf8')).not.toContain(secret);
    // An address that carries a secret is still kept out of shared caches and Referer headers.
    expect(second.headers['cache-control']).toBe('private, no-store');
    expect(second.headers['referrer-policy']).toBe('no-referrer');
  });

  it('shows a product edit on the next page view and API read, with new validators', async () => {
    const product = products.find((p) => p.slug === 'maple-almond-granola')!;
    const pageBefore = await fetch(`${shop.url}/products/${product.slug}`);
    const apiBefore = await fetch(`${shop.url}/api/products/${product.slug}`);
    await pageBefore.text();
    const description = `Oven-toasted oats with maple and almonds, batch ${Date.now()}.`;
    await api(`/api/products/${product.id}`, { method: 'PATCH', token: admin.token, body: { description } });
    const pageAfter = await fetch(`${shop.url}/products/${product.slug}`, {
      headers: { 'if-none-match': pageBefore.headers.get('etag')! },
    });
    expect(pageAfter.status).toBe(200);
    expect(await pageAfter.text()).toContain(description);
    const apiAfter = await fetch(`${shop.url}/api/products/${product.slug}`, {
      headers: { 'if-none-match': apiBefore.headers.get('etag')! },
    });
    expect(apiAfter.status).toBe(200);
    expect(((await apiAfter.json()) as { description: string }).description).toBe(description);
    // And unchanged since: the client's copy is current.
    const again = await fetch(`${shop.url}/api/products/${product.slug}`, {
      headers: { 'if-none-match': apiAfter.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

describe('orders', () => {
  it('sets an order to Shipped in its dialog; its customer can then no longer cancel it', async () => {
    const customer = await registerThroughApi(uniqueEmail('ship.me'), 'Maya');
    const order = await placeOrderThroughApi(customer, [{ name: 'Maple Almond Granola', quantity: 2 }]);

    const { page, errors } = await signedIn(admin, '/admin/dashboard?tab=orders');
    await page.getByTestId('admin-order-row').first().waitFor();
    await page.fill('#order-search', customer.user.email);
    const row = page.getByTestId('admin-order-row').filter({ hasText: `#${order.id}` });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('admin-order-row').count()).toBe(1);
    expect(await row.getByTestId('order-status').getAttribute('data-colour')).toBe('purple');

    await row.getByRole('button', { name: `View order #${order.id}` }).click();
    const details = dialog(page);
    await details.getByRole('heading', { name: `Order #${order.id}` }).waitFor();
    expect(await details.getByTestId('order-item').textContent()).toContain('Maple Almond Granola');
    expect(await details.getByTestId('admin-order-address').textContent()).toContain('4700 Kingsway');
    const status = details.getByRole('combobox', { name: 'Status' });
    expect(
      await status.locator('option').evaluateAll((options) => options.map((o) => o.textContent)),
      // The moves the status table allows from Pending (decision 0022): Refunded only comes from a
      // refund.
    ).toEqual(['Pending', 'In Progress', 'Shipped', 'Delivered', 'Canceled']);
    expect(await details.getByRole('checkbox', { name: 'Paid' }).isChecked()).toBe(true);
    expect(await details.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    await status.selectOption('Shipped');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await details.getByRole('status').getByText('Saved.').waitFor();
    await details.getByRole('button', { name: 'Close' }).last().click();
    expect(await row.getByTestId('order-status').textContent()).toBe('Shipped');
    expect(await row.getByTestId('order-status').getAttribute('data-colour')).toBe('blue');

    // The status filter finds it among the shipped orders.
    await page.fill('#order-search', '');
    await page.selectOption('#order-status-filter', 'Shipped');
    await expect
      .poll(async () => (await page.getByTestId('admin-order-row').allTextContents()).join())
      .toContain(`#${order.id}`);
    expect(unexpected(errors)).toEqual([]);
    await page.close();

    const mine = await signedIn(customer, `/orders/${order.id}`);
    await mine.page.getByText('This order has shipped and cannot be canceled.').waitFor();
    expect(await mine.page.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
    expect(unexpected(mine.errors)).toEqual([]);
    await mine.page.close();
    await api(`/api/orders/${order.id}/cancel`, { method: 'POST', token: customer.token }, [409]);
  });
});

describe('users', () => {
  it("edits an account with the e-mail check and the spec's failure message, toggles admin, deletes with a confirmation", async () => {
    const taken = await registerThroughApi(uniqueEmail('taken'));
    const customer = await registerThroughApi(uniqueEmail('edit.me'), 'Priya');
    const { page, errors } = await signedIn(admin, '/admin/dashboard?tab=users');
    const row = page.getByTestId('admin-user-row').filter({ hasText: customer.user.email });
    await row.waitFor();

    // The signed-in admin cannot demote or delete themself.
    const own = page.getByTestId('admin-user-row').filter({ hasText: ADMIN.email });
    expect(await own.getByRole('switch').isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: /^Delete/ }).isDisabled()).toBe(true);

    await row.getByRole('button', { name: 'Edit Priya Lee' }).click();
    const edit = dialog(page);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') requests.push(request.url());
    });
    await edit.locator('#user-email').fill('priya-at-example');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText('Please enter a valid email address.').waitFor();
    expect(requests).toEqual([]);

    // A taken address: the server refuses, and the dialog says so with the spec's message.
    await edit.locator('#user-email').fill(taken.user.email);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByRole('alert').getByText('Failed to save user data. Please try again.').waitFor();
    expect(await edit.getByRole('alert').textContent()).toContain(
      'An account with this email already exists.',
    );

    const fresh = uniqueEmail('priya.new');
    await edit.locator('#user-email').fill(fresh);
    await edit.locator('#user-firstName').fill('Priyanka');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText("Priyanka Lee's details were saved.").waitFor();
    const edited = page.getByTestId('admin-user-row').filter({ hasText: fresh });
    await edited.waitFor();

    // Admin rights, with a confirmation each way.
    await edited.getByRole('switch', { name: 'Admin rights for Priyanka Lee' }).click();
    await dialog(page).getByRole('button', { name: 'Make admin' }).click();
    await expect.poll(() => edited.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await edited.getByRole('switch').click();
    await dialog(page).getByRole('button', { name: 'Remove admin rights' }).click();
    await expect.poll(() => edited.getByRole('switch').getAttribute('aria-checked')).toBe('false');

    await edited.getByRole('button', { name: 'Delete Priyanka Lee' }).click();
    await dialog(page).getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('status').getByText("Priyanka Lee's account was deleted.").waitFor();
    expect(await edited.count()).toBe(0);
    const users = await api<ApiUser[]>('/api/users', { token: admin.token });
    expect(users.some((user) => user.id === customer.user.id)).toBe(false);
    // The refused save is logged (the 409 answer and the page's log of it), nothing else.
    expect(unexpected(errors, '409').filter((e) => !e.includes('Failed to save user data'))).toEqual([]);
    await page.close();
  });
});

describe('recipes', () => {
  it('shows the base dough by default, creates a recipe for a product without one, and scales it by the multiplier', async () => {
    const { page, errors } = await signedIn(admin, '/admin/dashboard?tab=recipes');
    await page.getByRole('heading', { name: 'Base Cookie Dough' }).waitFor();
    expect(await page.inputValue('#recipe-multiplier')).toBe('1');

    const nav = page.getByRole('navigation', { name: 'Products' });
    await nav.getByRole('button', { name: new RegExp(VARIETY) }).click();
    const form = page.getByRole('form', { name: `New recipe for ${VARIETY}` });
    await form.waitFor();
    await form.getByLabel('Instructions').fill('Pack one cookie of each flavour per box.');
    await form.getByLabel('Cooking time (minutes)').fill('0');
    await form.getByLabel('Yield quantity').fill('12');
    await form.getByLabel('Yield unit').fill('packs');
    await form.getByLabel('Total yield weight (g)').fill('3000');
    const rows = form.getByTestId('ingredient-row');
    await rows
      .nth(0)
      .getByLabel(/^Ingredient/)
      .selectOption({ label: 'Almond flour' });
    await rows.nth(0).getByLabel(/^Qty/).fill('120.5');
    await form.getByRole('button', { name: 'Add Ingredient' }).click();
    await rows
      .nth(1)
      .getByLabel(/^Ingredient/)
      .selectOption({ label: 'Coconut oil' });
    await rows.nth(1).getByLabel(/^Qty/).fill('40');
    await rows.nth(1).getByLabel(/^Cups/).fill('0.18');
    await form.getByRole('button', { name: 'Add Ingredient' }).click();
    await rows.nth(2).getByRole('button', { name: 'Remove ingredient 3' }).click();
    await form.getByRole('button', { name: 'Save Recipe' }).click();

    await page.getByRole('status').getByText('Recipe created successfully.').waitFor();
    await page.getByRole('status').getByText('Ingredients added successfully!').waitFor();
    const card = page.getByTestId('recipe-card').filter({ hasText: VARIETY });
    await card.waitFor();
    const lines = card.getByTestId('recipe-ingredient');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.allInnerTexts()).toEqual([
      'Almond flour\t120.50\tg\t—',
      'Coconut oil\t40.00\tg\t0.18',
    ]);

    // Scaled by the multiplier, to two decimals; the yield and weight too.
    await page.fill('#recipe-multiplier', '2.5');
    await expect
      .poll(() => lines.allInnerTexts())
      .toEqual(['Almond flour\t301.25\tg\t—', 'Coconut oil\t100.00\tg\t0.45']);
    expect(await card.textContent()).toContain('30.00 packs');
    expect(await card.textContent()).toContain('7500.00 g');

    // The recipe exists now: more ingredients go through 'Save Ingredients'.
    await card.getByRole('button', { name: 'Add ingredients' }).click();
    const more = page.getByRole('form', { name: `Add ingredients to ${VARIETY}` });
    await more
      .getByTestId('ingredient-row')
      .first()
      .getByLabel(/^Ingredient/)
      .selectOption({ label: 'Sea salt' });
    await more.getByTestId('ingredient-row').first().getByLabel(/^Qty/).fill('1');
    await more.getByTestId('ingredient-row').first().getByLabel(/^Unit/).fill('tsp');
    await more.getByRole('button', { name: 'Save Ingredients' }).click();
    await page.getByRole('status').getByText('Ingredients added successfully!').waitFor();
    await expect.poll(() => lines.count()).toBe(3);
    expect(await lines.nth(2).innerText()).toBe('Sea salt\t2.50\ttsp\t—');
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('plans from open orders: the badges count open packs, the multiplier covers them, the pick list sums it all', async () => {
    const customer = await registerThroughApi();
    await placeOrderThroughApi(customer, [{ name: CLASSIC, quantity: 9 }]);
    const plan = await api<ApiPlan>('/api/production-plan', { token: admin.token });
    const classic = plan.products.find((p) => p.product_id === product(CLASSIC).id)!;
    expect(classic.open_packs).toBeGreaterThanOrEqual(9);

    const { page, errors } = await signedIn(admin, '/admin/dashboard?tab=recipes');
    const button = page
      .getByRole('navigation', { name: 'Products' })
      .getByRole('button', { name: new RegExp(CLASSIC) });
    await expect
      .poll(() => button.getByTestId('open-packs').textContent(), { timeout: 5_000 })
      .toBe(`${classic.open_packs} packs in open orders`);
    await button.click();
    // Cookie flavours also show the base dough they start from.
    await page.getByRole('heading', { name: CLASSIC, level: 3 }).waitFor();
    await page.getByRole('heading', { name: 'Base Cookie Dough', level: 3 }).waitFor();

    await page.getByRole('button', { name: 'Plan from open orders' }).click();
    const section = page.locator('#production-plan');
    await section.getByRole('heading', { name: 'Pick list for open orders' }).waitFor();
    expect(Number(await page.inputValue('#recipe-multiplier'))).toBe(classic.multiplier);
    const picked = await section.getByTestId('pick-list-line').count();
    expect(picked).toBe(plan.pick_list.length);
    expect(await section.getByTestId('pick-list-line').first().innerText()).toContain(
      plan.pick_list[0]!.name,
    );
    await section.getByRole('button', { name: 'Print pick list' }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});

describe('API reference', () => {
  it('is linked from the dashboard: every route with who may call it, no script, and no WCAG 2.1 A/AA violations', async () => {
    const { page, errors } = await signedIn(admin, '/admin/dashboard', desktop);
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(/\/api\/reference$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = await page.locator('body').innerText();
    for (const route of ['PATCH /api/orders/{id}/status', 'GET /api/products', 'POST /api/users/login']) {
      const [method, path] = route.split(' ');
      expect(text).toContain(method);
      expect(text).toContain(path);
    }
    expect(await page.locator('script').count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await page.close();

    for (const viewport of [phone, desktop]) {
      const reference = await browser.newPage({ viewport, bypassCSP: true });
      await reference.goto(`${shop.url}/api/reference`);
      expect(await allAccessibilityViolations(reference)).toEqual([]);
      await reference.close();
    }
  }, 120_000); // axe over every route of the reference: 22 s alone, near 60 s beside another journey.
});

describe('accessibility', () => {
  it.each(['products', 'orders', 'users', 'recipes'])(
    'the %s tab has no WCAG 2.1 A/AA violations at phone and desktop widths',
    async (name) => {
      for (const viewport of [phone, desktop]) {
        const { page } = await signedIn(admin, `/admin/dashboard?tab=${name}`, viewport, { bypassCSP: true });
        await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await allAccessibilityViolations(page)).toEqual([]);
        await page.close();
      }
    },
  );

  it('the order and product dialogs have no WCAG 2.1 A/AA violations', async () => {
    const { page } = await signedIn(admin, '/admin/dashboard?tab=orders', desktop, { bypassCSP: true });
    await page
      .getByRole('button', { name: /^View order/ })
      .first()
      .click();
    await dialog(page).waitFor();
    expect(await allAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await tab(page, 'Product Management').click();
    await page.getByRole('button', { name: 'New product' }).click();
    await dialog(page).getByRole('button', { name: 'Create product' }).click();
    await dialog(page).getByText('Please enter the product name.').waitFor();
    expect(await allAccessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('the recipe form, a recipe with its base dough and the production plan have no WCAG 2.1 A/AA violations', async () => {
    const fresh = await createProductThroughApi(`Axe Test Granola ${Date.now()}`, 'Granola');
    for (const viewport of [phone, desktop]) {
      const { page } = await signedIn(admin, '/admin/dashboard?tab=recipes', viewport, { bypassCSP: true });
      const nav = page.getByRole('navigation', { name: 'Products' });
      await nav.getByRole('button', { name: new RegExp(fresh.name) }).click();
      await page.getByRole('button', { name: 'Save Recipe' }).click();
      await page.getByText('Please write the instructions.').waitFor();
      expect(await allAccessibilityViolations(page)).toEqual([]);
      await nav.getByRole('button', { name: new RegExp(CLASSIC) }).click();
      await page.getByRole('heading', { name: 'Base Cookie Dough', level: 3 }).waitFor();
      await page.getByRole('button', { name: 'Plan from open orders' }).click();
      await page.getByRole('heading', { name: 'Pick list for open orders' }).waitFor();
      expect(await allAccessibilityViolations(page)).toEqual([]);
      await page.close();
    }
  });
});
