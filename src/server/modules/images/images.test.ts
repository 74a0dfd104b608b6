/**
 * Images in one store for every instance (decision 0030): an upload served by another instance on
 * the same database, the answer's caching headers, names checked before any lookup, the seed's
 * artwork rendered once per database, the one-time import of an older version's DATA_DIR/images,
 * and the daily removal of images nothing refers to any more.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextHousekeepingRun } from '../../../domain/retention.js';
import { buildApp } from '../../app.js';
import { imageOrphans, images, jobs, orderItems, orders, products } from '../../db/schema.js';
import { ensureDemoImages, seedDemoCatalogue } from '../../db/seed/index.js';
import { seedArtworkNames } from '../../db/seed/images.js';
import { checkoutFixtures } from '../../testing/checkout-fixtures.js';
import { createTestApp, createTestDatabase, testConfig, type TestApp } from '../../testing/test-app.js';
import { createDatabaseImageStore, etagOf } from './database-store.js';
import { collectImageGarbage, IMAGE_GC_JOB, IMAGE_GRACE_MS } from './garbage.js';
import { IMPORT_MARKER, importLegacyImages } from './legacy-import.js';
import type { ImageStore, StoredImage } from './store.js';
import { startS3StandIn } from '../../testing/s3-stand-in.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;
const DAY = 86_400_000;
const dirs: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  // No polling: the tests run the jobs themselves.
  t = await createTestApp({ env: { JOBS_POLL_MS: '600000' } });
});
afterAll(async () => {
  await t?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Another instance of the shop on the same database, with a DATA_DIR of its own. */
async function secondInstance(options: { importImagesFrom?: string } = {}): Promise<FastifyInstance> {
  const config = testConfig({ DATA_DIR: await tempDir('northbite-second-'), JOBS_POLL_MS: '600000' });
  const app = await buildApp({ config, database: t.database, ...options });
  await app.ready();
  return app;
}

/** The store with every call counted (and the store's answers unchanged). */
function counted(store: ImageStore) {
  const calls = { get: 0, has: 0, put: [] as string[], delete: [] as string[] };
  const spy: ImageStore = {
    kind: store.kind,
    get(name) {
      calls.get++;
      return store.get(name);
    },
    has(name) {
      calls.has++;
      return store.has(name);
    },
    put(name, bytes, type) {
      calls.put.push(name);
      return store.put(name, bytes, type);
    },
    delete(name) {
      calls.delete.push(name);
      return store.delete(name);
    },
    list: () => store.list(),
    close: () => store.close(),
  };
  return { spy, calls };
}

/** An image store in memory: what garbage collection and the seed need of any store (S3 too). */
function memoryStore(): ImageStore & { entries: Map<string, StoredImage & { storedAt: Date }> } {
  const entries = new Map<string, StoredImage & { storedAt: Date }>();
  return {
    kind: 'database',
    entries,
    async put(name, bytes, contentType) {
      if (!entries.has(name))
        entries.set(name, { bytes, contentType, etag: etagOf(bytes), storedAt: new Date() });
    },
    get: async (name) => entries.get(name) ?? null,
    has: async (name) => entries.has(name),
    delete: async (name) => void entries.delete(name),
    async *list() {
      for (const [name, { storedAt }] of entries) yield { name, storedAt };
    },
    close: async () => {},
  };
}

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .png()
    .toBuffer();

let ip = 0;
/** A multipart request to an instance, as the admin dashboard sends it. */
async function sendForm(
  app: FastifyInstance,
  method: 'POST' | 'PATCH',
  url: string,
  token: string,
  fields: Record<string, string>,
  image?: Buffer,
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (image) body.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
  const request = new Request('http://x', { method: 'POST', body });
  return app.inject({
    method,
    url,
    payload: Buffer.from(await request.arrayBuffer()),
    remoteAddress: `10.91.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
}

const basics = (name: string) => ({
  name,
  description: 'Oats, maple and a photo taken on one instance.',
  price: '11.95',
  category_id: '3',
});

/** Creates a product with an uploaded image through `app`; answers its id and image URL. */
async function upload(app: FastifyInstance, name: string): Promise<{ id: number; imageUrl: string }> {
  const admin = await f.person({ isAdmin: true });
  const res = await sendForm(app, 'POST', '/api/products', admin.token, basics(name), await png());
  expect(res.statusCode, res.body).toBe(201);
  const { id, image_url } = res.json<{ id: number; image_url: string }>();
  expect(image_url).toMatch(/^\/images\/products\/[0-9a-f]{24}-800w\.webp$/);
  return { id, imageUrl: image_url };
}

const nameOf = (url: string) => url.replace(/^\/images\//, '');
const halfOf = (name: string) => name.replace('-800w.webp', '-400w.webp');

describe('GET /images/* from the image store', () => {
  it('serves an upload received by one instance from another on the same database', async () => {
    const { imageUrl } = await upload(t.app, 'Two Instance Granola');
    const other = await secondInstance();
    try {
      for (const url of [imageUrl, `/images/${halfOf(nameOf(imageUrl))}`]) {
        const here = await t.app.inject(url);
        const there = await other.inject(url);
        expect(here.statusCode, url).toBe(200);
        expect(there.statusCode, url).toBe(200);
        expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
        // Same bytes, same validator on every instance.
        expect(there.headers.etag).toBe(here.headers.etag);
      }
      const meta = await sharp((await other.inject(imageUrl)).rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 800, height: 800 });
    } finally {
      await other.close();
    }
  });

  it('answers with a year of immutable caching, a strong ETag, 304 for a known one, and HEAD', async () => {
    const { imageUrl } = await upload(t.app, 'Cached Image Granola');
    const stored = (await t.app.images.get(nameOf(imageUrl)))!;
    const res = await t.app.inject(imageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Strong (no W/), and the SHA-256 of the bytes: the same on every instance.
    expect(res.headers.etag).toMatch(/^"[\w-]{43}"$/);
    expect(res.headers.etag).toBe(etagOf(res.rawPayload));
    expect(res.headers.etag).toBe(stored.etag);
    // The headers every answer that is not a page gets.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // WebP is compressed already: sent as it is, whatever the client accepts.
    const accepting = await t.app.inject({ url: imageUrl, headers: { 'accept-encoding': 'br, gzip' } });
    expect(accepting.headers['content-encoding']).toBeUndefined();

    for (const ifNoneMatch of [
      res.headers.etag as string,
      `W/${res.headers.etag}`,
      `"x", ${res.headers.etag}`,
    ]) {
      const again = await t.app.inject({ url: imageUrl, headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(res.headers.etag);
    }
    const changed = await t.app.inject({ url: imageUrl, headers: { 'if-none-match': '"something-else"' } });
    expect(changed.statusCode).toBe(200);

    const head = await t.app.inject({ method: 'HEAD', url: imageUrl });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(head.headers.etag).toBe(res.headers.etag);
  });

  it('serves a nutrition panel as SVG, compressed for clients that accept it', async () => {
    const [row] = await db()
      .select({ label: products.nutritionLabelUrl })
      .from(products)
      .where(sql`${products.nutritionLabelUrl} is not null`)
      .limit(1);
    const plain = await t.app.inject(row!.label!);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('image/svg+xml');
    expect(plain.body).toContain('Nutrition Facts');
    // An SVG opened on its own runs nothing: no script source is allowed.
    expect(plain.headers['content-security-policy']).toContain("default-src 'none'");
    const br = await t.app.inject({ url: row!.label!, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('answers 404 for a name nobody stored, as for any missing address', async () => {
    for (const url of [
      `/images/products/${'0'.repeat(24)}-800w.webp`,
      '/images/seed/nutrition-nothing-0123456789.svg',
      '/images/products/',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).not.toContain('immutable');
      expect(res.headers.etag, url).toBeUndefined();
    }
  });

  describe('with the store watched', () => {
    // An instance of its own, whose every store call is counted.
    let w: TestApp;
    let watched: ReturnType<typeof counted>;
    beforeAll(async () => {
      const database = await createTestDatabase();
      watched = counted(createDatabaseImageStore(database.db));
      await seedDemoCatalogue(database.db, watched.spy);
      const config = testConfig({ JOBS_POLL_MS: '600000' });
      const app = await buildApp({ config, database, images: watched.spy });
      await app.ready();
      w = {
        app,
        database,
        config,
        async close() {
          await app.close();
          await database.destroy();
        },
      };
    });
    afterAll(() => w?.close());

    it('checks the name against the naming rules before any lookup: 404, the store never asked', async () => {
      const before = watched.calls.get;
      for (const url of [
        '/images/../package.json',
        '/images/%2e%2e/%2e%2e/etc/passwd',
        '/images/products/..%2F..%2Fsecret.webp',
        '/images/products/%2e%2e%2fseed%2fx.webp',
        '/images/products/a/b.webp',
        '/images/products/Upper-800w.webp',
        '/images/products/x.webp.exe',
        '/images/products/x.png',
        '/images/products/x..webp',
        '/images/products/-x.webp',
        '/images/uploads/x.webp',
        '/images/products/x%00.webp',
        `/images/products/${'a'.repeat(300)}.webp`,
        '/images/',
      ]) {
        const res = await w.app.inject(url);
        expect(res.statusCode, url).toBe(404);
      }
      expect(watched.calls.get).toBe(before);
    });

    it('keeps what it served in memory, but asks the store again for a name it did not have', async () => {
      const name = `products/${randomBytes(12).toString('hex')}-800w.webp`;
      const bytes = await sharp(await png(32, 32))
        .webp()
        .toBuffer();
      const before = watched.calls.get;
      expect((await w.app.inject(`/images/${name}`)).statusCode).toBe(404);
      // Stored meanwhile, e.g. by another instance: shown at once, not a remembered 404.
      await createDatabaseImageStore(w.database.db).put(name, bytes, 'image/webp');
      expect((await w.app.inject(`/images/${name}`)).statusCode).toBe(200);
      expect(watched.calls.get).toBe(before + 2);
      const again = await w.app.inject(`/images/${name}`);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(bytes)).toBe(true);
      expect(watched.calls.get).toBe(before + 2);
    });

    it('stores nothing when the product write is refused: both sizes written, then deleted', async () => {
      const admin = await checkoutFixtures(() => w).person({ isAdmin: true });
      const taken = await sendForm(w.app, 'POST', '/api/products', admin.token, basics('Refused Granola'));
      expect(taken.statusCode, taken.body).toBe(201);
      const rows = async () =>
        (await w.database.db.select({ name: images.name }).from(images)).map((row) => row.name).sort();
      const before = await rows();
      watched.calls.put.length = 0;
      watched.calls.delete.length = 0;
      const clash = await sendForm(
        w.app,
        'POST',
        '/api/products',
        admin.token,
        basics('Refused Granola'),
        await png(),
      );
      expect(clash.statusCode).toBe(409);
      expect(watched.calls.put).toHaveLength(2);
      expect([...watched.calls.delete].sort()).toEqual([...watched.calls.put].sort());
      for (const name of watched.calls.put) expect(await w.app.images.has(name)).toBe(false);
      expect(await rows()).toEqual(before);
    });
  });
});

describe('the seed artwork and nutrition panels', () => {
  it('are rendered once per database: a later start or another instance renders and writes nothing', async () => {
    // This database has them already (stored by the first start).
    const { spy, calls } = counted(t.app.images);
    const { images: urls, labels } = await ensureDemoImages(spy);
    expect(calls.put).toEqual([]);
    for (const url of [...Object.values(urls), ...labels.values()]) {
      expect(url).toMatch(/^\/images\/seed\//);
      expect((await t.app.inject(url)).statusCode, url).toBe(200);
    }
    // An empty store gets every drawing at both sizes and every panel, under the names the pages use.
    const empty = memoryStore();
    const fresh = await ensureDemoImages(empty);
    expect(fresh.images).toEqual(urls);
    expect([...empty.entries.keys()].sort()).toEqual(
      [...seedArtworkNames(), ...[...labels.values()].map(nameOf)].sort(),
    );
    expect(empty.entries.get(nameOf(urls['scene-hero']))?.contentType).toBe('image/webp');
    // Rendering every drawing (each product's gallery views too, decision 0061) takes a while.
  }, 120_000);
});

describe('DATA_DIR/images of an older version', () => {
  it('is imported into the store once at start, and nothing is lost or read again later', async () => {
    const dataDir = await tempDir('northbite-legacy-');
    const folder = join(dataDir, 'images');
    await mkdir(join(folder, 'products'), { recursive: true });
    await mkdir(join(folder, 'seed'), { recursive: true });
    const hex = randomBytes(12).toString('hex');
    const webp = async (size: number) =>
      sharp(await png(size, size))
        .webp()
        .toBuffer();
    const files: Record<string, Buffer> = {
      [`products/${hex}-800w.webp`]: await webp(80),
      [`products/${hex}-400w.webp`]: await webp(40),
      'seed/scene-legacy-0123456789-1200w.webp': await webp(120),
      'seed/nutrition-legacy-bar-0123456789.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    };
    for (const [name, bytes] of Object.entries(files)) await writeFile(join(folder, name), bytes);
    // Left alone: a half-written file of the old writer, and a name the shop never makes.
    await writeFile(join(folder, 'products', `${hex}-800w.webp.123.tmp`), 'partial');
    await writeFile(join(folder, 'seed', 'notes.txt'), 'hello');
    // One of them is in the store already (another instance imported its copy first).
    await t.app.images.put(`products/${hex}-400w.webp`, files[`products/${hex}-400w.webp`]!, 'image/webp');

    // The start of an instance on this DATA_DIR imports the folder...
    const started = await secondInstance({ importImagesFrom: dataDir });
    try {
      for (const [name, bytes] of Object.entries(files)) {
        const res = await started.inject(`/images/${name}`);
        expect(res.statusCode, name).toBe(200);
        expect(res.rawPayload.equals(bytes), name).toBe(true);
        expect(res.headers['content-type'], name).toContain(
          name.endsWith('.svg') ? 'image/svg+xml' : 'image/webp',
        );
      }
      // ...which every other instance now serves too.
      expect((await t.app.inject(`/images/products/${hex}-800w.webp`)).statusCode).toBe(200);
    } finally {
      await started.close();
    }
    expect(existsSync(join(folder, IMPORT_MARKER))).toBe(true);
    // The folder is left where it was.
    expect(existsSync(join(folder, 'products', `${hex}-800w.webp`))).toBe(true);

    // A later start does not read the folder again, and loses nothing.
    const warnings: string[] = [];
    const log = {
      info: () => {},
      warn: (_: unknown, message?: string) => void warnings.push(String(message)),
    };
    expect(await importLegacyImages(t.app.images, dataDir, log)).toEqual({
      ran: false,
      imported: 0,
      skipped: 0,
    });
    expect(warnings).toEqual([]);
    for (const name of Object.keys(files)) expect(await t.app.images.has(name), name).toBe(true);

    // A start that crashed before recording the import simply runs it again: nothing changes.
    await rm(join(folder, IMPORT_MARKER));
    const again = await importLegacyImages(t.app.images, dataDir, log);
    expect(again).toEqual({ ran: true, imported: 4, skipped: 2 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/now in the image store.*can be removed/);
    const rows = await db()
      .select({ name: images.name, etag: images.etag })
      .from(images)
      .where(inArray(images.name, Object.keys(files)));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.etag).toBe(etagOf(files[row.name]!));
  });

  it('is nothing to do when DATA_DIR has no images folder', async () => {
    const dataDir = await tempDir('northbite-no-legacy-');
    const log = { info: () => {}, warn: () => {} };
    expect(await importLegacyImages(t.app.images, dataDir, log)).toEqual({
      ran: false,
      imported: 0,
      skipped: 0,
    });
    expect(existsSync(join(dataDir, 'images'))).toBe(false);
  });
});

describe('garbage collection of images', () => {
  const stored = (name: string) => t.app.images.has(name);
  /** An image put straight into the store, as if stored `daysAgo` days ago. */
  async function orphan(daysAgo: number): Promise<string> {
    const name = `products/${randomBytes(12).toString('hex')}-800w.webp`;
    const bytes = await sharp(await png(16, 16))
      .webp()
      .toBuffer();
    await t.app.images.put(name, bytes, 'image/webp');
    await t.app.images.put(halfOf(name), bytes, 'image/webp');
    await db()
      .update(images)
      .set({ createdAt: new Date(Date.now() - daysAgo * DAY) })
      .where(inArray(images.name, [name, halfOf(name)]));
    return name;
  }
  const gc = (now: Date) => collectImageGarbage({ db: db(), store: t.app.images, now });

  it('keeps what products, past orders and the pages use; deletes the rest only after the grace period', async () => {
    // Referred to: a product's image; a product that past orders name, deleted (so hidden); the seed.
    const live = await upload(t.app, 'Collected Granola');
    const sold = await upload(t.app, 'Sold Then Deleted Granola');
    const [order] = await db()
      .insert(orders)
      .values({
        subtotalCents: 1195,
        shippingCents: 0,
        taxCents: 60,
        totalCents: 1255,
        firstName: 'A',
        lastName: 'B',
        email: 'gc@example.ca',
        phoneNumber: '+16045550123',
        shippingAddress: '1 Main',
        shippingCity: 'Vancouver',
        shippingState: 'British Columbia',
        shippingPostalCode: 'V5K 0A1',
      })
      .returning();
    await db().insert(orderItems).values({
      orderId: order!.id,
      productId: sold.id,
      productName: 'Sold Then Deleted Granola',
      quantity: 1,
      priceCents: 1195,
    });
    const admin = await f.person({ isAdmin: true });
    const deleted = await f.call('DELETE', `/api/products/${sold.id}`, { token: admin.token });
    expect(deleted.json()).toEqual({ hidden: true });
    // No longer referred to: an image replaced by a new upload, and one no product ever used.
    const replaced = await upload(t.app, 'Re-imaged Granola');
    const patched = await sendForm(
      t.app,
      'PATCH',
      `/api/products/${replaced.id}`,
      admin.token,
      {},
      await png(),
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().image_url).not.toBe(replaced.imageUrl);
    const old = await orphan(10);
    // Unreferenced too, but stored just now: an upload whose product is still being saved.
    const pending = await orphan(0);
    // Unreferenced at first, then used by a product again.
    const revived = await orphan(10);

    const t0 = new Date();
    const first = await gc(t0);
    expect(first.deleted).toBe(0);
    const tracked = new Set((await db().select().from(imageOrphans)).map((row) => row.name));
    for (const name of [old, halfOf(old), pending, revived, nameOf(replaced.imageUrl)]) {
      expect(tracked.has(name), name).toBe(true);
    }
    for (const name of [nameOf(live.imageUrl), nameOf(sold.imageUrl), ...seedArtworkNames()]) {
      expect(tracked.has(name), name).toBe(false);
    }

    // A day later: inside the grace period, nothing goes (a page cached yesterday may show them).
    expect((await gc(new Date(t0.getTime() + DAY))).deleted).toBe(0);
    expect(await stored(old)).toBe(true);

    // A seed product shows it (its own artwork stays in use by this build's pages anyway).
    const [seeded] = await db()
      .select({ id: products.id, imageUrl: products.imageUrl })
      .from(products)
      .where(sql`${products.imageUrl} like '/images/seed/%'`)
      .limit(1);
    await db()
      .update(products)
      .set({ imageUrl: `/images/${revived}` })
      .where(eq(products.id, seeded!.id));
    // Past the grace period: what stayed unreferenced all along goes, both sizes.
    const later = new Date(t0.getTime() + IMAGE_GRACE_MS + 60_000);
    const second = await gc(later);
    expect(second.deleted).toBeGreaterThanOrEqual(4);
    for (const name of [old, halfOf(old), nameOf(replaced.imageUrl), halfOf(nameOf(replaced.imageUrl))]) {
      expect(await stored(name), name).toBe(false);
      expect((await t.app.inject(`/images/${name}`)).statusCode, name).toBe(404);
    }
    // Kept: everything referred to, both sizes, and the seed's artwork and nutrition panels.
    const labels = await db().select({ url: products.nutritionLabelUrl }).from(products);
    for (const name of [
      nameOf(live.imageUrl),
      halfOf(nameOf(live.imageUrl)),
      nameOf(sold.imageUrl),
      halfOf(nameOf(sold.imageUrl)),
      nameOf(patched.json().image_url),
      revived,
      halfOf(revived),
      ...seedArtworkNames(),
      ...labels.flatMap((row) => (row.url ? [nameOf(row.url)] : [])),
    ]) {
      expect(await stored(name), name).toBe(true);
    }
    // The one referred to again left the table; unreferenced once more, its clock starts afresh.
    const left = new Set((await db().select().from(imageOrphans)).map((row) => row.name));
    expect(left.has(revived)).toBe(false);
    await db().update(products).set({ imageUrl: seeded!.imageUrl }).where(eq(products.id, seeded!.id));
    expect((await gc(new Date(later.getTime() + 60_000))).deleted).toBe(0);
    expect(await stored(revived)).toBe(true);
    const [row] = await db().select().from(imageOrphans).where(eq(imageOrphans.name, revived));
    expect(row?.unreferencedSince.getTime()).toBe(later.getTime() + 60_000);
    // `pending` was stored at t0, so it has now been unreferenced and stored for the whole period.
    expect(await stored(pending)).toBe(false);
  });

  it('never deletes an image stored within the grace period, however long its name was unreferenced', async () => {
    const fresh = await orphan(1);
    // As if a pass had found this name unreferenced long ago (before it was stored again).
    await db()
      .insert(imageOrphans)
      .values({ name: fresh, unreferencedSince: new Date(Date.now() - 30 * DAY) })
      .onConflictDoNothing();
    expect((await gc(new Date())).deleted).toBe(0);
    expect(await stored(fresh)).toBe(true);
    // Once it was stored longer ago than the grace period, it goes.
    await gc(new Date(Date.now() + IMAGE_GRACE_MS));
    expect(await stored(fresh)).toBe(false);
  });

  it('works with any store: only list and delete are used', async () => {
    const store = memoryStore();
    await store.put('products/aaaaaaaaaaaaaaaaaaaaaaaa-800w.webp', Buffer.from('x'), 'image/webp');
    store.entries.get('products/aaaaaaaaaaaaaaaaaaaaaaaa-800w.webp')!.storedAt = new Date(
      Date.now() - 10 * DAY,
    );
    const now = Date.now();
    await collectImageGarbage({ db: db(), store, now: new Date(now) });
    expect(store.entries.size).toBe(1);
    const result = await collectImageGarbage({ db: db(), store, now: new Date(now + IMAGE_GRACE_MS) });
    expect(result).toMatchObject({ stored: 1, deleted: 1 });
    expect(store.entries.size).toBe(0);
  });

  it('runs as a daily job of the job engine, which queues the next day', async () => {
    const queued = () =>
      db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, IMAGE_GC_JOB), isNull(jobs.completedAt)));
    const pending = await queued();
    expect(pending).toHaveLength(1);
    const runAt = nextHousekeepingRun(new Date());
    expect(pending[0]!.runAt.toISOString()).toBe(runAt.toISOString());
    // Due now: the engine runs it, and the next run is queued for the day after.
    await db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, pending[0]!.id));
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const [done] = await db().select().from(jobs).where(eq(jobs.id, pending[0]!.id));
    expect(done!.completedAt).not.toBeNull();
    const next = await queued();
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(runAt.getTime() - 1);
  });
});

describe('S3_URL', () => {
  it('sends uploads to the bucket, serves them from it, and keeps them out of the database', async () => {
    const standIn = await startS3StandIn();
    const shop = await createTestApp({
      env: {
        JOBS_POLL_MS: '600000',
        S3_URL: `s3://test-key:test-secret@${standIn.bucket}/shop/?region=us-east-1&endpoint=${encodeURIComponent(standIn.endpoint)}`,
      },
    });
    try {
      expect(shop.app.images.kind).toBe('s3');
      const admin = await checkoutFixtures(() => shop).person({ isAdmin: true });
      const res = await sendForm(
        shop.app,
        'POST',
        '/api/products',
        admin.token,
        basics('Bucket Granola'),
        await png(),
      );
      expect(res.statusCode, res.body).toBe(201);
      const name = nameOf(res.json<{ image_url: string }>().image_url);
      expect([...standIn.objects.keys()]).toEqual(
        expect.arrayContaining([`shop/${name}`, `shop/${halfOf(name)}`]),
      );
      const served = await shop.app.inject(`/images/${name}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(standIn.objects.get(`shop/${name}`)!.bytes)).toBe(true);
      const inDatabase = await shop.database.db.select({ name: images.name }).from(images);
      expect(inDatabase.map((row) => row.name)).not.toContain(name);
    } finally {
      await shop.close();
      await standIn.close();
    }
    // A new shop on an empty bucket renders the seed's artwork, each product's gallery views too.
  }, 120_000);
});
