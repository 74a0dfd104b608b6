/**
 * Catalogue search (docs/product.md, Search; decision 0064). PostgreSQL finds the products whose
 * words match: full-text search over the products' weighted words (search_vector) and their
 * category's name, the last word as a prefix, stemmed, and ranks them by it. Everything about names
 * (typos forgiven with pg_trgm's strict word similarity, how near a name is to the query, "Did you
 * mean") is worked in memory on the catalogue snapshot's names, whose trigrams are cut once per
 * snapshot: pg_trgm did the same in the database at 10 ms a query over 1,000 names in PGlite. Filters,
 * sorts, pages and highlights follow the rules of domain/search.ts on the snapshot too, so a result is
 * exactly the product the shop shows, and a hidden one, which the snapshot does not hold, never is.
 * Answers are kept per snapshot (SEARCH_CACHE_ANSWERS), so a catalogue edit starts afresh.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Category, Product } from '../../../domain/catalog.js';
import {
  correctedQuery,
  DEFAULT_SEARCH_SORT,
  DIETS,
  dietsOf,
  FUZZY_MIN_TERM_LENGTH,
  FUZZY_SIMILARITY,
  createNameIndex,
  wordsOf,
  highlightRanges,
  SEARCH_PAGE_SIZE,
  sortResults,
  wordSimilarity,
  type DietKey,
  type NameIndex,
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
/** Words shorter than this are never offered as a correction. */
const SUGGESTION_MIN_WORD_LENGTH = 3;

/** The rows of a raw query; node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A term as a tsquery: quoted (terms are letters and digits only), the last one a prefix. */
const tsqueryOf = (term: string, prefix: boolean) =>
  sql`to_tsquery('english', ${`'${term}'${prefix ? ':*' : ''}`})`;

/** A shown product as search reads it, worked out once per catalogue snapshot. */
interface Entry {
  product: Product;
  /** Position in the shop's order: the 'featured' sort. */
  position: number;
  diets: DietKey[];
  lowerName: string;
  /** Its name's place in the lookup's NameIndex. */
  index: number;
  /** The words of its category's name, lower case. */
  categoryWords: string[];
}

/** What search reads of one catalogue snapshot, and the answers it gave on it. */
interface Lookup {
  byId: Map<number, Entry>;
  entries: Entry[];
  categories: readonly Category[];
  names: NameIndex;
  /** The words of the shown products' and their categories' names, for "Did you mean". */
  vocabulary: string[];
  answers: Map<string, SearchAnswer>;
}

function lookupOf(snapshot: CatalogSnapshot): Lookup {
  const entries = snapshot.products.map((product, position) => ({
    product,
    position,
    diets: dietsOf(product),
    lowerName: product.name.toLowerCase(),
    index: position,
    categoryWords: wordsOf(product.category.toLowerCase()),
  }));
  const words = new Set<string>();
  for (const { product } of entries) {
    for (const word of wordsOf(`${product.name} ${product.category}`.toLowerCase()))
      if (word.length >= SUGGESTION_MIN_WORD_LENGTH) words.add(word);
  }
  return {
    byId: new Map(entries.map((entry) => [entry.product.id, entry])),
    entries,
    categories: snapshot.categories,
    names: createNameIndex(snapshot.products.map((product) => product.name)),
    vocabulary: [...words].sort(),
    answers: new Map(),
  };
}

/** The shown products a long term (not a stop word) nearly spells a stretch of the name of. */
function nearlySpelled(lookup: Lookup, term: string): number[] {
  if (term.length < FUZZY_MIN_TERM_LENGTH) return [];
  const query = lookup.names.query(term);
  return lookup.entries
    .filter((entry) => lookup.names.similarity(query, entry.index, true) >= FUZZY_SIMILARITY)
    .map((entry) => entry.product.id);
}

/**
 * One term's condition: a stop word ('the', 'with') has an empty tsquery and is ignored; any other
 * word matches the product's words or its category's name (stemmed; the last as a prefix), or, from
 * FUZZY_MIN_TERM_LENGTH letters, is a near spelling of words of its name (nearlySpelled). Typos are
 * forgiven in names only (decision 0064).
 */
function termCondition(term: string, prefix: boolean, fuzzy: readonly number[]): SQL {
  const tq = tsqueryOf(term, prefix);
  const near =
    fuzzy.length > 0
      ? sql` or (numnode(${tq}) > 0 and p.id = any(string_to_array(${fuzzy.join(',')}, ',')::int[]))`
      : sql``;
  return sql`(numnode(${tq}) = 0 or p.search_vector @@ ${tq} or c.vector @@ ${tq}${near})`;
}

/**
 * The active products matching every term, with their full-text rank: each term's rank in the
 * product's words (a match in the category's name is ranked in memory, relevanceOf).
 */
async function matches(db: Database, lookup: Lookup, terms: readonly string[]) {
  const last = terms.length - 1;
  const conditions = terms.map((term, i) => termCondition(term, i === last, nearlySpelled(lookup, term)));
  // Stop words alone ('the') would match everything: at least one word must be more than that.
  const words = sql.join(
    terms.map((term, i) => sql`numnode(${tsqueryOf(term, i === last)})`),
    sql` + `,
  );
  const rank = sql.join(
    terms.map((term, i) => {
      const tq = tsqueryOf(term, i === last);
      return sql`ts_rank(p.search_vector, ${tq})`;
    }),
    sql` + `,
  );
  const rows = rowsOf<{ id: number; rank: number }>(
    await db.execute(sql`
    with c as (select id, to_tsvector('english', name) as vector from categories)
    select p.id, (${rank})::float8 as rank
    from products p join c on c.id = p.category_id
    where p.is_active and ${words} > 0 and ${sql.join(conditions, sql` and `)}
    order by rank desc, p.id
    limit ${MATCH_LIMIT}`),
  );
  return rows.map((row) => ({ id: Number(row.id), rank: Number(row.rank) }));
}

/** What a term found in the category's name adds: about half what `ts_rank` gives one word. */
const CATEGORY_MATCH_RANK = 0.03;

/**
 * Relevance: the full-text rank, plus a little for each term its category's name starts a word with,
 * plus how closely the name matches the whole query (an exact name first, then a name that starts
 * with it, then how near it comes: pg_trgm's word similarity), plus each long term's nearness to words
 * of the name (a typo of the name still ranks above a word deep in the description).
 */
function relevanceOf(
  { names }: Lookup,
  text: string,
  terms: readonly string[],
): (entry: Entry, textRank: number) => number {
  const lower = text.toLowerCase();
  const whole = names.query(lower);
  const long = terms.filter((term) => term.length >= FUZZY_MIN_TERM_LENGTH).map((term) => names.query(term));
  return (entry, textRank) => {
    let rank = textRank + (entry.lowerName === lower ? 10 : entry.lowerName.startsWith(lower) ? 4 : 0);
    for (const term of terms)
      if (entry.categoryWords.some((word) => word.startsWith(term))) rank += CATEGORY_MATCH_RANK;
    rank += names.similarity(whole, entry.index, false);
    for (const term of long) rank += names.similarity(term, entry.index, true);
    return rank;
  };
}

/** For each term, the word of the shown products' and categories' names nearest to it, if any is near. */
function corrections(lookup: Lookup, terms: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const term of terms) {
    let best: { word: string; similarity: number } | undefined;
    for (const word of lookup.vocabulary) {
      const similarity = wordSimilarity(word, term);
      if (similarity >= SUGGESTION_SIMILARITY && similarity > (best?.similarity ?? 0))
        best = { word, similarity };
    }
    if (best && best.word !== term) found.set(term, best.word);
  }
  return found;
}

/** Shown products' names near the whole query (word similarity), nearest first. */
function nearNames(lookup: Lookup, text: string): string[] {
  const query = lookup.names.query(text);
  return lookup.entries
    .map((entry) => ({
      name: entry.product.name,
      similarity: lookup.names.similarity(query, entry.index, false),
    }))
    .filter((near) => near.similarity >= SUGGESTION_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity || a.name.localeCompare(b.name))
    .slice(0, MAX_SUGGESTIONS)
    .map((near) => near.name);
}

export function createSearchService(db: Database, cache: CatalogCache, answersKept: number): SearchService {
  const lookups = new WeakMap<CatalogSnapshot, Lookup>();
  const lookup = (snapshot: CatalogSnapshot): Lookup => {
    let found = lookups.get(snapshot);
    if (!found) {
      found = lookupOf(snapshot);
      lookups.set(snapshot, found);
    }
    return found;
  };

  async function suggestionsFor(lookup: Lookup, text: string, terms: readonly string[]) {
    const found = corrections(lookup, terms);
    const suggestions: string[] = [];
    const corrected = correctedQuery(terms, found);
    // Offered only when it finds something.
    if (
      found.size > 0 &&
      (await matches(db, lookup, corrected.split(' '))).some(({ id }) => lookup.byId.has(id))
    )
      suggestions.push(corrected);
    for (const name of nearNames(lookup, text)) {
      if (suggestions.length >= MAX_SUGGESTIONS) break;
      if (!suggestions.some((s) => s.toLowerCase() === name.toLowerCase())) suggestions.push(name);
    }
    return suggestions;
  }

  async function answer(
    lookup: Lookup,
    { q, category, diet, sort, page }: SearchQuery,
  ): Promise<SearchAnswer> {
    const { byId, categories } = lookup;
    // Matches the snapshot does not show (hidden since, or not yet in it) are left out.
    const relevance = relevanceOf(lookup, q.text, q.terms);
    const found = (await matches(db, lookup, q.terms))
      .flatMap(({ id, rank }) => {
        const entry = byId.get(id);
        return entry ? [{ ...entry, rank: relevance(entry, rank) }] : [];
      })
      .sort((a, b) => b.rank - a.rank || a.product.id - b.product.id);
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
      suggestions: found.length === 0 ? await suggestionsFor(lookup, q.text, q.terms) : [],
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

  /** The answer, from those kept for this snapshot when it was asked for lately (most recent kept last). */
  async function search(query: SearchQuery): Promise<SearchAnswer> {
    const current = lookup(await cache.snapshot());
    const key = JSON.stringify([query.q.text, query.category, query.diet, query.sort, query.page]);
    const kept = current.answers.get(key);
    if (kept) {
      current.answers.delete(key);
      current.answers.set(key, kept);
      return kept;
    }
    const fresh = await answer(current, query);
    if (answersKept > 0) {
      current.answers.set(key, fresh);
      if (current.answers.size > answersKept) current.answers.delete(current.answers.keys().next().value!);
    }
    return fresh;
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
