/**
 * The default image store (decision 0030): one row per image in the `images` table of the shop's
 * own database, PostgreSQL or PGlite. Every instance on one DATABASE_URL sees every image, and the
 * database backup holds them, with nothing to copy by hand.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { images } from '../../db/schema.js';
import type { ImageStore, StoredImage } from './store.js';

/** Names per page of `list()`: names and dates only, never the bytes. */
const LIST_PAGE = 500;

/** The strong ETag of some bytes: their quoted SHA-256, base64url (the catalogue's ETag format). */
export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

export function createDatabaseImageStore(db: Database): ImageStore {
  return {
    kind: 'database',

    async put(name, bytes, contentType) {
      // A name's bytes never change: the first write wins, and a concurrent second one is a no-op.
      await db
        .insert(images)
        .values({ name, contentType, bytes, size: bytes.length, etag: etagOf(bytes) })
        .onConflictDoNothing({ target: images.name });
    },

    async get(name): Promise<StoredImage | null> {
      const [row] = await db
        .select({ bytes: images.bytes, contentType: images.contentType, etag: images.etag })
        .from(images)
        .where(eq(images.name, name));
      return row ?? null;
    },

    async has(name) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(images)
        .where(eq(images.name, name));
      return row !== undefined;
    },

    async delete(name) {
      await db.delete(images).where(eq(images.name, name));
    },

    async *list() {
      // Keyset pages by (created_at, name): each page starts after the last row of the one before,
      // so rows added or removed meanwhile never shift a page.
      let after: { createdAt: Date; name: string } | undefined;
      for (;;) {
        const page = await db
          .select({ name: images.name, createdAt: images.createdAt })
          .from(images)
          .where(
            after
              ? or(
                  gt(images.createdAt, after.createdAt),
                  and(eq(images.createdAt, after.createdAt), gt(images.name, after.name)),
                )
              : undefined,
          )
          .orderBy(asc(images.createdAt), asc(images.name))
          .limit(LIST_PAGE);
        for (const row of page) yield { name: row.name, storedAt: row.createdAt };
        if (page.length < LIST_PAGE) return;
        after = page[page.length - 1];
      }
    },

    async close() {
      // The database belongs to the app, which closes it.
    },
  };
}
