/**
 * The catalogue cache. The public catalogue (active products and categories) is read on every page and
 * API call but changes only when an admin edits it, so each instance keeps one snapshot of it in
 * memory, with every public answer serialized and compressed once, and a strong ETag.
 *
 * Freshness across instances: statement triggers bump `catalog_state.version` whenever a catalogue
 * table changes, whoever writes (migration 0004). An instance compares its snapshot's version with the
 * database at most once per `checkEveryMs` (one tiny query, shared by every request waiting on it)
 * and rebuilds when it moved; `expire()` makes the next read check at once, which the admin routes call
 * after a write so the writing instance shows the change immediately. Other instances follow within
 * `checkEveryMs` (1 s by default). See docs/decisions/0018-catalogue-cache.md.
 *
 * When the check fails (the database is unreachable or timing out), the last snapshot keeps being
 * served and the check is tried again after `checkEveryMs` (decision 0020).
 */
import { eq } from 'drizzle-orm';
import type { Category, Product } from '../../../domain/catalog.js';
import type { Database } from '../../db/client.js';
import { buildRepresentation, type Representation } from '../../http/representation.js';
import { catalogState } from '../../db/schema.js';
import type { CatalogService } from './service.js';

/** What the catalogue cache answers a public read from. */
export interface CatalogSnapshot {
  version: number;
  products: readonly Product[];
  categories: readonly Category[];
  productBySlug: ReadonlyMap<string, Product>;
  categoryBySlug: ReadonlyMap<string, Category>;
  /** The answer for `key`, built (serialized and compressed) the first time it is asked for. */
  representation(key: string, value: unknown): Promise<Representation>;
}

export interface CatalogCache {
  /** The current snapshot; reads the version at most once per interval, rebuilds when it moved. */
  snapshot(): Promise<CatalogSnapshot>;
  /** The next read checks the database's version first (after a write on this instance). */
  expire(): void;
}

/** Deep-freezes what every request shares, so no page or route can change it for the others. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

export function createCatalogCache(
  db: Database,
  source: Pick<CatalogService, 'listProducts' | 'listCategories'>,
  {
    checkEveryMs,
    onStale,
    onFresh,
  }: {
    checkEveryMs: number;
    /** The check failed and the last snapshot was served instead (for the log). */
    onStale?: (error: unknown) => void;
    /** A check succeeded (the database answers again). */
    onFresh?: () => void;
  },
): CatalogCache {
  let current: CatalogSnapshot | null = null;
  let checkedAt = -Infinity;
  let pending: Promise<CatalogSnapshot> | null = null;
  /** Counts expire() calls: a check that began before one must not count as fresh after it. */
  let expiries = 0;
  let pendingExpiries = 0;

  const readVersion = async () => {
    const [row] = await db
      .select({ version: catalogState.version })
      .from(catalogState)
      .where(eq(catalogState.id, 1));
    return row?.version ?? 0;
  };

  async function build(version: number): Promise<CatalogSnapshot> {
    // The version is read before the rows, so the rows are at least as new as the version they carry:
    // a change committed in between is seen again at the next check, never missed.
    const [products, categories] = await Promise.all([source.listProducts(), source.listCategories()]);
    deepFreeze(products);
    deepFreeze(categories);
    const representations = new Map<string, Promise<Representation>>();
    return {
      version,
      products,
      categories,
      productBySlug: new Map(products.map((product) => [product.slug, product])),
      categoryBySlug: new Map(categories.map((category) => [category.slug, category])),
      representation(key, value) {
        let found = representations.get(key);
        if (!found) {
          found = buildRepresentation(value);
          representations.set(key, found);
          // A failure is not kept: the next request tries again.
          found.catch(() => representations.delete(key));
        }
        return found;
      },
    };
  }

  async function refresh(): Promise<CatalogSnapshot> {
    const startedAt = performance.now();
    const expiriesAtStart = expiries;
    let snapshot: CatalogSnapshot;
    try {
      const version = await readVersion();
      snapshot = current && current.version === version ? current : await build(version);
    } catch (error) {
      // Degrade, don't fall: with the database away the storefront keeps showing the catalogue it
      // last saw, and tries again after the usual interval rather than on every request.
      if (!current) throw error;
      onStale?.(error);
      checkedAt = startedAt;
      return current;
    }
    onFresh?.();
    current = snapshot;
    if (expiries === expiriesAtStart) checkedAt = startedAt;
    return snapshot;
  }

  return {
    snapshot() {
      if (current && performance.now() - checkedAt < checkEveryMs) return Promise.resolve(current);
      // One check at a time; every request that arrives meanwhile waits for the same answer, unless
      // the check began before a write on this instance (then a new one starts).
      if (!pending || pendingExpiries !== expiries) {
        const check = refresh().finally(() => {
          if (pending === check) pending = null;
        });
        pending = check;
        pendingExpiries = expiries;
      }
      return pending;
    },
    expire() {
      expiries += 1;
      checkedAt = -Infinity;
    },
  };
}

/**
 * The catalogue service with its public reads answered from the cache (the storefront's pages, the
 * abandoned-cart pricing); the admin reads, which must see hidden products as they are now, go to
 * the database.
 */
export function cachedCatalog(service: CatalogService, cache: CatalogCache): CatalogService {
  return {
    ...service,
    listProducts: async () => [...(await cache.snapshot()).products],
    getProduct: async (slug) => (await cache.snapshot()).productBySlug.get(slug) ?? null,
    listCategories: async () => [...(await cache.snapshot()).categories],
    getCategory: async (slug) => (await cache.snapshot()).categoryBySlug.get(slug) ?? null,
  };
}
