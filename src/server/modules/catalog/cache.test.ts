/**
 * The catalogue cache (cache.ts) and how the public catalogue routes answer from it: one snapshot per
 * catalogue version, strong ETags with 304s, precompressed bodies, and freshness across instances.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { catalogState, products } from '../../db/schema.js';
import { chooseEncoding, matchesEtag } from '../../http/representation.js';
import { checkoutFixtures } from '../../testing/checkout-fixtures.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { createCatalogCache } from './cache.js';
import { createCatalogService } from './service.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const version = async () =>
  (await t.database.db.select().from(catalogState).where(eq(catalogState.id, 1)))[0]!.version;

describe('the public catalogue routes', () => {
  it('answer the same JSON as the database, with a strong ETag, revalidated on every use', async () => {
    const res = await f.call('GET', '/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.json()).toEqual(await createCatalogService(t.database.db).listProducts());
  });

  it('answers 304 without a body to a client that has the current version', async () => {
    for (const url of [
      '/api/products',
      '/api/products/maple-almond-granola',
      '/api/categories',
      '/api/categories/granola',
    ]) {
      const first = await f.call('GET', url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await f.call('GET', url, { headers: { 'if-none-match': ifNoneMatch } });
        expect(again.statusCode, `${url} ${ifNoneMatch}`).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      const stale = await f.call('GET', url, { headers: { 'if-none-match': '"not-it"' } });
      expect(stale.statusCode).toBe(200);
    }
  });

  it('sends brotli or gzip as the client accepts, each decoding to the same JSON', async () => {
    const plain = await f.call('GET', '/api/products');
    const br = await f.call('GET', '/api/products', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await f.call('GET', '/api/products', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The ETag names the content, whatever the encoding.
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
  });

  it('keeps the messages of a missing product or category, and refuses bad slugs', async () => {
    expect((await f.call('GET', '/api/products/no-such-cookie')).json()).toEqual({
      message: 'Product not found',
    });
    expect((await f.call('GET', '/api/categories/no-such-shelf')).statusCode).toBe(404);
    expect((await f.call('GET', '/api/products/Not%20A%20Slug')).statusCode).toBe(404);
  });
});

describe('freshness', () => {
  it('bumps the catalogue version on any write to a catalogue table, by triggers', async () => {
    const before = await version();
    await t.database.db.execute(
      sql`update products set description = description where id = (select min(id) from products)`,
    );
    await t.database.db.execute(sql`delete from product_faqs where id = -1`);
    expect(await version()).toBe(before + 2);
    // Tables outside the catalogue leave it alone.
    await t.database.db.execute(sql`update users set first_name = first_name`);
    expect(await version()).toBe(before + 2);
  });

  it('shows a change written straight to the database at the next check, with a new ETag', async () => {
    const first = await f.call('GET', '/api/products/maple-almond-granola');
    await t.database.db
      .update(products)
      .set({ description: 'Toasted oats, maple and almonds. Fresh from the database.' })
      .where(eq(products.slug, 'maple-almond-granola'));
    const second = await f.call('GET', '/api/products/maple-almond-granola', {
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().description).toBe('Toasted oats, maple and almonds. Fresh from the database.');
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('serves one snapshot between checks, rebuilds when the version moved, and never lets a caller change it', async () => {
    const service = createCatalogService(t.database.db);
    let reads = 0;
    const counting = {
      listProducts: () => ((reads += 1), service.listProducts()),
      listCategories: () => service.listCategories(),
    };
    const cache = createCatalogCache(t.database.db, counting, { checkEveryMs: 60_000 });
    const [a, b] = await Promise.all([cache.snapshot(), cache.snapshot()]);
    expect(a).toBe(b);
    expect(reads).toBe(1);
    await t.database.db.update(products).set({ sortOrder: sql`${products.sortOrder}` });
    // Within the interval: the same snapshot, however the database moved.
    expect(await cache.snapshot()).toBe(a);
    // After a write on this instance: checked at once, and rebuilt because the version moved.
    cache.expire();
    const c = await cache.snapshot();
    expect(c).not.toBe(a);
    expect(c.version).toBe(await version());
    expect(reads).toBe(2);
    // Checked again with nothing changed: the snapshot and its answers are kept.
    cache.expire();
    expect(await cache.snapshot()).toBe(c);
    expect(reads).toBe(2);
    expect(() => {
      (c.products[0] as { price: number }).price = 0.01;
    }).toThrow(TypeError);
    expect(() => (c.products as unknown as unknown[]).pop()).toThrow(TypeError);
  });

  it('lets another instance on the same database follow within its interval, its own admin edits at once', async () => {
    const config = testConfig({ CATALOG_CACHE_CHECK_MS: '60000' });
    const other = await buildApp({ config, database: t.database });
    await other.ready();
    try {
      const admin = await f.person({ isAdmin: true });
      const slug = 'maple-almond-granola';
      const priceOn = async (app: typeof other) =>
        (await app.inject({ method: 'GET', url: `/api/products/${slug}` })).json<{ price: number }>().price;
      const before = await priceOn(other);
      const [row] = await t.database.db.select().from(products).where(eq(products.slug, slug));
      // An edit through the other instance's admin API shows there at once...
      const edited = await other.inject({
        method: 'PATCH',
        url: `/api/products/${row!.id}`,
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ price: before + 1 }),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await priceOn(other)).toBe(before + 1);
      // ...and on this instance (checking every read) too.
      expect((await f.call('GET', `/api/products/${slug}`)).json().price).toBe(before + 1);
      // A change made elsewhere waits for the other instance's next check (60 s here).
      await t.database.db
        .update(products)
        .set({ priceCents: Math.round(before * 100) })
        .where(eq(products.slug, slug));
      expect((await f.call('GET', `/api/products/${slug}`)).json().price).toBe(before);
      expect(await priceOn(other)).toBe(before + 1);
    } finally {
      await other.close();
    }
  });
});

describe('content negotiation', () => {
  it('chooses br, then gzip, honouring q-values and refusals', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBe('identity');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding('gzip;q=0, identity')).toBe('identity');
  });

  it('matches If-None-Match lists, weak tags and the wildcard', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b" , "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});
