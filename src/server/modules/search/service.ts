/**
 * Catalogue search (docs/product.md, Search; decision 0064). PostgreSQL finds and ranks the matching
 * products: full-text search over the products' weighted words (search_vector) and their category's
 * name, the last word as a prefix, and pg_trgm's strict word similarity over their names for typos. The rest (filters, sorts, pages, highlights) is worked in memory on the
 * catalogue snapshot, with the rules of domain/search.ts, so a result is exactly the product the shop
 * shows, and a hidden one, which the snapshot does not hold, can never be one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Category, Product } from '../../../domain/catalog.js';
import {
  correctedQuery,
  DEFAULT_SEARCH_SORT,
  DIETS,
  dietsOf,
  FUZZY_MIN_TERM_LENGTH,
  highlightRanges,
  SEARCH_PAGE_SIZE,
  sortResults,
  type DietKey,
} from '../../../domain/search.js';
import {
  searchQuerySchema,
  type SearchAnswer,
  type SearchParams,
  type SearchQuery,
} from '../../../domain/search-schemas.js';
import type { Database } from '../../db/client.js';
import type { CatalogCache, CatalogSnapshot } from '../catalog/cache.js';

export interface SearchService {
  search(query: SearchQuery): Promise<SearchAnswer>;
  /** The /search page: the query string checked by the API's schema; a problem comes back as its message. */
  searchParams(params: SearchParams): Promise<{ answer: SearchAnswer } | { problem: string }>;
}

/** At most this many matches are ranked; a query matching more is too vague to page through. */
const MATCH_LIMIT = 1_000;
/** A suggested word or product name is at least this similar to what was typed (pg_trgm's default). */
const SUGGESTION_SIMILARITY = 0.3;
const MAX_SUGGESTIONS = 4;

/** The rows of a raw query; node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A term as a tsquery: quoted (terms are letters and digits only), the last one a prefix. */
const tsqueryOf = (term: string, prefix: boolean) => `'${term}'${prefix ? ':*' : ''}`;

/**
 * One term's condition: a stop word ('the', 'with') has an empty tsquery and is ignored; any other
 * word matches the product's words or its category's name (stemmed; the last as a prefix), or, from
 * FUZZY_MIN_TERM_LENGTH letters, a word of its name that pg_trgm finds near enough (`<<%`, the
 * strict word similarity threshold, 0.5). Typos are forgiven in names only: matching every word of
 * the whole text by trigrams cost 0.4 s a query on 1,000 products in PGlite (decision 0064).
 */
function termCondition(term: string, prefix: boolean): SQL {
  const tq = sql`to_tsquery('english', ${tsqueryOf(term, prefix)})`;
  const fuzzy =
    term.length >= FUZZY_MIN_TERM_LENGTH ? sql` or (numnode(${tq}) > 0 and ${term} <<% p.name)` : sql``;
  return sql`(numnode(${tq}) = 0 or p.search_vector @@ ${tq} or c.vector @@ ${tq}${fuzzy})`;
}

/**
 * Relevance: the full-text rank of each term, plus how closely the name matches the whole query
 * (an exact name first, then a name that starts with it), plus each long term's nearness to a word
 * of the name (a typo of the name still ranks above a word deep in the description).
 */
function rankOf(text: string, terms: readonly string[]): SQL {
  const parts = terms.map((term, i) => {
    const tq = sql`to_tsquery('english', ${tsqueryOf(term, i === terms.length - 1)})`;
    const fuzzy =
      term.length >= FUZZY_MIN_TERM_LENGTH ? sql` + strict_word_similarity(${term}, p.name)` : sql``;
    return sql`ts_rank(p.search_vector, ${tq}) + ts_rank(c.vector, ${tq}) * 0.5${fuzzy}`;
  });
  const lower = text.toLowerCase();
  return sql`(case when lower(p.name) = ${lower} then 10 when starts_with(lower(p.name), ${lower}) then 4 else 0 end
    + word_similarity(${lower}, lower(p.name)) + ${sql.join(parts, sql` + `)})`;
}

/** The ids of the active products matching every term, best first, with their rank. */
async function matches(db: Database, text: string, terms: readonly string[]) {
  const conditions = terms.map((term, i) => termCondition(term, i === terms.length - 1));
  // Stop words alone ('the') would match everything: at least one word must be more than that.
  const words = sql.join(
    terms.map((term, i) => sql`numnode(to_tsquery('english', ${tsqueryOf(term, i === terms.length - 1)}))`),
    sql` + `,
  );
  const rows = rowsOf<{ id: number; rank: number }>(
    await db.execute(sql`
    with c as (select id, to_tsvector('english', name) as vector from categories)
    select p.id, ${rankOf(text, terms)}::float8 as rank
    from products p join c on c.id = p.category_id
    where p.is_active and ${words} > 0 and ${sql.join(conditions, sql` and `)}
    order by rank desc, p.id
    limit ${MATCH_LIMIT}`),
  );
  return rows.map((row) => ({ id: Number(row.id), rank: Number(row.rank) }));
}

/** For each term, the word of the shop's product and category names nearest to it, if any is near. */
async function corrections(db: Database, terms: readonly string[]): Promise<Map<string, string>> {
  const rows = rowsOf<{ term: string; word: string }>(
    await db.execute(sql`
    with words as (
      select distinct lower(w) as word
      from products p join categories c on c.id = p.category_id,
        regexp_split_to_table(p.name || ' ' || c.name, '[^[:alnum:]]+') as w
      where p.is_active and length(w) >= 3
    ), terms as (
      select t, n from unnest(string_to_array(${terms.join(' ')}, ' ')) with ordinality as u(t, n)
    )
    select distinct on (terms.n) terms.t as term, words.word
    from terms join words on similarity(words.word, terms.t) >= ${SUGGESTION_SIMILARITY}
    order by terms.n, similarity(words.word, terms.t) desc, words.word`),
  );
  return new Map(rows.filter((row) => row.word !== row.term).map((row) => [row.term, row.word]));
}

/** Active products' names near the whole query (pg_trgm word similarity), nearest first. */
async function nearNames(db: Database, text: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
    select p.name from products p
    where p.is_active and word_similarity(${text.toLowerCase()}, lower(p.name)) >= ${SUGGESTION_SIMILARITY}
    order by word_similarity(${text.toLowerCase()}, lower(p.name)) desc, p.name
    limit ${MAX_SUGGESTIONS}`),
  );
  return rows.map((row) => row.name);
}

/** What search reads of one catalogue snapshot, worked out once per snapshot. */
interface Lookup {
  byId: Map<number, { product: Product; position: number; diets: DietKey[] }>;
  categories: readonly Category[];
}

export function createSearchService(db: Database, cache: CatalogCache): SearchService {
  const lookups = new WeakMap<CatalogSnapshot, Lookup>();
  const lookup = (snapshot: CatalogSnapshot): Lookup => {
    let found = lookups.get(snapshot);
    if (!found) {
      found = {
        byId: new Map(
          snapshot.products.map((product, position) => [
            product.id,
            { product, position, diets: dietsOf(product) },
          ]),
        ),
        categories: snapshot.categories,
      };
      lookups.set(snapshot, found);
    }
    return found;
  };

  async function suggestionsFor(text: string, terms: readonly string[], snapshot: CatalogSnapshot) {
    const found = await corrections(db, terms);
    const suggestions: string[] = [];
    const corrected = correctedQuery(terms, found);
    // Offered only when it finds something.
    if (found.size > 0 && (await matches(db, corrected, corrected.split(' '))).length > 0)
      suggestions.push(corrected);
    const { byId } = lookup(snapshot);
    for (const name of await nearNames(db, text)) {
      if (suggestions.length >= MAX_SUGGESTIONS) break;
      const shown = [...byId.values()].some(({ product }) => product.name === name);
      if (shown && !suggestions.some((s) => s.toLowerCase() === name.toLowerCase())) suggestions.push(name);
    }
    return suggestions;
  }

  async function search({ q, category, diet, sort, page }: SearchQuery): Promise<SearchAnswer> {
    const [snapshot, matched] = await Promise.all([cache.snapshot(), matches(db, q.text, q.terms)]);
    const { byId, categories } = lookup(snapshot);
    // Matches the snapshot does not show (hidden since, or not yet in it) are left out.
    const found = matched.flatMap(({ id, rank }) => {
      const entry = byId.get(id);
      return entry ? [{ ...entry, rank }] : [];
    });
    const inCategory = (entry: (typeof found)[number]) =>
      category === undefined || entry.product.category_slug === category;
    const withDiets = (entry: (typeof found)[number]) => diet.every((key) => entry.diets.includes(key));
    const filtered = found.filter((entry) => inCategory(entry) && withDiets(entry));
    const chosenSort = sort ?? DEFAULT_SEARCH_SORT;
    const sorted = sortResults(filtered, chosenSort);
    const start = (page - 1) * SEARCH_PAGE_SIZE;
    return {
      query: q.text,
      total: filtered.length,
      page,
      page_size: SEARCH_PAGE_SIZE,
      sort: chosenSort,
      category: category ?? null,
      diet,
      results: sorted.slice(start, start + SEARCH_PAGE_SIZE).map(({ product }) => ({
        product,
        highlights: {
          name: highlightRanges(product.name, q.terms),
          description: highlightRanges(product.description, q.terms),
        },
      })),
      suggestions: found.length === 0 ? await suggestionsFor(q.text, q.terms, snapshot) : [],
      facets: {
        categories: categories
          .map((c) => ({
            slug: c.slug,
            name: c.name,
            count: found.filter((entry) => entry.product.category_slug === c.slug && withDiets(entry)).length,
          }))
          .filter((c) => c.count > 0 || c.slug === category),
        diets: DIETS.map(({ key, label }) => ({
          key,
          label,
          count: found.filter((entry) => inCategory(entry) && entry.diets.includes(key)).length,
        })),
      },
    };
  }

  return {
    search,
    async searchParams(params) {
      const parsed = searchQuerySchema.safeParse(params);
      if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Invalid search' };
      return { answer: await search(parsed.data) };
    },
  };
}
