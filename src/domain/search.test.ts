import { describe, expect, it } from 'vitest';
import {
  createNameIndex,
  checkSearchText,
  dietsOf,
  highlightRanges,
  highlightSegments,
  SEARCH_MESSAGES,
  sortResults,
  wordSimilarity,
  type DietFacts,
  type SearchSortKey,
} from './search.js';

const facts = (over: Partial<DietFacts> = {}): DietFacts => ({
  features: [],
  allergens: [],
  ingredients: [],
  nutrition: { gluten_free: null, grain_free: null },
  ...over,
});
const flags = (gluten_free: boolean | null, grain_free: boolean | null) => ({
  ...facts().nutrition,
  gluten_free,
  grain_free,
});

describe('checkSearchText', () => {
  it('takes the words, lower case, once each, in order', () => {
    expect(checkSearchText('  Maple   ALMOND maple granola ')).toEqual({
      ok: true,
      text: 'Maple ALMOND maple granola',
      terms: ['maple', 'almond', 'granola'],
    });
  });

  it('reads SQL, tsquery and regex metacharacters as spaces between words', () => {
    const checked = checkSearchText("choc' OR 1=1; -- %_\\ &|!():* .* <-> [a-z]+");
    expect(checked).toEqual({
      ok: true,
      text: "choc' OR 1=1; -- %_\\ &|!():* .* <-> [a-z]+",
      terms: ['choc', 'or', '1', 'a', 'z'],
    });
  });

  it('keeps letters of every script and digits', () => {
    expect(checkSearchText('Crème brûlée 20g 🍪')).toMatchObject({ terms: ['crème', 'brûlée', '20g'] });
  });

  it('names each problem', () => {
    expect(checkSearchText('')).toEqual({ ok: false, message: SEARCH_MESSAGES.empty });
    expect(checkSearchText(' \t\n ')).toEqual({ ok: false, message: SEARCH_MESSAGES.empty });
    expect(checkSearchText('a'.repeat(101))).toEqual({ ok: false, message: SEARCH_MESSAGES.tooLong });
    expect(checkSearchText('a'.repeat(1000))).toEqual({ ok: false, message: SEARCH_MESSAGES.tooLong });
    expect(checkSearchText('choc\u0000')).toEqual({ ok: false, message: SEARCH_MESSAGES.control });
    expect(checkSearchText('choc\u0007')).toEqual({ ok: false, message: SEARCH_MESSAGES.control });
    expect(checkSearchText('choc\u0085')).toEqual({ ok: false, message: SEARCH_MESSAGES.control });
    expect(checkSearchText('\ud800choc')).toEqual({ ok: false, message: SEARCH_MESSAGES.noWords });
    expect(checkSearchText('%_\\ .*')).toEqual({ ok: false, message: SEARCH_MESSAGES.noWords });
  });

  it('accepts 100 characters, and tabs and line breaks as spaces', () => {
    expect(checkSearchText('a'.repeat(100)).ok).toBe(true);
    expect(checkSearchText('maple\talmond\r\ngranola')).toMatchObject({ text: 'maple almond granola' });
  });

  it('searches at most eight words', () => {
    const checked = checkSearchText('a b c d e f g h i j');
    expect(checked.ok && checked.terms).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
});

describe('dietsOf', () => {
  it('passes a product whose flag or feature claims it, unless its data contradicts the claim', () => {
    expect(dietsOf(facts({ nutrition: flags(true, true) }))).toEqual(['gluten-free', 'grain-free']);
    expect(dietsOf(facts({ features: ['Gluten-Free', 'Grain-free'] }))).toEqual([
      'gluten-free',
      'grain-free',
    ]);
    expect(dietsOf(facts({ nutrition: flags(true, true), allergens: ['Wheat'] }))).toEqual(['grain-free']);
    expect(dietsOf(facts({ nutrition: flags(true, true), ingredients: ['Rolled oats'] }))).toEqual([
      'gluten-free',
    ]);
    expect(
      dietsOf(facts({ nutrition: flags(true, null), ingredients: ['Certified gluten-free oats'] })),
    ).toEqual(['gluten-free']);
    // A feature does not outweigh the nutrition flag that says no.
    expect(dietsOf(facts({ features: ['Grain-Free'], nutrition: flags(null, false) }))).toEqual([]);
    expect(dietsOf(facts())).toEqual([]);
  });

  it('calls vegan only what says so and holds no animal ingredient or allergen, "may contain" included', () => {
    expect(
      dietsOf(facts({ features: ['Vegan'], ingredients: ['Dates', 'Peanut butter (peanuts)'] })),
    ).toEqual(['vegan']);
    expect(dietsOf(facts({ features: ['Plant-Based Protein'] }))).toEqual([]);
    expect(
      dietsOf(facts({ features: ['Vegan'], allergens: ['May contain milk, eggs and tree nuts'] })),
    ).toEqual([]);
    expect(dietsOf(facts({ features: ['Vegan'], ingredients: ['Whey protein isolate'] }))).toEqual([]);
  });
});

describe('sortResults', () => {
  const items = [
    { product: { price: 20, rating: { average: 4.5, count: 2 } }, rank: 1, position: 2 },
    { product: { price: 10, rating: { average: 0, count: 0 } }, rank: 3, position: 1 },
    { product: { price: 20, rating: { average: 4.5, count: 9 } }, rank: 3, position: 0 },
  ];
  const order = (key: SearchSortKey) => sortResults(items, key).map((item) => item.position);

  it('orders by relevance, shop order, price up and down, and rating; ties keep the shop order', () => {
    expect(order('relevance')).toEqual([0, 1, 2]);
    expect(order('featured')).toEqual([0, 1, 2]);
    expect(order('price-asc')).toEqual([1, 0, 2]);
    expect(order('price-desc')).toEqual([0, 2, 1]);
    // The same average: more reviews first; none at all last.
    expect(order('rating')).toEqual([0, 2, 1]);
    expect(items.map((item) => item.position)).toEqual([2, 1, 0]);
  });
});

describe('createNameIndex', () => {
  const index = createNameIndex(['Two words', 'Chunky Chocolate Peanut Butter Cookies', 'Granola', '']);
  it("scores stretches of whole words as pg_trgm's word similarities do (its documented examples)", () => {
    // word_similarity('word', 'two words') = 0.8; strict_word_similarity('word', 'two words') = 4/7.
    expect(index.similarity(index.query('word'), 0, false)).toBeCloseTo(0.8, 5);
    expect(index.similarity(index.query('word'), 0, true)).toBeCloseTo(4 / 7, 5);
  });

  it('finds typos of a word of a name, across two words, and nothing in an empty name', () => {
    expect(index.similarity(index.query('peanutt'), 1, true)).toBeGreaterThanOrEqual(0.5);
    expect(index.similarity(index.query('peanut butter'), 1, true)).toBe(1);
    expect(index.similarity(index.query('xylophone'), 1, true)).toBe(0);
    expect(index.similarity(index.query('granola'), 3, true)).toBe(0);
    expect(index.similarity(index.query(''), 2, false)).toBe(0);
  });

  it('counts trigrams the names never had in the query', () => {
    // 'granolaz' has 9 trigrams, 'laz' and 'az ' unknown to the index; 7 are Granola's 8: 7 / (9 + 8 - 7).
    expect(index.similarity(index.query('granolaz'), 2, true)).toBeCloseTo(7 / 10, 5);
  });
});

describe('highlights', () => {
  it("measures words as pg_trgm's similarity does", () => {
    expect(wordSimilarity('chocolat', 'chocolate')).toBeCloseTo(8 / 11, 5);
    expect(wordSimilarity('peanutt', 'peanut')).toBeCloseTo(6 / 9, 2);
    expect(wordSimilarity('oat', 'nut')).toBe(0);
  });

  it('marks words the terms start or nearly spell, and nothing else', () => {
    const text = 'Chunky Chocolate Peanut Butter cookies, with peanuts';
    const marked = (terms: string[]) => highlightRanges(text, terms).map(([a, b]) => text.slice(a, b));
    expect(marked(['choc'])).toEqual(['Chocolate']);
    expect(marked(['peanutt'])).toEqual(['Peanut', 'peanuts']);
    expect(marked(['cookie'])).toEqual(['cookies']);
    expect(marked(['nut'])).toEqual([]);
    expect(marked(['xyz'])).toEqual([]);
  });

  it('cuts the text into plain and marked pieces, ignoring ranges that do not fit', () => {
    expect(
      highlightSegments('Maple Almond Granola', [
        [0, 5],
        [3, 4],
        [13, 20],
        [18, 99],
      ]),
    ).toEqual([
      { text: 'Maple', mark: true },
      { text: ' Almond ', mark: false },
      { text: 'Granola', mark: true },
    ]);
    expect(highlightSegments('Granola', [])).toEqual([{ text: 'Granola', mark: false }]);
  });
});
