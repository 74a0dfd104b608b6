/**
 * Rendered pages, kept per canonical path (http/page-keys.ts, decision 0041). Public pages look the
 * same for everyone (the signed-in view appears after hydration) and change with the catalogue, so a
 * page rendered once serves every visitor until the catalogue's version moves, or for at most
 * `maxAgeMs` (a safety net for anything else a page shows). Inline scripts are allowed by their
 * hashes (decision 0032), so a kept page is the very same bytes for everyone: it is compressed once,
 * with brotli and gzip, when it is kept.
 *
 * Visitors who ask for a page while it is being rendered wait for that render instead of starting
 * their own, and use it if it turned out to be a page that may be kept.
 */

/** A rendered response, ready to be sent again as it is. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  cookies: string[];
  /** The body as sent, uncompressed. */
  bytes: Buffer;
  /** The page's Content-Security-Policy (naming its inline scripts' hashes); null for a non-page. */
  csp: string | null;
  /** Weak ETag of a complete page; '' for anything else. */
  etag: string;
  /** A complete public page (200, no cookie, public caching) that every visitor may be sent. */
  cacheable: boolean;
  /** The body compressed once, set when the page is kept. */
  compressed?: { br: Buffer; gzip: Buffer };
}

/** How a response was made: `hit` came from the cache, `miss` was rendered and kept, `bypass` not kept. */
export type PageCacheOutcome = 'hit' | 'miss' | 'bypass';

export function createPageCache({
  maxAgeMs,
  maxEntries,
  compress,
}: {
  maxAgeMs: number;
  maxEntries: number;
  /** Makes the compressed forms of a page about to be kept. */
  compress: (bytes: Buffer) => Promise<{ br: Buffer; gzip: Buffer }>;
}) {
  /** Kept pages by path, with the catalogue version each was rendered from. */
  const pages = new Map<string, { page: RenderedPage; version: number; renderedAt: number }>();
  const rendering = new Map<string, Promise<RenderedPage>>();

  function fresh(path: string, version: number, now: number): RenderedPage | undefined {
    const kept = pages.get(path);
    if (!kept) return undefined;
    if (kept.version !== version || now - kept.renderedAt > maxAgeMs) {
      pages.delete(path);
      return undefined;
    }
    return kept.page;
  }

  function keep(path: string, page: RenderedPage, version: number, renderedAt: number): void {
    // Paths that render 200 are bounded by the catalogue; the cap guards against surprises.
    if (!pages.has(path) && pages.size >= maxEntries) {
      const oldest = pages.keys().next();
      if (!oldest.done) pages.delete(oldest.value);
    }
    pages.set(path, { page, version, renderedAt });
  }

  return {
    /**
     * The page for `path` at catalogue `version`: from the cache, from a render of it already under
     * way, or from `render()`, kept (and compressed) when every visitor may be sent it.
     */
    async serve(
      path: string,
      version: number,
      render: () => Promise<RenderedPage>,
    ): Promise<{ page: RenderedPage; outcome: PageCacheOutcome }> {
      const cached = fresh(path, version, Date.now());
      if (cached) return { page: cached, outcome: 'hit' as const };
      const key = `${version} ${path}`;
      const underway = rendering.get(key);
      if (underway) {
        const shared = await underway.catch(() => undefined);
        if (shared?.cacheable) return { page: shared, outcome: 'hit' as const };
        // Not a page for everyone (or the render failed): this visitor gets a render of their own.
        return { page: await render(), outcome: 'bypass' as const };
      }
      const attempt = (async () => {
        const renderedAt = Date.now();
        const page = await render();
        if (page.cacheable) {
          page.compressed = await compress(page.bytes);
          keep(path, page, version, renderedAt);
        }
        return page;
      })();
      rendering.set(key, attempt);
      try {
        const page = await attempt;
        return { page, outcome: page.cacheable ? ('miss' as const) : ('bypass' as const) };
      } finally {
        rendering.delete(key);
      }
    },
    /**
     * Whether a page is kept for `key` at `version`: what the per-client render limit leaves uncounted
     * (web.ts). Not a render under way: it may turn out not to be kept, and then each visitor who
     * waited for it renders their own.
     */
    has(key: string, version: number): boolean {
      return fresh(key, version, Date.now()) !== undefined;
    },
    get size() {
      return pages.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
