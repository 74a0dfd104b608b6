/**
 * What a page request is, before anything is rendered (decision 0041): a redirect to its canonical
 * path, a path no page can have, a page the cache may answer (and under which key), or a render of
 * its own that is never kept.
 *
 * The cache keys a page by its canonical path alone. Query parameters do not take part: a page's
 * server render reads none of them but those listed in PAGE_QUERY_PARAMS, so `/shop?utm_source=x`
 * or `/shop?cb=123` is the very page `/shop` is, and is answered from the cache. A request that
 * carries a parameter its page does read is rendered for it and not kept: each value would
 * otherwise be one more key to fill the cache with.
 */

/**
 * The query parameters each page's server render reads, by canonical path: the one list of them.
 * Parameters read only in the browser are not here, since the server's bytes do not depend on them:
 * the cart restore link's `restoreCart` and `token` (features/cart/restore-cart.ts), the `token` of
 * the reset-password, verify-email and newsletter confirmation links (features/account/email-links.ts),
 * Stripe's return to the payment step (its clientLoader), the admin dashboard's tab and list state
 * (its clientLoader), and every marketing tag (utm_*, gclid, fbclid…).
 */
export const PAGE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  // A number the lookup form sent before the scripts loaded is written into its field.
  '/track-orders': ['order'],
  // Catalogue search (decision 0064): every search is its own render, never kept.
  '/search': ['q', 'category', 'diet', 'sort', 'page'],
};

/**
 * Parameters the server render of every page under a path prefix reads: a product page's `preview`
 * link (decision 0065) shows a draft to whoever holds it, and must never be kept or served from the
 * cache.
 */
export const PAGE_QUERY_PARAMS_UNDER: Readonly<Record<string, readonly string[]>> = {
  '/products/': ['preview'],
};

/**
 * React Router's own requests read their query and are never kept: data requests
 * (`/shop.data?_routes=…`) and lazy route discovery (`/__manifest?p=…&version=…`, which answers 204
 * and makes the browser reload when its `version` is not the build's: without the query, every
 * client-side navigation to a route not yet discovered would fail).
 */
const DATA_REQUEST = /\.data$|^\/__manifest$/;

export type PagePlan =
  /** Same origin, canonical path, the query as it came. */
  | { kind: 'redirect'; status: 301 | 308; location: string }
  | { kind: 'not-found' }
  /** May be answered from the cache under `key`, and is rendered from `key` alone (no query). */
  | { kind: 'cache'; key: string }
  /** Rendered for the request as it is, never kept. */
  | { kind: 'render' };

/**
 * A path with runs of slashes collapsed and no trailing slash (but `/`). Non-canonical spellings of
 * a page (`/shop/`, `/shop//`, `//anything/shop`) would each render the same page under a new key;
 * and an address starting `//` is one React Router would read as naming another host.
 */
export const canonicalPath = (path: string): string => path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');

/**
 * A Location that can only lead to this origin: one slash, then neither a slash nor a backslash
 * (browsers read `//host` and `/\host` as another host). canonicalPath's output always is; this is
 * checked again so a future change to it cannot make an open redirect.
 */
export const isSameOriginPath = (location: string): boolean => /^\/(?![/\\])/.test(location);

export function planPageRequest(method: string, url: string): PagePlan {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? '' : url.slice(at);
  // Browsers turn a backslash in a web address into a slash before sending it, so a raw one comes
  // only from a hand-made request, and `/\host` is read as another host. No page has one.
  if (!path.startsWith('/') || path.includes('\\')) return { kind: 'not-found' };
  const canonical = canonicalPath(path);
  if (canonical !== path) {
    const location = canonical + query;
    if (!isSameOriginPath(location)) return { kind: 'not-found' };
    // 301 for reads, as search engines expect; 308 keeps a form post's method and body.
    return { kind: 'redirect', status: method === 'GET' || method === 'HEAD' ? 301 : 308, location };
  }
  if ((method !== 'GET' && method !== 'HEAD') || DATA_REQUEST.test(path)) return { kind: 'render' };
  const read = [
    ...(PAGE_QUERY_PARAMS[path] ?? []),
    ...Object.entries(PAGE_QUERY_PARAMS_UNDER).flatMap(([prefix, names]) =>
      path.startsWith(prefix) ? names : [],
    ),
  ];
  if (read.length > 0 && query) {
    const params = new URLSearchParams(query);
    if (read.some((name) => params.has(name))) return { kind: 'render' };
  }
  return { kind: 'cache', key: path };
}

/**
 * The path a rendered page names as its canonical address (`<link rel="canonical">`, src/web/seo.ts),
 * or null. A page is kept only under that path: React Router matches paths without regard to case
 * and decodes them, so `/SHOP` or `/sh%6Fp` render the shop too, and must not each become a key.
 */
export function declaredCanonicalPath(html: string): string | null {
  const href = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  if (!href) return null;
  try {
    return new URL(href.replaceAll('&amp;', '&')).pathname;
  } catch {
    return null;
  }
}
