/**
 * A product's photo gallery through the API (decision 0061): upload several, reorder and describe
 * them, delete one; `image_url` always the first; admins only; bad input answered 4xx; the shop's
 * cached catalogue shows each change at once; garbage collection keeps every gallery photo.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '../../../domain/catalog-schemas.js';
import { MAX_GALLERY_IMAGES } from '../../../domain/product-gallery.js';
import { catalogState, productImages, products } from '../../db/schema.js';
import { checkoutFixtures, expectMessage, freshIp } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { collectImageGarbage, IMAGE_GRACE_MS } from '../images/garbage.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLL_MS: '600000' } });
  adminToken = (await f.person({ isAdmin: true })).token;
});
afterAll(() => t.close());

const png = (r: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g: 120, b: 40 } } })
    .png()
    .toBuffer();

/** A multipart upload of `files`, each in the field `image` unless named otherwise. */
async function upload(
  id: number,
  files: { bytes: Buffer; field?: string; type?: string }[],
  token: string | null = adminToken,
  fields: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const file of files) {
    const type = file.type ?? 'image/png';
    body.append(file.field ?? 'image', new Blob([new Uint8Array(file.bytes)], { type }), 'photo.png');
  }
  const request = new Request('http://x', { method: 'POST', body });
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${id}/images`,
    payload: Buffer.from(await request.arrayBuffer()),
    remoteAddress: freshIp(),
    headers: {
      'content-type': request.headers.get('content-type')!,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

/** A new product with one image, as the dashboard creates it (multipart with its photo). */
async function newProduct(name: string): Promise<{ id: number; slug: string; first: string }> {
  const body = new FormData();
  const fields = {
    name,
    description: 'Gallery test granola.',
    price: '9.95',
    category_id: '3',
    status: 'active',
  };
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('image', new Blob([new Uint8Array(await png(10))], { type: 'image/png' }), 'a.png');
  const request = new Request('http://x', { method: 'POST', body });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    payload: Buffer.from(await request.arrayBuffer()),
    remoteAddress: freshIp(),
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${adminToken}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const product = productSchema.parse(res.json());
  expect(product.images).toEqual([{ url: product.image_url, alt: name }]);
  return { id: product.id, slug: product.slug, first: product.image_url! };
}

const shopProduct = async (slug: string) => {
  const res = await t.app.inject({ url: `/api/products/${slug}` });
  expect(res.statusCode).toBe(200);
  return productSchema.parse(res.json());
};

const patch = (id: number, body: unknown, token: string | null = adminToken) =>
  f.call('PATCH', `/api/products/${id}/images`, { token: token ?? undefined, body });
const remove = (id: number, url: string, token: string | null = adminToken) =>
  f.call('DELETE', `/api/products/${id}/images?url=${encodeURIComponent(url)}`, {
    token: token ?? undefined,
  });

describe('a product gallery', () => {
  it('keeps the only photo of an active product: shoppers never see one without (decision 0065)', async () => {
    const lone = await newProduct(`Lone Photo ${Date.now()}`);
    const refused = await remove(lone.id, lone.first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/only photo of an active product/);
    expect((await shopProduct(lone.slug)).images).toHaveLength(1);
  });

  it('adds several photos, reorders them with alt texts, deletes one; image_url is always the first', async () => {
    const { id, slug, first } = await newProduct('Gallery Granola');
    // The shop's cached catalogue is read first, so the changes below must refresh it.
    expect((await shopProduct(slug)).images).toHaveLength(1);

    const added = await upload(id, [{ bytes: await png(60) }, { bytes: await png(200) }]);
    expect(added.statusCode, added.body).toBe(201);
    const withThree = productSchema.parse(added.json());
    expect(withThree.images).toHaveLength(3);
    const [, second, third] = withThree.images.map((image) => image.url);
    expect(second).toMatch(/^\/images\/products\/[0-9a-f]{24}-800w\.webp$/);
    expect(new Set([first, second, third]).size).toBe(3);
    // New photos are described by the product's name until the admin writes better.
    expect(withThree.images.map((image) => image.alt)).toEqual(Array(3).fill('Gallery Granola'));
    for (const url of [second!, third!]) {
      expect((await t.app.inject({ url })).statusCode).toBe(200);
      expect((await t.app.inject({ url: url.replace('-800w', '-400w') })).statusCode).toBe(200);
    }
    expect((await shopProduct(slug)).images.map((image) => image.url)).toEqual([first, second, third]);

    const order = [
      { url: third!, alt: '  The pouch, front  ' },
      { url: first, alt: 'Granola up close' },
      { url: second!, alt: 'A bowl with yogurt' },
    ];
    const reordered = await patch(id, { images: order });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const expected = [
      { url: third, alt: 'The pouch, front' },
      { url: first, alt: 'Granola up close' },
      { url: second, alt: 'A bowl with yogurt' },
    ];
    expect(reordered.json().images).toEqual(expected);
    expect(reordered.json().image_url).toBe(third);
    const shown = await shopProduct(slug);
    expect(shown.images).toEqual(expected);
    expect(shown.image_url).toBe(third);
    // Cards, the cart and orders read the column: it is the first photo.
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row!.imageUrl).toBe(third);

    const removed = await remove(id, third!);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().images.map((image: { url: string }) => image.url)).toEqual([first, second]);
    expect((await shopProduct(slug)).image_url).toBe(first);
    await expectMessage(await remove(id, third!), 404);

    // The product form's photo replaces the first, keeping its alt text.
    const body = new FormData();
    body.append('image', new Blob([new Uint8Array(await png(250))], { type: 'image/png' }), 'b.png');
    const request = new Request('http://x', { method: 'POST', body });
    const replaced = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      payload: Buffer.from(await request.arrayBuffer()),
      remoteAddress: freshIp(),
      headers: {
        'content-type': request.headers.get('content-type')!,
        authorization: `Bearer ${adminToken}`,
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = productSchema.parse(replaced.json());
    expect(after.images).toHaveLength(2);
    expect(after.images[0]).toEqual({ url: after.image_url, alt: 'Granola up close' });
    expect(after.images[1]).toEqual({ url: second, alt: 'A bowl with yogurt' });

    // Deleting every photo of a draft leaves a product with none, as before galleries (an active
    // one keeps its last: decision 0065).
    await remove(id, after.image_url!);
    expect(
      (await f.call('PATCH', `/api/products/${id}`, { token: adminToken, body: { status: 'draft' } }))
        .statusCode,
    ).toBe(200);
    const empty = await remove(id, second!);
    expect(empty.json()).toMatchObject({ image_url: null, images: [] });
  });

  it('is changed by admins only', async () => {
    const { id, first } = await newProduct('Guarded Gallery Granola');
    const customer = await f.person();
    for (const token of [null, customer.token]) {
      const status = token ? 403 : 401;
      await expectMessage(await upload(id, [{ bytes: await png(1) }], token), status);
      await expectMessage(await patch(id, { images: [{ url: first, alt: 'x' }] }, token), status);
      await expectMessage(await remove(id, first, token), status);
    }
    const rows = await t.database.db.select().from(productImages).where(eq(productImages.productId, id));
    expect(rows.map((row) => [row.url, row.alt])).toEqual([[first, 'Guarded Gallery Granola']]);
  });

  it('answers bad input with 4xx and a message, and changes nothing', async () => {
    const { id, slug, first } = await newProduct('Picky Gallery Granola');
    const before = await shopProduct(slug);
    // Not an image, a file in another field, no file, too many at once, JSON instead of a form.
    await expectMessage(
      await upload(id, [{ bytes: Buffer.from('GIF89a not really'), type: 'image/gif' }]),
      415,
    );
    await expectMessage(await upload(id, [{ bytes: await png(3), field: 'photo' }]), 400);
    await expectMessage(await upload(id, []), 400);
    await expectMessage(await upload(id, [{ bytes: await png(3) }], adminToken, { alt: 'x' }), 400);
    const seven = await Promise.all(Array.from({ length: 7 }, (_, i) => png(i)));
    await expectMessage(
      await upload(
        id,
        seven.map((bytes) => ({ bytes })),
      ),
      413,
    );
    await expectMessage(
      await f.call('POST', `/api/products/${id}/images`, { token: adminToken, body: {} }),
      415,
    );
    // A good file with a broken one: neither is kept.
    await expectMessage(await upload(id, [{ bytes: await png(4) }, { bytes: Buffer.from('nope') }]), 415);
    await expectMessage(await upload(999_999, [{ bytes: await png(5) }]), 404);

    // Reorders that are not exactly the gallery, empty alt texts, strangers' fields.
    const other = (await newProduct('Other Gallery Granola')).first;
    for (const body of [
      { images: [] },
      { images: [{ url: first, alt: '   ' }] },
      { images: [{ url: first, alt: 'x'.repeat(251) }] },
      { images: [{ url: first, alt: 'ok', extra: 1 }] },
      { images: [{ url: first }] },
      { images: 'all of them' },
      {},
    ]) {
      await expectMessage(await patch(id, body), 400);
    }
    await expectMessage(await patch(id, { images: [{ url: other, alt: 'Not mine' }] }), 409);
    await expectMessage(
      await patch(id, {
        images: [
          { url: first, alt: 'a' },
          { url: first, alt: 'b' },
        ],
      }),
      409,
    );
    await expectMessage(await patch(999_999, { images: [{ url: first, alt: 'a' }] }), 404);
    await expectMessage(await f.call('DELETE', `/api/products/${id}/images`, { token: adminToken }), 400);
    await expectMessage(await remove(id, other), 404);

    expect(await shopProduct(slug)).toEqual(before);
    const stored = [];
    for await (const image of t.app.images.list()) stored.push(image.name);
    // Only the two products' own photos (both sizes) came from this test: nothing refused was kept.
    const mine = stored.filter((name) => name.startsWith('products/'));
    expect(mine).toContain(first.replace('/images/', ''));
  });

  it(`holds at most ${MAX_GALLERY_IMAGES} photos`, async () => {
    const { id } = await newProduct('Full Gallery Granola');
    for (let i = 0; i < 2; i++) {
      const files = await Promise.all(Array.from({ length: 5 }, (_, j) => png(i * 10 + j)));
      expect(
        (
          await upload(
            id,
            files.map((bytes) => ({ bytes })),
          )
        ).statusCode,
      ).toBe(201);
    }
    await expectMessage(await upload(id, [{ bytes: await png(90) }, { bytes: await png(91) }]), 409);
    expect((await upload(id, [{ bytes: await png(92) }])).statusCode).toBe(201);
  });

  it('moves the catalogue version whoever writes the gallery (an operator too)', async () => {
    const { id, first } = await newProduct('Versioned Gallery Granola');
    const version = async () =>
      (await t.database.db.select().from(catalogState).where(eq(catalogState.id, 1)))[0]!.version;
    const before = await version();
    await t.database.db.execute(
      sql`update product_images set alt = 'Set by SQL' where product_id = ${id} and url = ${first}`,
    );
    expect(await version()).toBe(before + 1);
  });

  it('keeps every gallery photo at garbage collection, and lets a deleted one go after the grace period', async () => {
    const { id, first } = await newProduct('Collected Gallery Granola');
    const added = await upload(id, [{ bytes: await png(70) }, { bytes: await png(71) }]);
    const [, kept, dropped] = productSchema.parse(added.json()).images.map((image) => image.url);
    await patch(id, {
      images: [
        { url: kept, alt: 'Kept' },
        { url: first, alt: 'First' },
        { url: dropped, alt: 'Dropped' },
      ],
    });
    expect((await remove(id, dropped!)).statusCode).toBe(200);
    const gc = (now: Date) => collectImageGarbage({ db: t.database.db, store: t.app.images, now });
    const t0 = new Date(Date.now() + 60_000);
    await gc(t0);
    await gc(new Date(t0.getTime() + IMAGE_GRACE_MS + 60_000));
    const name = (url: string) => url.replace('/images/', '');
    for (const url of [kept!, first]) {
      expect(await t.app.images.has(name(url)), url).toBe(true);
      expect(await t.app.images.has(name(url).replace('-800w', '-400w')), url).toBe(true);
    }
    expect(await t.app.images.has(name(dropped!))).toBe(false);
    expect(await t.app.images.has(name(dropped!).replace('-800w', '-400w'))).toBe(false);
  });
});

describe('the demo catalogue', () => {
  it('shows each product in at least three distinct views, the first being image_url', async () => {
    const list = (await t.app.inject({ url: '/api/products' }))
      .json<unknown[]>()
      .map((p) => productSchema.parse(p));
    const seeded = list.filter((product) => product.image_url?.startsWith('/images/seed/'));
    expect(seeded.length).toBeGreaterThanOrEqual(10);
    for (const product of seeded) {
      expect(product.images.length, product.slug).toBeGreaterThanOrEqual(3);
      expect(product.images[0]!.url).toBe(product.image_url);
      expect(new Set(product.images.map((image) => image.url)).size).toBe(product.images.length);
      for (const image of product.images) expect(image.alt.length).toBeGreaterThan(0);
    }
  });
});
