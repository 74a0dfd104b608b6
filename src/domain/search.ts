/**
 * Catalogue search's rules (docs/product.md, Search; decision 0064): what a query may be and which
 * words it searches for, which products count as gluten-free, grain-free or vegan, the sort orders
 * (a table: one entry per order), and where a result's text is highlighted. Pure: the server's search
 * service and the results page both use it; zod stays in search-schemas.ts.
 */
import type { Product } from './catalog.js';

import { SEARCH_QUERY_MAX_LENGTH } from './search-limits.js';

/** Longest query accepted; longer ones are refused with SEARCH_MESSAGES.tooLong. */
export { SEARCH_QUERY_MAX_LENGTH };
/** Words of a query searched for; the rest are ignored (a query is a few words, not a paragraph). */
export const SEARCH_MAX_TERMS = 8;
/** Results per page. */
export const SEARCH_PAGE_SIZE = 24;
/** Shorter words are matched exactly or as a prefix, never fuzzily: 'nut' is not a typo of 'oat'. */
export const FUZZY_MIN_TERM_LENGTH = 4;
/**
 * A word counts as a typo of a query word from this trigram similarity on (pg_trgm's
 * strict_word_similarity threshold, 0.5 by default, which the database applies with `<<%`).
 */
export const FUZZY_SIMILARITY = 0.5;

export const SEARCH_MESSAGES = {
  empty: 'Type a word to search for.',
  tooLong: `Searches are limited to ${SEARCH_QUERY_MAX_LENGTH} characters; shorten yours.`,
  control: 'The search contains a control character; type letters, numbers and spaces only.',
  noWords: 'Search for at least one letter or number.',
  category: 'category: must be the slug of a category, e.g. granola.',
  diet: 'diet: must be gluten-free, grain-free or vegan.',
  sort: 'sort: must be relevance, featured, price-asc, price-desc or rating.',
  page: 'page: must be a whole number from 1 to 1000.',
} as const;

// Tab and line breaks (pasted text) read as spaces; any other control character, NUL included, is refused.
const LINE_SPACE = /[\t\n\r]/g;
const CONTROL = /\p{Cc}/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const WORD = /[\p{L}\p{N}]+/gu;

export type SearchText = { ok: true; text: string; terms: string[] } | { ok: false; message: string };

/**
 * A query as typed, checked: trimmed, at most SEARCH_QUERY_MAX_LENGTH characters, no control
 * characters or broken UTF-16; its terms are its words (letters and digits) in lower case, so SQL,
 * tsquery and regex metacharacters (`' % _ \ & | ! ( ) : * .`) only ever separate words.
 */
export function checkSearchText(raw: string): SearchText {
  const spaced = raw.replace(LINE_SPACE, ' ');
  if (CONTROL.test(spaced)) return { ok: false, message: SEARCH_MESSAGES.control };
  if (LONE_SURROGATE.test(spaced)) return { ok: false, message: SEARCH_MESSAGES.noWords };
  const text = spaced.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (text === '') return { ok: false, message: SEARCH_MESSAGES.empty };
  if (text.length > SEARCH_QUERY_MAX_LENGTH) return { ok: false, message: SEARCH_MESSAGES.tooLong };
  const terms = [...new Set(text.toLowerCase().match(WORD) ?? [])].slice(0, SEARCH_MAX_TERMS);
  if (terms.length === 0) return { ok: false, message: SEARCH_MESSAGES.noWords };
  return { ok: true, text, terms };
}

/** What the dietary rules read of a product. */
export type DietFacts = Pick<Product, 'features' | 'allergens' | 'ingredients'> & {
  nutrition: Pick<Product['nutrition'], 'gluten_free' | 'grain_free'>;
};

const claims = (p: DietFacts, claim: RegExp) => p.features.some((feature) => claim.test(feature));
const mentions = (list: readonly string[], words: RegExp) => list.some((item) => words.test(item));

const GLUTEN = /\b(wheat|barley|rye|spelt|gluten)\b/i;
const GRAINS = /\b(oats?|wheat|barley|rye|spelt|rice|corn|millet|quinoa)\b/i;
// "May contain milk" counts: the shop does not call a product vegan that shares a kitchen with milk
// and eggs (the energy bites' FAQ says so).
const ANIMAL = /\b(milk|eggs?|whey|casein|butter(?! *\()|honey|gelatin|collagen|yogh?urt|cheese|cream)\b/i;

/**
 * The dietary filters, in the order the page offers them. A product passes only where its data says
 * so: the nutrition flag or a feature claims it, and nothing in its ingredients or allergens
 * contradicts the claim (oats are gluten-free only when certified, and never grain-free).
 */
export const DIETS = [
  {
    key: 'gluten-free',
    label: 'Gluten-free',
    test: (p: DietFacts) =>
      (p.nutrition.gluten_free === true || claims(p, /\bgluten[- ]free\b/i)) &&
      !mentions(p.allergens, GLUTEN) &&
      !p.ingredients.some((i) => GLUTEN.test(i) && !/gluten[- ]free/i.test(i)),
  },
  {
    key: 'grain-free',
    label: 'Grain-free',
    test: (p: DietFacts) =>
      (p.nutrition.grain_free === true || claims(p, /\bgrain[- ]free\b/i)) &&
      p.nutrition.grain_free !== false &&
      !mentions(p.ingredients, GRAINS),
  },
  {
    key: 'vegan',
    label: 'Vegan',
    // Plant-based protein is not a vegan claim; only the word is.
    test: (p: DietFacts) =>
      claims(p, /\bvegan\b/i) && !mentions(p.allergens, ANIMAL) && !mentions(p.ingredients, ANIMAL),
  },
] as const;

export type DietKey = (typeof DIETS)[number]['key'];
export const DIET_KEYS = DIETS.map((diet) => diet.key) as [DietKey, ...DietKey[]];

/** The dietary filters a product passes. */
export function dietsOf(product: DietFacts): DietKey[] {
  return DIETS.filter((diet) => diet.test(product)).map((diet) => diet.key);
}

/** A matched product as the sorts see it: its relevance and its place in the shop's own order. */
export interface Ranked {
  product: Pick<Product, 'price' | 'rating'>;
  /** Higher is a better match. */
  rank: number;
  /** Position in the shop's order (category, then the product's sort order): 'featured'. */
  position: number;
}

/**
 * The sort orders, one entry each (a 'rating' order is one more entry). Ties keep the shop's order,
 * so every order is stable and pages never overlap.
 */
export const SEARCH_SORTS = [
  { key: 'relevance', label: 'Best match', compare: (a: Ranked, b: Ranked) => b.rank - a.rank },
  { key: 'featured', label: 'Featured', compare: () => 0 },
  {
    key: 'price-asc',
    label: 'Price: low to high',
    compare: (a: Ranked, b: Ranked) => a.product.price - b.product.price,
  },
  {
    key: 'price-desc',
    label: 'Price: high to low',
    compare: (a: Ranked, b: Ranked) => b.product.price - a.product.price,
  },
  {
    // Published reviews only (decision 0063): the higher average first, then the more reviews; a
    // product nobody has reviewed yet comes after every reviewed one.
    key: 'rating',
    label: 'Customer rating',
    compare: (a: Ranked, b: Ranked) =>
      Number(b.product.rating.count > 0) - Number(a.product.rating.count > 0) ||
      b.product.rating.average - a.product.rating.average ||
      b.product.rating.count - a.product.rating.count,
  },
] as const;

export type SearchSortKey = (typeof SEARCH_SORTS)[number]['key'];
export const SEARCH_SORT_KEYS = SEARCH_SORTS.map((sort) => sort.key) as [SearchSortKey, ...SearchSortKey[]];
/** The order a query gets unless another is asked for. */
export const DEFAULT_SEARCH_SORT: SearchSortKey = 'relevance';

/** `items` in the order `sort` names (a new array). */
export function sortResults<T extends Ranked>(items: readonly T[], sort: SearchSortKey): T[] {
  const { compare } = SEARCH_SORTS.find((option) => option.key === sort) ?? SEARCH_SORTS[0];
  return [...items].sort((a, b) => compare(a, b) || a.position - b.position);
}

/** pg_trgm's trigrams of one word: lower case, two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

/** pg_trgm's similarity of two words: shared trigrams over all their trigrams (0 to 1). */
export function wordSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/** Longest stretch of words compared with a query: a query of a few words is never near a whole paragraph. */
export const EXTENT_MAX_WORDS = 4;

/** A query's trigrams as a NameIndex reads them. */
export interface TrigramQuery {
  /** How many distinct trigrams the query has. */
  size: number;
  /** Per trigram the index knows, whether the query has it. */
  has: Uint8Array;
}

/** Many names' trigrams, cut once and numbered, to be compared with many queries fast. */
export interface NameIndex {
  query(text: string): TrigramQuery;
  /**
   * pg_trgm's word similarity, worked in memory (decision 0064): how near the query's trigrams come
   * to any stretch of whole words of name `i`. `strict` is `strict_word_similarity` (shared trigrams
   * over the union of both, the test `<<%` applies); otherwise the share of the query's trigrams the
   * stretch holds, which is how `word_similarity` scores a stretch it may cut inside words. Stretches
   * are at most EXTENT_MAX_WORDS words long.
   */
  similarity(query: TrigramQuery, i: number, strict: boolean): number;
}

/** The words (letters and digits) of a text, in order. */
export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

export function createNameIndex(names: readonly string[]): NameIndex {
  const ids = new Map<string, number>();
  const idOf = (trigram: string) => {
    let id = ids.get(trigram);
    if (id === undefined) ids.set(trigram, (id = ids.size));
    return id;
  };
  const words = names.map((name) => wordsOf(name).map((word) => Int32Array.from(trigrams(word), idOf)));
  // A stretch's trigrams are counted once each: `seen[id] === stamp` marks those already counted.
  const seen = new Int32Array(ids.size);
  let stamp = 0;
  return {
    query(text) {
      const has = new Uint8Array(ids.size);
      const all = new Set<string>();
      for (const word of wordsOf(text)) for (const t of trigrams(word)) all.add(t);
      for (const t of all) {
        const id = ids.get(t);
        if (id !== undefined) has[id] = 1;
      }
      return { size: all.size, has };
    },
    similarity(query, i, strict) {
      const name = words[i] ?? [];
      if (query.size === 0) return 0;
      let best = 0;
      for (let start = 0; start < name.length; start++) {
        if (++stamp === 0x40000000) {
          seen.fill(0);
          stamp = 1;
        }
        let size = 0;
        let shared = 0;
        for (let end = start; end < name.length && end < start + EXTENT_MAX_WORDS; end++) {
          const word = name[end]!;
          for (let k = 0; k < word.length; k++) {
            const id = word[k]!;
            if (seen[id] === stamp) continue;
            seen[id] = stamp;
            size++;
            shared += query.has[id]!;
          }
          if (shared === 0) break;
          const score = strict ? shared / (query.size + size - shared) : shared / query.size;
          if (score > best) best = score;
        }
      }
      return best;
    },
  };
}

/** Whether a word of the text answers a query term: its prefix, or (long enough) a near spelling. */
export function wordMatches(word: string, term: string): boolean {
  const w = word.toLowerCase();
  if (w.startsWith(term)) return true;
  return term.length >= FUZZY_MIN_TERM_LENGTH && wordSimilarity(w, term) >= FUZZY_SIMILARITY;
}

/** A highlighted stretch of a text: [start, end) in UTF-16 code units. */
export type Range = [number, number];

/** The stretches of `text` to highlight for `terms`: every word a term matches (wordMatches). */
export function highlightRanges(text: string, terms: readonly string[]): Range[] {
  const ranges: Range[] = [];
  for (const match of text.matchAll(WORD)) {
    if (terms.some((term) => wordMatches(match[0], term)))
      ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

/** `text` cut at `ranges` (sorted, not overlapping, inside the text) into plain and marked pieces. */
export function highlightSegments(text: string, ranges: readonly Range[]): { text: string; mark: boolean }[] {
  const pieces: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), mark: false });
    pieces.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), mark: false });
  return pieces;
}

/** The query with each term replaced by its correction, where one was found ("Did you mean …"). */
export function correctedQuery(terms: readonly string[], corrections: ReadonlyMap<string, string>): string {
  return terms.map((term) => corrections.get(term) ?? term).join(' ');
}
