/**
 * Rendered pages, kept per path. Public pages look the same for everyone (the signed-in view appears
 * after hydration) and change with the catalogue, so a page rendered once serves every visitor until
 * the catalogue's version moves, or for at most `maxAgeMs` (a safety net for anything else a page
 * shows). Each render used a placeholder nonce of its own, swapped for the request's fresh CSP nonce
 * on the way out: the policy still names a nonce no other response has had.
 */
import { randomBytes } from 'node:crypto';

/** A rendered response, ready to be sent again with a fresh nonce. */
export interface RenderedPage {
  /** The catalogue version the page was rendered from. */
  version: number;
  renderedAt: number;
  status: number;
  headers: [string, string][];
  cookies: string[];
  /** The body as rendered (a resource route's, an error page's). */
  bytes: Buffer;
  /** The body of an HTML page, with `placeholder` wherever the nonce goes; null for anything else. */
  html: string | null;
  placeholder: string;
  /** Weak ETag of a complete page, computed without the nonce; '' for anything else. */
  etag: string;
  /** A complete public page (200, no cookie, public caching) that every visitor may be sent. */
  cacheable: boolean;
}

/** A nonce that appears nowhere else in a page: 128 random bits, base64 like a real one. */
export const placeholderNonce = () => randomBytes(16).toString('base64');

export function createPageCache({ maxAgeMs, maxEntries }: { maxAgeMs: number; maxEntries: number }) {
  const pages = new Map<string, RenderedPage>();
  return {
    /** The page for this path if it was rendered from `version` recently enough. */
    get(path: string, version: number, now = Date.now()): RenderedPage | undefined {
      const page = pages.get(path);
      if (!page) return undefined;
      if (page.version !== version || now - page.renderedAt > maxAgeMs) {
        pages.delete(path);
        return undefined;
      }
      return page;
    },
    set(path: string, page: RenderedPage): void {
      // Paths that render 200 are bounded by the catalogue; the cap guards against surprises.
      if (!pages.has(path) && pages.size >= maxEntries) {
        const oldest = pages.keys().next();
        if (!oldest.done) pages.delete(oldest.value);
      }
      pages.set(path, page);
    },
    get size() {
      return pages.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Only plain GETs of a path without a query are kept: a query may carry a secret (a restore link). */
export const isCacheablePageRequest = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && !url.includes('?');
