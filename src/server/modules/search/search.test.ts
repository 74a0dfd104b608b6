import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNameIndex, dietsOf, SEARCH_MESSAGES, SEARCH_PAGE_SIZE } from '../../../domain/search.js';
import { searchAnswerSchema, type SearchAnswer } from '../../../domain/search-schemas.js';
import { products } from '../../db/schema.js';
import { seedProducts } from '../../db/seed/products.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // Searches enough for the fuzzing below to stay clear of the per-client limit.
  t = await createTestApp({ env: { SEARCH_RATE_LIMIT: '100000' } });
});
afterAll(() => t.close());

async function search(query: string): Promise<SearchAnswer> {
  const res = await t.app.inject(`/api/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return searchAnswerSchema.parse(res.json());
}
const q = (text: string, more = '') => search(`q=${encodeURIComponent(text)}${more}`);
const slugs = (answer: SearchAnswer) => answer.results.map((r) => r.product.slug);
const marked = (text: string, ranges: [number, number][]) => ranges.map(([a, b]) => text.slice(a, b));

describe('GET /api/search: matching and ranking', () => {
  it('puts the product whose name is the query first', async () => {
    const answer = await q('Maple Almond Granola');
    expect(slugs(answer)[0]).toBe('maple-almond-granola');
    expect(answer.query).toBe('Maple Almond Granola');
    const first = answer.results[0]!;
    expect(marked(first.product.name, first.highlights.name)).toEqual(['Maple', 'Almond', 'Granola']);
  });

  it('reads the last word as a prefix: "choc" finds every chocolate product, highlighted', async () => {
    const answer = await q('choc');
    expect(answer.total).toBeGreaterThanOrEqual(5);
    for (const slug of [
      'classic-chocolate-chunk-protein-cookies',
      'double-chocolate-chunk-protein-cookies',
      'chocolate-peanut-butter-energy-bites',
      'dark-chocolate-coconut-granola',
    ])
      expect(slugs(answer)).toContain(slug);
    const double = answer.results.find((r) => r.product.slug === 'double-chocolate-chunk-protein-cookies')!;
    expect(marked(double.product.name, double.highlights.name)).toEqual(['Chocolate']);
  });

  it('forgives typos: "chocolat" and "peanutt"', async () => {
    expect(slugs(await q('chocolat'))).toContain('double-chocolate-chunk-protein-cookies');
    const peanut = await q('peanutt');
    expect(slugs(peanut)).toEqual(
      expect.arrayContaining([
        'peanut-butter-crunch-protein-cookies',
        'chocolate-peanut-butter-energy-bites',
      ]),
    );
    const first = peanut.results.find((r) => r.product.slug === 'peanut-butter-crunch-protein-cookies')!;
    expect(marked(first.product.name, first.highlights.name)).toEqual(['Peanut']);
  });

  it('requires every word, stemmed: "cookies macadamia" is that cookie, then the pack holding it', async () => {
    expect(slugs(await q('cookies macadamia'))).toEqual([
      'white-chocolate-macadamia-protein-cookies',
      'chunky-variety-pack',
    ]);
  });

  it('searches the category, the ingredients and the features too', async () => {
    const bites = await q('energy bites');
    expect(bites.results.slice(0, 3).map((r) => r.product.category_slug)).toEqual(
      Array(3).fill('energybites'),
    );
    // Pea protein is in the bites' and the granolas' ingredients, not in any name or description.
    expect(slugs(await q('pea protein isolate')).sort()).toEqual([
      'chocolate-peanut-butter-energy-bites',
      'coconut-almond-energy-bites',
      'dark-chocolate-coconut-granola',
      'maple-almond-granola',
      'maple-pecan-energy-bites',
    ]);
    expect((await q('preservatives')).total).toBeGreaterThan(3);
  });

  it('never shows a hidden product', async () => {
    const before = await q('macadamia');
    expect(slugs(before)).toContain('white-chocolate-macadamia-protein-cookies');
    await t.database.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.slug, 'white-chocolate-macadamia-protein-cookies'));
    try {
      // The variety pack holds one, so it is still found; the hidden cookie is not.
      expect(slugs(await q('macadamia'))).toEqual(['chunky-variety-pack']);
      const exact = await q(
        'White Chocolate & Macadamia Protein Cookies',
        '&category=chunky-protein-cookies',
      );
      expect(exact.total).toBe(0);
      expect(exact.suggestions).not.toContain('White Chocolate & Macadamia Protein Cookies');
      expect(slugs(await q('white chocolate'))).not.toContain('white-chocolate-macadamia-protein-cookies');
    } finally {
      await t.database.db
        .update(products)
        .set({ isActive: true })
        .where(eq(products.slug, 'white-chocolate-macadamia-protein-cookies'));
    }
  });
});

describe('GET /api/search: filters, sorts, pages', () => {
  it('reads the demo catalogue data: cookies and bites gluten- and grain-free, granola gluten-free only, none vegan', () => {
    const bySlug = Object.fromEntries(seedProducts.map((p) => [p.slug, dietsOf(p)]));
    expect(bySlug['classic-chocolate-chunk-protein-cookies']).toEqual(['gluten-free', 'grain-free']);
    expect(bySlug['maple-pecan-energy-bites']).toEqual(['gluten-free', 'grain-free']);
    expect(bySlug['maple-almond-granola']).toEqual(['gluten-free']);
    expect(Object.values(bySlug).some((diets) => diets.includes('vegan'))).toBe(false);
  });

  it('filters by category and counts each category', async () => {
    const all = await q('maple');
    const granola = await q('maple', '&category=granola');
    expect(slugs(granola)[0]).toBe('maple-almond-granola');
    expect(granola.results.every((r) => r.product.category_slug === 'granola')).toBe(true);
    expect(granola.category).toBe('granola');
    expect(all.facets.categories).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug: 'granola', count: granola.total })]),
    );
    expect((await q('maple', '&category=no-such-category')).total).toBe(0);
  });

  it('filters by dietary features where the data says so', async () => {
    const grainFree = await q('maple', '&diet=grain-free');
    expect(slugs(grainFree)).toEqual(['maple-pecan-energy-bites']);
    expect(slugs(await q('granola', '&diet=gluten-free'))).toHaveLength(2);
    expect((await q('granola', '&diet=gluten-free&diet=grain-free')).total).toBe(0);
    // No demo product is labelled vegan (the bites share a kitchen with milk and eggs).
    const vegan = await q('bites', '&diet=vegan');
    expect(vegan.total).toBe(0);
    expect(vegan.diet).toEqual(['vegan']);
    expect((await q('bites')).facets.diets).toEqual([
      { key: 'gluten-free', label: 'Gluten-free', count: 3 },
      { key: 'grain-free', label: 'Grain-free', count: 3 },
      { key: 'vegan', label: 'Vegan', count: 0 },
    ]);
  });

  it('sorts by relevance (default), the shop order and price both ways', async () => {
    const prices = (answer: SearchAnswer) => answer.results.map((r) => r.product.price);
    expect((await q('protein')).sort).toBe('relevance');
    const up = prices(await q('protein', '&sort=price-asc'));
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(up.length).toBeGreaterThan(3);
    const down = prices(await q('protein', '&sort=price-desc'));
    expect(down).toEqual([...up].reverse());
    const featured = slugs(await q('protein', '&sort=featured'));
    const shop = (await t.app.inject('/api/products')).json() as { slug: string }[];
    expect(featured).toEqual(shop.map((p) => p.slug).filter((slug) => featured.includes(slug)));
    // By rating: with no published reviews yet, every product ties and keeps the shop order.
    const rated = await q('protein', '&sort=rating');
    expect(rated.sort).toBe('rating');
    expect(slugs(rated)).toEqual(featured);
  });

  it('pages', async () => {
    const answer = await q('protein', '&page=2');
    expect(answer.page).toBe(2);
    expect(answer.page_size).toBe(SEARCH_PAGE_SIZE);
    expect(answer.results).toEqual([]);
    expect(answer.total).toBeGreaterThan(0);
  });
});

describe('GET /api/search: nothing found', () => {
  it('suggests a nearby spelling that finds something', async () => {
    const answer = await q('granoal');
    expect(answer.total).toBe(0);
    expect(answer.suggestions[0]).toBe('granola');
    expect((await q(answer.suggestions[0]!)).total).toBe(2);
  });

  it('suggests nothing for nothing like the shop', async () => {
    const answer = await q('xylophone');
    expect(answer).toMatchObject({ total: 0, results: [], suggestions: [] });
  });

  it('ignores stop words but finds nothing for stop words alone', async () => {
    expect(slugs(await q('the granola'))).toHaveLength(2);
    expect((await q('the')).total).toBe(0);
  });
});

describe('GET /api/search: bad input answers 400 or 200, never 500', () => {
  const cases: [string, string, number, string?][] = [
    ['missing', '', 400, SEARCH_MESSAGES.empty],
    ['empty', 'q=', 400, SEARCH_MESSAGES.empty],
    ['spaces', 'q=%20%20%20', 400, SEARCH_MESSAGES.empty],
    ['1,000 characters', `q=${'a'.repeat(1000)}`, 400, SEARCH_MESSAGES.tooLong],
    ['101 characters', `q=${'a'.repeat(101)}`, 400, SEARCH_MESSAGES.tooLong],
    ['100 characters', `q=${'a'.repeat(100)}`, 200],
    ['a quote', `q=${encodeURIComponent("granola' or 1=1 --")}`, 200],
    ['SQL wildcards', `q=${encodeURIComponent('%_\\')}`, 400, SEARCH_MESSAGES.noWords],
    ['tsquery operators', `q=${encodeURIComponent('&|!():*<->')}`, 400, SEARCH_MESSAGES.noWords],
    ['tsquery operators around words', `q=${encodeURIComponent('choc:* & !(maple | pecan)')}`, 200],
    ['regex', `q=${encodeURIComponent('.* [a-z]+ (?:x)')}`, 200],
    ['a control character', 'q=choc%01', 400, SEARCH_MESSAGES.control],
    ['DEL', 'q=choc%7F', 400, SEARCH_MESSAGES.control],
    ['NUL', 'q=choc%00', 400],
    // The query-string parser keeps what it cannot decode as it came: letters and digits to search for.
    ['an unpaired surrogate (as UTF-8 bytes)', 'q=%ED%A0%80', 200],
    ['broken percent-encoding', 'q=%E0%A4%A', 200],
    ['an unpaired surrogate (as JSON would write it)', 'q=\\ud800', 200],
    ['two queries', 'q=a&q=b', 400],
    ['an unknown sort', 'q=choc&sort=stars', 400, SEARCH_MESSAGES.sort],
    ['an unknown diet', 'q=choc&diet=keto', 400, SEARCH_MESSAGES.diet],
    ['a category that is not a slug', 'q=choc&category=Granola!', 400, SEARCH_MESSAGES.category],
    ['page 0', 'q=choc&page=0', 400, SEARCH_MESSAGES.page],
    ['page 1e3', 'q=choc&page=1e3', 400, SEARCH_MESSAGES.page],
    ['tab and newline', 'q=maple%09almond%0Agranola', 200],
    ['emoji and accents', `q=${encodeURIComponent('crème brûlée 🍪')}`, 200],
  ];
  it.each(cases)('%s', async (_name, query, status, message) => {
    const res = await t.app.inject(`/api/search?${query}`);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { message?: string };
    if (status === 400) expect(body.message).toBeTruthy();
    if (message) expect(body.message).toBe(message);
  });
});

describe("in-memory name similarity (decision 0064): pg_trgm's own figures", () => {
  it("equals strict_word_similarity and word_similarity for the shop's names and typed words", async () => {
    const names = (await t.database.db.select({ name: products.name }).from(products)).map((r) => r.name);
    const index = createNameIndex(names);
    let near = 0;
    const typed = [
      'peanutt',
      'chocolat',
      'cokies',
      'granola',
      'maple almond',
      'protien',
      'bites',
      'xylophone',
    ];
    for (const text of typed) {
      const query = index.query(text);
      const { rows } = (await t.database.db.execute(
        sql`select name, strict_word_similarity(${text}, name)::float8 as strict,
          word_similarity(${text}, name)::float8 as loose from products`,
      )) as unknown as { rows: { name: string; strict: number; loose: number }[] };
      for (const row of rows) {
        const i = names.indexOf(row.name);
        expect(index.similarity(query, i, true), `${text} / ${row.name}`).toBeCloseTo(row.strict, 5);
        if (row.strict >= 0.5) near++;
        // Ours scores a stretch by the query trigrams it holds, word_similarity's best case: never lower.
        expect(index.similarity(query, i, false) + 1e-6, `${text} / ${row.name}`).toBeGreaterThanOrEqual(
          row.loose,
        );
      }
    }
    expect(near).toBeGreaterThan(5);
  });
});

describe('GET /api/search: caching', () => {
  it('may be kept for a minute', async () => {
    const res = await t.app.inject('/api/search?q=granola');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('GET /api/search: fuzzed queries', () => {
  const pieces = fc.constantFrom(
    "'",
    '%',
    '_',
    '\\',
    '&',
    '|',
    '!',
    '(',
    ')',
    ':',
    '*',
    '.*',
    '<->',
    ' ',
    'choc',
    'maple',
    'é',
    '😀',
    '\u0301',
    '\ud800',
    '\u0000',
    '\u0007',
    '\u200b',
  );
  const query = fc.oneof(
    fc.array(pieces, { maxLength: 30 }).map((list) => list.join('')),
    fc.string({ unit: 'binary', maxLength: 120 }),
    fc.string({ unit: 'grapheme', maxLength: 110 }),
  );

  it('answers any query with results or a 400 naming the problem, never a server error', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (text) => {
        // Every byte percent-encoded (a lone surrogate goes as UTF-8's replacement character).
        const q = [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
        const res = await t.app.inject(`/api/search?q=${q}`);
        expect([200, 400], `${JSON.stringify(text)}: ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(Object.keys(res.json() as object)).toEqual(['message']);
        else searchAnswerSchema.parse(res.json());
      }),
      { numRuns: 150 },
    );
  });
});
