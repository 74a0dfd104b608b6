/**
 * HMAC-SHA256 under a key the shop makes at first use and keeps in the database (`signing_keys`),
 * one per purpose and the same for every instance: for links that must work without signing in
 * (unsubscribe links, decision 0042; product preview links, decision 0065).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.js';
import { signingKeys } from './schema.js';

/** A function that signs `body` under the purpose's key, loading (or making) the key once. */
export function keyedMac(
  db: Pick<Database, 'insert' | 'select'>,
  purpose: string,
): (body: string) => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;

  /** The key, made once by whichever instance asks first; the others read the same row. */
  async function loadKey(): Promise<Buffer> {
    await db
      .insert(signingKeys)
      .values({ purpose, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(signingKeys).where(eq(signingKeys.purpose, purpose));
    if (!row) throw new Error('signing key missing after insert');
    return Buffer.from(row.secret, 'base64url');
  }
  const secret = () => {
    key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return async (body) =>
    createHmac('sha256', await secret())
      .update(body)
      .digest();
}
