/**
 * Preview links of draft products (decision 0065): `/products/{slug}?preview={token}` shows the
 * product as shoppers would see it once active, to whoever holds the link, until it expires. The
 * public pages are cached and do not know who asks (the session is in the browser), so the link
 * carries its own proof: the product's id and an expiry, signed under the shop's key.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { keyedMac } from '../../db/signing-keys.js';

/** How long a preview link works. */
export const PREVIEW_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** A token is short: anything longer is not one of ours, and is refused before any work. */
const MAX_TOKEN_LENGTH = 200;

export interface PreviewLinks {
  sign(productId: number, now?: Date): Promise<{ token: string; expiresAt: Date }>;
  /** The product id a token this shop signed names, while it has not expired; else null. */
  verify(token: string, now?: Date): Promise<number | null>;
}

export function createPreviewLinks(db: Pick<Database, 'insert' | 'select'>): PreviewLinks {
  const mac = keyedMac(db, 'product-preview-links');
  return {
    async sign(productId, now = new Date()) {
      const expiresAt = new Date(now.getTime() + PREVIEW_LINK_TTL_MS);
      const body = `${productId}.${Math.floor(expiresAt.getTime() / 1000)}`;
      return { token: `${body}.${(await mac(body)).toString('base64url')}`, expiresAt };
    },
    async verify(token, now = new Date()) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const match = /^(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, id, expires, signature] = match as unknown as [string, string, string, string];
      const given = Buffer.from(signature, 'base64url');
      const expected = await mac(`${id}.${expires}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Number(expires) * 1000 <= now.getTime()) return null;
      return Number(id);
    },
  };
}
