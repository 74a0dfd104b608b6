/**
 * The image store contract (decision 0030), once for each store: the database store on the test
 * database (PGlite, or PostgreSQL with DATABASE_URL) and the S3 store against the local S3 stand-in
 * (testing/s3-stand-in.ts), as no S3-compatible server can run on the build machines.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnavailableError } from '../../../domain/errors.js';
import type { S3Settings } from '../../s3-settings.js';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-stand-in.js';
import { registerErrorHandling } from '../../http/errors.js';
import { createTestDatabase } from '../../testing/test-app.js';
import { createDatabaseImageStore } from './database-store.js';
import { imageRoutes } from './routes.js';
import { createS3Store, IMAGE_CACHE_CONTROL, IMAGES_UNAVAILABLE } from './s3-store.js';
import type { ImageStore } from './store.js';

interface Subject {
  store: ImageStore;
  /** Another store on the same storage, as a second instance of the shop has. */
  another(): ImageStore;
  /** ListObjectsV2 requests so far (S3 only), to see that the listing took more than one page. */
  listRequests?: () => number;
  close(): Promise<void>;
}

const s3Settings = (standIn: S3StandIn, overrides: Partial<S3Settings> = {}): S3Settings => ({
  bucket: standIn.bucket,
  region: 'us-east-1',
  endpoint: standIn.endpoint,
  accessKeyId: 'stand-in-key',
  secretAccessKey: 'stand-in-secret',
  prefix: 'images/',
  ...overrides,
});

const IMPLEMENTATIONS: Array<[string, () => Promise<Subject>]> = [
  [
    'database',
    async () => {
      const database = await createTestDatabase();
      return {
        store: createDatabaseImageStore(database.db),
        another: () => createDatabaseImageStore(database.db),
        close: () => database.destroy(),
      };
    },
  ],
  [
    's3',
    async () => {
      const standIn = await startS3StandIn();
      const stores: ImageStore[] = [];
      const open = () => {
        const store = createS3Store(s3Settings(standIn));
        stores.push(store);
        return store;
      };
      return {
        store: open(),
        another: open,
        listRequests: () => standIn.requests.filter((r) => r.operation === 'ListObjectsV2').length,
        async close() {
          await Promise.all(stores.map((store) => store.close()));
          await standIn.close();
        },
      };
    },
  ],
];

/** A name as uploads make them, new for each call. */
const newName = (extension = 'webp') => `products/${randomBytes(12).toString('hex')}-800w.${extension}`;

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, task: (item: T) => Promise<unknown>) {
  for (let at = 0; at < items.length; at += width) await Promise.all(items.slice(at, at + width).map(task));
}

describe.each(IMPLEMENTATIONS)('the %s image store', (_kind, open) => {
  let subject: Subject;
  let store: ImageStore;

  beforeAll(async () => {
    subject = await open();
    store = subject.store;
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('gives back the bytes and content type it was given', async () => {
    const webp = { name: newName(), bytes: randomBytes(20_000) };
    const svg = { name: newName('svg'), bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') };
    await store.put(webp.name, webp.bytes, 'image/webp');
    await store.put(svg.name, svg.bytes, 'image/svg+xml');

    const gotWebp = await store.get(webp.name);
    expect(gotWebp?.contentType).toBe('image/webp');
    expect(gotWebp?.bytes.equals(webp.bytes)).toBe(true);
    const gotSvg = await store.get(svg.name);
    expect(gotSvg?.contentType).toBe('image/svg+xml');
    expect(gotSvg?.bytes.toString()).toBe(svg.bytes.toString());
  });

  it('answers a strong ETag that another instance answers too, and that differs for other bytes', async () => {
    const first = newName();
    const second = newName();
    await store.put(first, randomBytes(500), 'image/webp');
    await store.put(second, randomBytes(500), 'image/webp');

    const etag = (await store.get(first))!.etag;
    expect(etag).toMatch(/^"[^"\s]+"$/);
    const elsewhere = subject.another();
    expect((await elsewhere.get(first))!.etag).toBe(etag);
    expect((await store.get(first))!.etag).toBe(etag);
    expect((await store.get(second))!.etag).not.toBe(etag);
  });

  it('knows what it has, and answers null and false for a missing name', async () => {
    const name = newName();
    await store.put(name, randomBytes(100), 'image/webp');
    expect(await store.has(name)).toBe(true);

    const missing = newName();
    expect(await store.get(missing)).toBeNull();
    expect(await store.has(missing)).toBe(false);
  });

  it('deletes, and deleting a missing name is not an error', async () => {
    const name = newName();
    await store.put(name, randomBytes(100), 'image/webp');
    await store.delete(name);
    expect(await store.get(name)).toBeNull();
    expect(await store.has(name)).toBe(false);
    await expect(store.delete(name)).resolves.toBeUndefined();
    await expect(store.delete(newName())).resolves.toBeUndefined();
  });

  it('keeps the first write of a name: a second put is a no-op, not an error', async () => {
    const name = newName();
    const original = randomBytes(300);
    await store.put(name, original, 'image/webp');
    await expect(store.put(name, randomBytes(300), 'image/webp')).resolves.toBeUndefined();
    expect((await store.get(name))!.bytes.equals(original)).toBe(true);
  });

  it('takes 10 concurrent puts of one name (two instances) as one image, without an error', async () => {
    const name = newName();
    const bytes = randomBytes(5_000);
    const elsewhere = subject.another();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? store : elsewhere).put(name, bytes, 'image/webp')),
    );
    const got = await store.get(name);
    expect(got?.bytes.equals(bytes)).toBe(true);
    const listed: string[] = [];
    for await (const entry of store.list()) if (entry.name === name) listed.push(entry.name);
    expect(listed).toHaveLength(1);
  });

  it('lists every name once, oldest first, across more than one page', async () => {
    const names = Array.from({ length: 1_050 }, () => newName());
    const wanted = new Set(names);
    await inBatches(names, 25, (name) => store.put(name, Buffer.from(name), 'image/webp'));
    const listsBefore = subject.listRequests?.() ?? 0;

    const seen = new Map<string, Date>();
    let previous = 0;
    let ordered = true;
    for await (const { name, storedAt } of store.list()) {
      expect(storedAt).toBeInstanceOf(Date);
      if (storedAt.getTime() < previous) ordered = false;
      previous = storedAt.getTime();
      if (!wanted.has(name)) continue;
      expect(seen.has(name)).toBe(false);
      seen.set(name, storedAt);
    }
    expect(seen.size).toBe(1_050);
    expect(ordered).toBe(true);
    // S3 answers at most 1000 keys a page: the listing followed a continuation token.
    if (subject.listRequests) expect(subject.listRequests() - listsBefore).toBeGreaterThanOrEqual(2);
  });
});

describe('the S3 image store against the stand-in', () => {
  let standIn: S3StandIn;
  let store: ImageStore;

  beforeAll(async () => {
    standIn = await startS3StandIn();
    store = createS3Store(s3Settings(standIn));
  });
  afterAll(async () => {
    standIn.setFault(null);
    await store?.close();
    await standIn?.close();
  });

  it('writes under the prefix, with the content type and a year of immutable caching', async () => {
    const name = newName();
    await store.put(name, randomBytes(64), 'image/webp');
    const object = standIn.objects.get(`images/${name}`);
    expect(object?.contentType).toBe('image/webp');
    expect(object?.cacheControl).toBe(IMAGE_CACHE_CONTROL);
    expect(standIn.objects.has(name)).toBe(false);
  });

  it('answers the ETag S3 gave when it is an MD5', async () => {
    const name = newName();
    const bytes = randomBytes(64);
    await store.put(name, bytes, 'image/webp');
    expect((await store.get(name))!.etag).toBe(standIn.objects.get(`images/${name}`)!.etag);
  });

  it('pages by its page size and lists only names under its prefix', async () => {
    const small = createS3Store(s3Settings(standIn, { prefix: 'paging/' }), { listPageSize: 7 });
    try {
      const names = Array.from({ length: 30 }, () => newName());
      await inBatches(names, 10, (name) => small.put(name, Buffer.from(name), 'image/webp'));
      const before = standIn.requests.filter((r) => r.operation === 'ListObjectsV2').length;
      const listed: string[] = [];
      for await (const { name } of small.list()) listed.push(name);
      expect(listed.sort()).toEqual([...names].sort());
      expect(standIn.requests.filter((r) => r.operation === 'ListObjectsV2').length - before).toBe(5);
    } finally {
      await small.close();
    }
  });

  it.each(['unavailable', 'drop'] as const)(
    'turns a bucket that cannot answer (%s) into an UnavailableError (503), not a missing image',
    async (fault) => {
      const name = newName();
      await store.put(name, randomBytes(64), 'image/webp');
      standIn.setFault(fault);
      const attempts: Array<() => Promise<unknown>> = [
        () => store.get(name),
        () => store.has(name),
        () => store.put(newName(), randomBytes(64), 'image/webp'),
        () => store.delete(name),
        async () => {
          for await (const entry of store.list()) void entry;
        },
      ];
      try {
        for (const attempt of attempts) {
          const error = await attempt().then(
            () => null,
            (caught: unknown) => caught,
          );
          expect(error).toBeInstanceOf(UnavailableError);
          expect((error as UnavailableError).kind).toBe('unavailable');
          expect((error as Error).message).toBe(IMAGES_UNAVAILABLE);
          expect((error as Error).cause).toBeDefined();
        }
      } finally {
        standIn.setFault(null);
      }
      expect(await store.has(name)).toBe(true);
    },
  );

  it('serves /images from the bucket, and answers 503 while the bucket cannot answer', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    imageRoutes(app, store);
    await app.ready();
    try {
      const name = newName();
      await store.put(name, Buffer.from('RIFF....WEBP'), 'image/webp');
      const served = await app.inject(`/images/${name}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
      expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(served.body).toBe('RIFF....WEBP');

      standIn.setFault('unavailable');
      const down = await app.inject(`/images/${name}`);
      expect(down.statusCode).toBe(503);
      expect(down.headers['cache-control']).toBe('no-store');
    } finally {
      standIn.setFault(null);
      await app.close();
    }
  });

  it('reports a missing bucket as a failure (500), not as a missing image', async () => {
    const wrong = createS3Store(s3Settings(standIn, { bucket: 'no-such-bucket' }));
    try {
      const error = await wrong.get(newName()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(UnavailableError);
      expect((error as Error).message).toContain('NoSuchBucket');
    } finally {
      await wrong.close();
    }
  });

  it('makes the ETag from the bytes when the object’s is not an MD5 (multipart, SSE-KMS)', async () => {
    const opaque = await startS3StandIn({ etags: 'opaque' });
    const one = createS3Store(s3Settings(opaque));
    const two = createS3Store(s3Settings(opaque));
    try {
      const name = newName();
      const bytes = randomBytes(1_000);
      await one.put(name, bytes, 'image/webp');
      const md5 = `"${createHash('md5').update(bytes).digest('hex')}"`;
      expect(opaque.objects.get(`images/${name}`)!.etag).not.toBe(md5);
      expect((await one.get(name))!.etag).toBe(md5);
      expect((await two.get(name))!.etag).toBe(md5);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await opaque.close();
    }
  });

  it('stand-in: decodes the aws-chunked body the SDK sends for a stream with a checksum', async () => {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: standIn.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'stand-in-key', secretAccessKey: 'stand-in-secret' },
      requestChecksumCalculation: 'WHEN_SUPPORTED',
    });
    try {
      const bytes = randomBytes(70_000);
      await client.send(
        new PutObjectCommand({
          Bucket: standIn.bucket,
          Key: 'chunked/object.bin',
          Body: Readable.from([bytes.subarray(0, 30_000), bytes.subarray(30_000)]),
          ContentLength: bytes.length,
        }),
      );
      expect(standIn.objects.get('chunked/object.bin')?.bytes.equals(bytes)).toBe(true);
    } finally {
      client.destroy();
    }
  });
});
