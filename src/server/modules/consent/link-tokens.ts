/**
 * The signed tokens of unsubscribe links (decision 0042). A link must work without signing in and
 * for at least 60 days, and must not let anyone unsubscribe an address they did not receive mail at:
 * so it carries the address, when it was made and an id of its own, signed with HMAC-SHA256 under a
 * key the shop makes at first use and keeps in the database (`signing_keys`), the same for every
 * instance (db/signing-keys.ts). The id makes each link work once (the withdrawal records it).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { keyedMac } from '../../db/signing-keys.js';

const PURPOSE = 'unsubscribe-links';

export interface LinkClaims {
  /** The address, lower-cased. */
  email: string;
  /** When the link was made. */
  issuedAt: Date;
  /** The link's own id. */
  id: string;
}

export type VerifiedLink = { ok: true; claims: LinkClaims } | { ok: false };

export interface LinkTokens {
  sign(email: string, now?: Date): Promise<string>;
  /** The claims of a token this shop signed, or not ok for anything else (forged, damaged). */
  verify(token: string): Promise<VerifiedLink>;
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

export function createLinkTokens(db: Pick<Database, 'insert' | 'select'>): LinkTokens {
  const mac = keyedMac(db, PURPOSE);

  return {
    async sign(email, now = new Date()) {
      const body = b64(
        Buffer.from(
          JSON.stringify({
            e: email.trim().toLowerCase(),
            i: Math.floor(now.getTime() / 1000),
            n: b64(randomBytes(12)),
          }),
        ),
      );
      return `${body}.${b64(await mac(body))}`;
    },

    async verify(token) {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return { ok: false };
      const given = Buffer.from(signature, 'base64url');
      const expected = await mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
        const { e, i, n } = claims;
        if (typeof e !== 'string' || typeof i !== 'number' || typeof n !== 'string') return { ok: false };
        return { ok: true, claims: { email: e, issuedAt: new Date(i * 1000), id: n } };
      } catch {
        return { ok: false };
      }
    },
  };
}
