/**
 * Nutrition Facts through the API (decision 0062): the seeded table and the `nutrition` numbers
 * derived from it, an admin's create and PATCH of the whole table (JSON and multipart), removal
 * (null), and refusals that name the field.
 */
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '../../../domain/catalog-schemas.js';
import type { NutritionFacts } from '../../../domain/nutrition-facts.js';
import { products } from '../../db/schema.js';
import { checkoutFixtures } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let ip = 0;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await f.person({ isAdmin: true })).token;
});
afterAll(() => t.close());

async function send(
  method: 'POST' | 'PATCH',
  url: string,
  body: FormData | object,
  token: string | null = adminToken,
) {
  const isForm = body instanceof FormData;
  const request = new Request('http://x', { method: 'POST', body: isForm ? body : JSON.stringify(body) });
  return t.app.inject({
    method,
    url,
    payload: Buffer.from(await request.arrayBuffer()),
    remoteAddress: `10.78.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
    headers: {
      'content-type': isForm ? request.headers.get('content-type')! : 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

const product = async (slug: string) => {
  const res = await t.app.inject({ url: `/api/products/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return productSchema.parse(res.json());
};

const granolaFacts: NutritionFacts = {
  serving: { en: '1/2 cup', fr: '1/2 tasse', grams: 55 },
  calories: 246,
  fat_g: 12.4,
  saturated_fat_g: 3.2,
  trans_fat_g: 0,
  cholesterol_mg: 0,
  sodium_mg: 62,
  carbohydrate_g: 24.6,
  fibre_g: 5.2,
  sugars_g: 7.4,
  protein_g: 9.6,
  potassium_mg: 262,
  calcium_mg: 44,
  iron_mg: 2.1,
};

describe('the seeded catalogue', () => {
  it('answers each product with its Nutrition Facts and derives the five nutrition numbers from them', async () => {
    const granola = await product('maple-almond-granola');
    expect(granola.nutrition_facts?.serving).toEqual({ en: '1/3 cup', fr: '1/3 tasse', grams: 45 });
    expect(granola.nutrition).toEqual({
      calories: 200,
      protein: 8,
      fat: 10,
      carbs: 19,
      fiber: 4,
      gluten_free: true,
      grain_free: false,
    });
    const list = (await t.app.inject({ url: '/api/products' })).json() as { nutrition_facts: unknown }[];
    expect(list.every((p) => p.nutrition_facts !== null)).toBe(true);
    // The variety pack's table is the average of the four cookies: stored unrounded, shown rounded.
    const pack = await product('chunky-variety-pack');
    expect(pack.nutrition_facts?.calories).toBe(405);
    expect(pack.nutrition.calories).toBe(410);
  });
});

describe('PATCH /api/products/:id nutrition_facts', () => {
  it('replaces the whole table (JSON), reads it back, and derives `nutrition` from it', async () => {
    const { id } = await product('dark-chocolate-coconut-granola');
    const res = await send('PATCH', `/api/products/${id}`, { nutrition_facts: granolaFacts });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().nutrition_facts).toEqual(granolaFacts);
    const read = await product('dark-chocolate-coconut-granola');
    expect(read.nutrition_facts).toEqual(granolaFacts);
    expect(read.nutrition).toMatchObject({ calories: 250, protein: 10, fat: 12, carbs: 25, fiber: 5 });
  });

  it('takes the table as JSON text in a multipart form, and an empty field removes it', async () => {
    const { id } = await product('maple-pecan-energy-bites');
    const set = new FormData();
    set.append('nutrition_facts', JSON.stringify(granolaFacts));
    const res = await send('PATCH', `/api/products/${id}`, set);
    expect(res.statusCode, res.body).toBe(200);
    expect((await product('maple-pecan-energy-bites')).nutrition_facts).toEqual(granolaFacts);

    const clear = new FormData();
    clear.append('nutrition_facts', '');
    expect((await send('PATCH', `/api/products/${id}`, clear)).statusCode).toBe(200);
    const cleared = await product('maple-pecan-energy-bites');
    expect(cleared.nutrition_facts).toBeNull();
    // Without a table, the numbers are the product's own columns again.
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(cleared.nutrition.calories).toBe(row!.calories);
  });

  it('allows no table at all (null)', async () => {
    const { id } = await product('coconut-almond-energy-bites');
    const res = await send('PATCH', `/api/products/${id}`, { nutrition_facts: null });
    expect(res.statusCode, res.body).toBe(200);
    expect((await product('coconut-almond-energy-bites')).nutrition_facts).toBeNull();
  });

  it.each([
    [{ ...granolaFacts, fat_g: -2 }, /^nutrition_facts\.fat_g must be a number from 0/],
    [{ ...granolaFacts, sodium_mg: 'lots' }, /^nutrition_facts\.sodium_mg/],
    [
      { ...granolaFacts, calories: 1e9 },
      /^nutrition_facts\.calories must be a number from 0 to 5,000 Calories/,
    ],
    [{ ...granolaFacts, serving: { en: '', fr: '1 tasse', grams: 55 } }, /^nutrition_facts\.serving\.en/],
    [
      { ...granolaFacts, serving: { en: '1 cup', fr: '1 tasse', grams: 0 } },
      /^nutrition_facts\.serving\.grams/,
    ],
    [{ ...granolaFacts, saturated_fat_g: 20 }, /saturated_fat_g \+ trans_fat_g .* cannot be more than fat_g/],
    [{ ...granolaFacts, protein_g: 50 }, /cannot weigh more than the 55 g serving/],
    [{ ...granolaFacts, surprise: 1 }, /^nutrition_facts must be the whole table/],
    [{ calories: 100 }, /^nutrition_facts\./],
    ['[1, 2]', /^nutrition_facts/],
    [42, /JSON object/],
  ])('refuses a bad table with 400 naming the problem (%#)', async (facts, message) => {
    const { id } = await product('maple-almond-granola');
    const res = await send('PATCH', `/api/products/${id}`, { nutrition_facts: facts });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    // Nothing was written.
    expect((await product('maple-almond-granola')).nutrition_facts?.serving.en).toBe('1/3 cup');
  });

  it('is for admins only', async () => {
    const { id } = await product('maple-almond-granola');
    const customer = await f.person();
    expect(
      (await send('PATCH', `/api/products/${id}`, { nutrition_facts: null }, customer.token)).statusCode,
    ).toBe(403);
    expect((await send('PATCH', `/api/products/${id}`, { nutrition_facts: null }, null)).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/products nutrition_facts', () => {
  const png = () =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();
  const newProduct = async (name: string, facts?: string) => {
    const body = new FormData();
    for (const [key, value] of Object.entries({
      name,
      description: 'Oats.',
      price: '9.95',
      category_id: '3',
    }))
      body.append(key, value);
    if (facts !== undefined) body.append('nutrition_facts', facts);
    body.append('image', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'p.png');
    return send('POST', '/api/products', body);
  };

  it('creates a product with its table, or with none', async () => {
    const withTable = await newProduct('Table Granola', JSON.stringify(granolaFacts));
    expect(withTable.statusCode, withTable.body).toBe(201);
    expect(withTable.json().nutrition_facts).toEqual(granolaFacts);
    expect(withTable.json().nutrition.protein).toBe(10);
    const without = await newProduct('Tableless Granola');
    expect(without.statusCode, without.body).toBe(201);
    expect(without.json().nutrition_facts).toBeNull();
  });

  it('refuses a create whose table is not JSON, naming the field', async () => {
    const res = await newProduct('Broken Table Granola', '{calories: 1');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^nutrition_facts must be the table as a JSON object/);
  });
});
