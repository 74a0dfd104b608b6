/**
 * Product management through the API (decision 0015): uploads checked by their bytes, create, edit,
 * hide, delete.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '../../../domain/catalog-schemas.js';
import { orderItems, orders, products } from '../../db/schema.js';
import { checkoutFixtures } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { eq } from 'drizzle-orm';

let t: TestApp;
const f = checkoutFixtures(() => t);
let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

function form(
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string; field?: string },
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file)
    body.append(
      file.field ?? 'image',
      new Blob([new Uint8Array(file.bytes)], { type: file.type }),
      file.name,
    );
  return body;
}

const send = (method: 'POST' | 'PATCH', url: string, token: string | null, body: FormData | object) =>
  sendTo(t, method, url, token, body);

async function sendTo(
  app: TestApp,
  method: 'POST' | 'PATCH',
  url: string,
  token: string | null,
  body: FormData | object,
) {
  const isForm = body instanceof FormData;
  const request = new Request('http://x', { method: 'POST', body: isForm ? body : JSON.stringify(body) });
  const payload = Buffer.from(await request.arrayBuffer());
  return app.app.inject({
    method,
    url,
    payload,
    remoteAddress: `10.77.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
    headers: {
      'content-type': isForm ? request.headers.get('content-type')! : 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

const basics = (name: string) => ({
  name,
  description: 'Toasted oats, maple and pecans.',
  price: '12.95',
  category_id: '3',
  ideal_time_of_day: 'Breakfast',
  nutrition_info: '8 g protein per serving',
});

describe('POST /api/products (multipart)', () => {
  it('creates a product with a real PNG re-encoded to WebP variants, shown in the shop at once', async () => {
    const admin = await f.person({ isAdmin: true });
    const res = await send(
      'POST',
      '/api/products',
      admin.token,
      form(
        {
          ...basics('Pecan Crunch Granola'),
          status: 'active',
          size: '300',
          sku: 'GRA-PEC-300',
          features: '["Gluten-free","Maple"]',
        },
        {
          bytes: await png(),
          name: 'photo.png',
          type: 'image/png',
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const product = productSchema.parse(res.json());
    expect(product).toMatchObject({
      name: 'Pecan Crunch Granola',
      slug: 'pecan-crunch-granola',
      price: 12.95,
      category_id: 3,
      size: 300,
      sku: 'GRA-PEC-300',
      features: ['Gluten-free', 'Maple'],
      ideal_time_of_day: 'Breakfast',
    });
    expect(product.image_url).toMatch(/^\/images\/products\/[0-9a-f]{24}-800w\.webp$/);
    const base = product.image_url!.replace('/images/', '').replace('-800w.webp', '');
    for (const w of [800, 400]) {
      // Both sizes in the image store (decision 0030), which every instance serves from.
      const stored = await t.app.images.get(`${base}-${w}w.webp`);
      expect(stored?.contentType).toBe('image/webp');
      expect(await sharp(stored!.bytes).metadata()).toMatchObject({ format: 'webp', width: w, height: w });
    }
    const served = await t.app.inject({ url: product.image_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const shop = (await t.app.inject({ url: '/api/products/pecan-crunch-granola' })).json();
    expect(shop.name).toBe('Pecan Crunch Granola');
  });

  it('refuses a text file renamed .png with 415, whatever its header says', async () => {
    const admin = await f.person({ isAdmin: true });
    const res = await send(
      'POST',
      '/api/products',
      admin.token,
      form(basics('Renamed Text'), {
        bytes: Buffer.from('not an image at all'),
        name: 'x.png',
        type: 'image/png',
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'The image must be a JPEG, PNG or WebP file.' });
    expect(await t.database.db.select().from(products).where(eq(products.name, 'Renamed Text'))).toEqual([]);
  });

  it('refuses a GIF (a real image, not an accepted type) with 415', async () => {
    const admin = await f.person({ isAdmin: true });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const res = await send(
      'POST',
      '/api/products',
      admin.token,
      form(basics('Gif'), { bytes: gif, name: 'a.gif', type: 'image/gif' }),
    );
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const admin = await f.person({ isAdmin: true });
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await send(
      'POST',
      '/api/products',
      admin.token,
      form(basics('Too Big'), { bytes: big, name: 'big.png', type: 'image/png' }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image must be at most 5 MB.' });
  });

  it('refuses an image of huge dimensions (a decompression bomb) with 413 before decoding it', async () => {
    const admin = await f.person({ isAdmin: true });
    // A 10000 x 10000 PNG of one colour compresses to a few hundred kilobytes.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const res = await send(
      'POST',
      '/api/products',
      admin.token,
      form(basics('Bomb'), { bytes: bomb, name: 'b.png', type: 'image/png' }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image is too large: at most 40 megapixels.' });
  });

  it('answers a name clash with 409, and a bad price or category with 400', async () => {
    const admin = await f.person({ isAdmin: true });
    const clash = await send(
      'POST',
      '/api/products',
      admin.token,
      form({ ...basics('Maple Almond Granola') }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/already exists/);
    const skuClash = await send(
      'POST',
      '/api/products',
      admin.token,
      form({ ...basics('Fresh Name'), sku: 'GRA-PEC-300' }),
    );
    expect(skuClash.statusCode).toBe(409);
    expect(skuClash.json()).toEqual({ message: 'Another product already uses this SKU.' });
    for (const price of ['0', '-1', '12.955', 'abc', '']) {
      const res = await send(
        'POST',
        '/api/products',
        admin.token,
        form({ ...basics(`Price ${price}`), price }),
      );
      expect(res.statusCode, price).toBe(400);
      expect(res.json()).toEqual({
        message: 'Price must be a number greater than 0 with at most two decimals.',
      });
    }
    const noCategory = await send(
      'POST',
      '/api/products',
      admin.token,
      form({ ...basics('Lost'), category_id: '999' }),
    );
    expect(noCategory.statusCode).toBe(400);
    const json = await send('POST', '/api/products', admin.token, basics('As JSON'));
    expect(json.statusCode).toBe(415);
  });

  it('is for admins only: 401 anonymous, 403 customer, before the upload is read', async () => {
    const customer = await f.person();
    const body = form(basics('Sneaky'), { bytes: await png(), name: 'p.png', type: 'image/png' });
    expect((await send('POST', '/api/products', null, body)).statusCode).toBe(401);
    expect((await send('POST', '/api/products', customer.token, body)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/products' })).statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /api/products/:id', () => {
  it('changes only the fields sent, and replaces the image with a multipart PATCH', async () => {
    const admin = await f.person({ isAdmin: true });
    const created = (await send('POST', '/api/products', admin.token, form(basics('Editable Bites')))).json();
    const res = await send('PATCH', `/api/products/${created.id}`, admin.token, {
      price: 9.5,
      features: ['New'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      price: 9.5,
      features: ['New'],
      description: created.description,
      name: 'Editable Bites',
    });
    const bad = await send('PATCH', `/api/products/${created.id}`, admin.token, { price: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Price must be a number greater than 0 with at most two decimals.',
    });
    const withImage = await send(
      'PATCH',
      `/api/products/${created.id}`,
      admin.token,
      form({}, { bytes: await png(300, 300), name: 'n.png', type: 'image/png' }),
    );
    expect(withImage.statusCode, withImage.body).toBe(200);
    expect(withImage.json().image_url).toMatch(/^\/images\/products\//);
    expect((await send('PATCH', '/api/products/999999', admin.token, { price: 5 })).statusCode).toBe(404);
  });

  it('deletes a product no order mentions, and hides one that past orders mention', async () => {
    const admin = await f.person({ isAdmin: true });
    const lonely = (await send('POST', '/api/products', admin.token, form(basics('Short Lived')))).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${lonely.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(del.json()).toEqual({ deleted: true });
    expect(await t.database.db.select().from(products).where(eq(products.id, lonely.id))).toEqual([]);

    const ordered = (
      await send(
        'POST',
        '/api/products',
        admin.token,
        form(
          { ...basics('Once Sold'), status: 'active' },
          { bytes: await png(), name: 'p.png', type: 'image/png' },
        ),
      )
    ).json();
    expect((await t.app.inject({ url: '/api/products/once-sold' })).statusCode).toBe(200);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        subtotalCents: 1295,
        shippingCents: 0,
        taxCents: 65,
        totalCents: 1360,
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.ca',
        phoneNumber: '+16045550123',
        shippingAddress: '1 Main',
        shippingCity: 'Vancouver',
        shippingState: 'British Columbia',
        shippingPostalCode: 'V5K 0A1',
      })
      .returning();
    await t.database.db.insert(orderItems).values({
      orderId: order!.id,
      productId: ordered.id,
      productName: 'Once Sold',
      quantity: 1,
      priceCents: 1295,
    });
    const hide = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${ordered.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(hide.json()).toEqual({ hidden: true });
    expect((await t.app.inject({ url: '/api/products/once-sold' })).statusCode).toBe(404);
    const all = (
      await t.app.inject({ url: '/api/admin/products', headers: { authorization: `Bearer ${admin.token}` } })
    ).json() as { id: number; is_active: boolean }[];
    expect(all.find((p) => p.id === ordered.id)).toMatchObject({ is_active: false });
    const [item] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(item).toMatchObject({ productId: ordered.id, productName: 'Once Sold' });
    // And back in the shop when un-hidden.
    await send('PATCH', `/api/products/${ordered.id}`, admin.token, { is_active: true });
    expect((await t.app.inject({ url: '/api/products/once-sold' })).statusCode).toBe(200);
  });
});

describe('draft and active (decision 0065), and the page content lists', () => {
  const asAdmin = (token: string) => ({ authorization: `Bearer ${token}` });

  it('creates a draft by default: invisible to shoppers, listed for admins with its status', async () => {
    const admin = await f.person({ isAdmin: true });
    const res = await send(
      'POST',
      '/api/products',
      admin.token,
      form(basics('Quiet Draft Granola'), { bytes: await png(), name: 'p.png', type: 'image/png' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft', is_active: false });
    expect((await t.app.inject({ url: '/api/products/quiet-draft-granola' })).statusCode).toBe(404);
    const listed = (await t.app.inject({ url: '/api/products' })).json() as { slug: string }[];
    expect(listed.map((p) => p.slug)).not.toContain('quiet-draft-granola');
    const category = (await t.app.inject({ url: '/api/categories/granola' })).json() as {
      products: { slug: string }[];
    };
    expect(category.products.map((p) => p.slug)).not.toContain('quiet-draft-granola');
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain('quiet-draft-granola');
    const all = (
      await t.app.inject({ url: '/api/admin/products', headers: asAdmin(admin.token) })
    ).json() as {
      slug: string;
      status: string;
    }[];
    expect(all.find((p) => p.slug === 'quiet-draft-granola')).toMatchObject({ status: 'draft' });

    const live = await send('PATCH', `/api/products/${res.json().id}`, admin.token, { status: 'active' });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json()).toMatchObject({ status: 'active', is_active: true });
    expect((await t.app.inject({ url: '/api/products/quiet-draft-granola' })).statusCode).toBe(200);
  });

  it('shows a draft to the holder of a preview link the admin made, until it expires', async () => {
    const admin = await f.person({ isAdmin: true });
    const customer = await f.person();
    const draft = (
      await send(
        'POST',
        '/api/products',
        admin.token,
        form(basics('Preview Granola'), { bytes: await png(), name: 'p.png', type: 'image/png' }),
      )
    ).json();
    const linkOf = (token: string | null) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/products/${draft.id}/preview-link`,
        headers: token ? asAdmin(token) : {},
      });
    expect((await linkOf(null)).statusCode).toBe(401);
    expect((await linkOf(customer.token)).statusCode).toBe(403);
    const made = await linkOf(admin.token);
    expect(made.statusCode, made.body).toBe(201);
    const { url, expires_at } = made.json() as { url: string; expires_at: string };
    expect(url).toMatch(/^\/products\/preview-granola\?preview=\d+\.\d+\.[\w-]{43}$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);

    const token = new URL(url, 'http://x').searchParams.get('preview')!;
    const catalog = t.app.catalog;
    expect(await catalog.getProduct('preview-granola')).toBeNull();
    expect(await catalog.getProductPreview('preview-granola', token)).toMatchObject({
      name: 'Preview Granola',
    });
    // A damaged link, another product's page, or a token far too long: nothing.
    expect(await catalog.getProductPreview('preview-granola', `${token.slice(0, -2)}xx`)).toBeNull();
    expect(await catalog.getProductPreview('classic-chocolate-chunk-protein-cookies', token)).toBeNull();
    expect(await catalog.getProductPreview('preview-granola', '9'.repeat(500))).toBeNull();
    // An expired link: signed a day and a minute ago.
    const { createPreviewLinks } = await import('./preview-links.js');
    const links = createPreviewLinks(t.database.db);
    const old = await links.sign(draft.id, new Date(Date.now() - 24 * 3600_000 - 60_000));
    expect(await links.verify(old.token)).toBeNull();
    expect((await t.app.inject({ url: `/products/preview-granola?preview=${old.token}` })).statusCode).toBe(
      404,
    );
    expect((await linkOf(admin.token)).statusCode).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/products/999999/preview-link',
          headers: asAdmin(admin.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses to make a product without an image active, on create and on change', async () => {
    const admin = await f.person({ isAdmin: true });
    const created = await send(
      'POST',
      '/api/products',
      admin.token,
      form({ ...basics('Imageless'), status: 'active' }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe('A product needs an image before it can be active in the shop.');
    expect(await t.database.db.select().from(products).where(eq(products.slug, 'imageless'))).toEqual([]);

    const draft = await send('POST', '/api/products', admin.token, form(basics('Imageless Draft')));
    expect(draft.statusCode, draft.body).toBe(201);
    for (const change of [{ status: 'active' }, { is_active: true }, { status: 'active', price: 3 }]) {
      const refused = await send('PATCH', `/api/products/${draft.json().id}`, admin.token, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().message).toMatch(/needs an image/);
    }
    // Nothing of a refused change was written: the price is what it was.
    const [row] = await t.database.db.select().from(products).where(eq(products.id, draft.json().id));
    expect(row).toMatchObject({ isActive: false, priceCents: 1295 });
    const contradiction = await send('PATCH', `/api/products/${draft.json().id}`, admin.token, {
      status: 'draft',
      is_active: true,
    });
    expect(contradiction.statusCode).toBe(400);
  });

  it('writes highlights, the comparison and FAQs, replaces each list whole, and shows them to shoppers', async () => {
    const admin = await f.person({ isAdmin: true });
    const created = await send(
      'POST',
      '/api/products',
      admin.token,
      form(
        {
          ...basics('Complete Granola'),
          status: 'active',
          highlights: JSON.stringify([{ heading: 'Crunchy', subheading: 'Baked twice.' }]),
          faqs: JSON.stringify([{ question: 'Is it vegan?', answer: 'Yes.' }]),
          competitors: JSON.stringify([{ competitor_name: 'Store granola', calories: 210, protein: 4 }]),
        },
        { bytes: await png(), name: 'p.png', type: 'image/png' },
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    const shop = (await t.app.inject({ url: '/api/products/complete-granola' })).json();
    expect(shop.highlights).toEqual([{ heading: 'Crunchy', subheading: 'Baked twice.' }]);
    expect(shop.faqs).toEqual([{ question: 'Is it vegan?', answer: 'Yes.' }]);
    expect(shop.competitors).toEqual([
      {
        competitor_name: 'Store granola',
        calories: 210,
        protein: 4,
        fat: null,
        carbs: null,
        fiber: null,
        gluten_free: null,
        grain_free: null,
      },
    ]);

    const id = created.json().id as number;
    const changed = await send('PATCH', `/api/products/${id}`, admin.token, {
      highlights: [
        { heading: 'Maple', subheading: 'Sweetened with maple syrup.' },
        { heading: 'Crunchy', subheading: 'Baked twice.' },
      ],
      faqs: [],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().highlights.map((h: { heading: string }) => h.heading)).toEqual([
      'Maple',
      'Crunchy',
    ]);
    expect(changed.json().faqs).toEqual([]);
    // A list not sent is kept.
    expect(changed.json().competitors).toHaveLength(1);
  });

  it('answers 400 naming the problem for bad lists, and writes nothing', async () => {
    const admin = await f.person({ isAdmin: true });
    const draft = (await send('POST', '/api/products', admin.token, form(basics('Listless Granola')))).json();
    const cases: [object, RegExp][] = [
      [{ highlights: 'not json' }, /Highlights must be a list/],
      [{ highlights: [{ heading: '' }] }, /highlight heading cannot be empty/],
      [{ highlights: Array.from({ length: 13 }, () => ({ heading: 'x' })) }, /up to 12 entries/],
      [{ faqs: [{ question: 'Why?' }] }, /answer/i],
      [{ faqs: [{ question: 'x'.repeat(301), answer: 'y' }] }, /at most 300 characters/],
      [{ competitors: [{ competitor_name: 'Bar', calories: -1 }] }, /Calories must be a number from 0/],
      [{ competitors: [{ competitor_name: 'Bar', gluten_free: 'yes' }] }, /Gluten-free must be true, false/],
      [{ status: 'published' }, /status must be one of: draft, active/],
    ];
    for (const [body, message] of cases) {
      const res = await send('PATCH', `/api/products/${draft.id}`, admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const page = (
      await t.app.inject({ url: '/api/admin/products', headers: asAdmin(admin.token) })
    ).json() as {
      id: number;
      highlights: unknown[];
      faqs: unknown[];
    }[];
    expect(page.find((p) => p.id === draft.id)).toMatchObject({ highlights: [], faqs: [] });
  });
});

describe('refused product writes', () => {
  // An app (and image store) of its own: nothing the other tests upload is counted.
  let alone: TestApp;
  let own: ReturnType<typeof checkoutFixtures>;
  beforeAll(async () => {
    alone = await createTestApp();
    own = checkoutFixtures(() => alone);
  });
  afterAll(async () => {
    await alone?.close();
  });

  it('leaves no image behind when the write is refused: 409, 400 or 404', async () => {
    const admin = await own.person({ isAdmin: true });
    const files = async () => {
      const names: string[] = [];
      for await (const { name } of alone.app.images.list())
        if (name.startsWith('products/')) names.push(name);
      return names.sort();
    };
    const taken = await sendTo(
      alone,
      'POST',
      '/api/products',
      admin.token,
      form(basics('Orphan Check Granola')),
    );
    expect(taken.statusCode, taken.body).toBe(201);
    const before = await files();
    const withImage = async (fields: Record<string, string>) =>
      form(fields, { bytes: await png(), name: 'p.png', type: 'image/png' });

    // A name that is taken (409), a category that does not exist (400), a product that does not (404).
    const clash = await sendTo(
      alone,
      'POST',
      '/api/products',
      admin.token,
      await withImage(basics('Orphan Check Granola')),
    );
    expect(clash.statusCode).toBe(409);
    const noCategory = await sendTo(
      alone,
      'POST',
      '/api/products',
      admin.token,
      await withImage({ ...basics('Orphan Two'), category_id: '999' }),
    );
    expect(noCategory.statusCode).toBe(400);
    const missing = await sendTo(
      alone,
      'PATCH',
      '/api/products/999999',
      admin.token,
      await withImage({ name: 'Nobody' }),
    );
    expect(missing.statusCode).toBe(404);
    expect(await files()).toEqual(before);
  });
});
