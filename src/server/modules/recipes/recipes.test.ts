/**
 * The recipe API through the real app (decision 0014): admins only, validated
 * payloads (400 with { message }, never 500), 404 for a missing recipe, product or ingredient, one
 * recipe per product (409), ingredient lines posted in parallel all landing in order, and the
 * production plan from the packs in Pending and In Progress orders and in the subscription renewals
 * due in the next 7 days.
 */
import { randomBytes } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import type { OrderStatus } from '../../../domain/orders.js';
import {
  ingredientSchema,
  productionPlanSchema,
  recipeIngredientSchema,
  recipeMessages,
  recipeSchema,
  recipeSummarySchema,
  type Ingredient,
  type ProductionPlan,
  type Recipe,
  type RecipeIngredient,
  type RecipeSummary,
} from '../../../domain/recipes.js';
import type { SubscriptionStatus } from '../../../domain/subscriptions.js';
import {
  ingredients,
  orderItems,
  orders,
  products,
  recipeIngredients,
  recipes,
  subscriptionItems,
  subscriptions,
} from '../../db/schema.js';
import {
  checkoutFixtures,
  expectMessage,
  shippingInfo,
  type Method,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const BAD_ID = 'The id must be a positive whole number.';
const MISSING = 2_000_000_000;

let t: TestApp;
const f = checkoutFixtures(() => t);
let admin: Person;
let customer: Person;
/** A recipe of its own for tests that add lines, so the seeded ones stay as seeded. */
let scratchId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await f.person({ isAdmin: true });
  customer = await f.person();
  const product = await freshProduct();
  const [row] = await db()
    .insert(recipes)
    .values({ productId: product.id, name: product.name })
    .returning({ id: recipes.id });
  scratchId = row!.id;
});
afterAll(() => t?.close());

const db = () => t.database.db;
const asAdmin = (method: Method, url: string, body?: unknown) =>
  f.call(method, url, { token: admin.token, ...(body !== undefined ? { body } : {}) });

const productId = async (slug: string) =>
  (await db().select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;
const ingredientIdOf = async (name: string) =>
  (await db().select({ id: ingredients.id }).from(ingredients).where(eq(ingredients.name, name)))[0]!.id;

/** A product without a recipe (a copy of a seeded one). */
async function freshProduct(values: { sizeGrams?: number | null; isActive?: boolean } = {}) {
  const [source] = await db().select().from(products).limit(1);
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source!;
  const suffix = randomBytes(3).toString('hex');
  const [row] = await db()
    .insert(products)
    .values({ ...copy, ...values, slug: `fresh-${suffix}`, name: `Fresh ${suffix}`, sku: null })
    .returning();
  return row!;
}

const newRecipe = (product_id: number, extra: Record<string, unknown> = {}) => ({
  product_id,
  instructions: '1. Mix.\n2. Bake.',
  cooking_time_minutes: 14,
  oven_temperature_celsius: 175,
  yield_quantity: 48,
  yield_unit: 'cookies',
  total_yield_weight: 4080,
  ...extra,
});

// ---------------------------------------------------------------------------------------------

describe('who may call the recipe routes', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/api/ingredients'],
    ['GET', '/api/recipes'],
    ['GET', '/api/recipes/1'],
    ['GET', '/api/recipes/by-id/1'],
    ['GET', '/api/recipes/1/ingredients'],
    ['GET', '/api/production-plan'],
    ['POST', '/api/recipes', 'new'],
    ['POST', '/api/recipes/:scratch/ingredients', 'line'],
  ];

  it.each(routes)('%s %s: anonymous 401, customer 403, admin 2xx', async (method, pattern, kind) => {
    const url = pattern.replace(':scratch', String(scratchId));
    const body =
      kind === 'new'
        ? newRecipe((await freshProduct()).id)
        : kind === 'line'
          ? { ingredient_id: await ingredientIdOf('Almond flour'), quantity: 1, unit: 'g' }
          : undefined;
    expectMessage(await f.call(method, url, { body }), 401, messages.signInRequired);
    expectMessage(await f.call(method, url, { token: customer.token, body }), 403, messages.forbidden);
    const res = await f.call(method, url, { token: admin.token, body });
    expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
  });

  it('declares every recipe route admin-only', () => {
    const ours = t.app.apiRoutes.filter((route) =>
      /^\/api\/(recipes|ingredients|production-plan)/.test(route.url),
    );
    expect(ours.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [
        'GET /api/ingredients',
        'GET /api/production-plan',
        'GET /api/recipes',
        'GET /api/recipes/:id',
        'GET /api/recipes/:id/ingredients',
        'GET /api/recipes/by-id/:id',
        'POST /api/recipes',
        'POST /api/recipes/:id/ingredients',
      ].sort(),
    );
    for (const route of ours) expect(route.audience, route.url).toBe('admin');
  });
});

// ---------------------------------------------------------------------------------------------

describe('reading recipes and ingredients', () => {
  it('lists the ingredients by name', async () => {
    const res = await asAdmin('GET', '/api/ingredients');
    expect(res.statusCode).toBe(200);
    const list = res.json<Ingredient[]>();
    expect(list.length).toBeGreaterThan(10);
    for (const item of list) expect(() => ingredientSchema.strict().parse(item)).not.toThrow();
    const names = list.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names).toContain('Almond flour');
    const [row] = await db().select({ n: count() }).from(ingredients);
    expect(list).toHaveLength(row!.n);
  });

  it('answers recipe 1 with the base cookie dough, under both paths', async () => {
    const byId = await asAdmin('GET', '/api/recipes/by-id/1');
    const plain = await asAdmin('GET', '/api/recipes/1');
    expect(byId.statusCode, byId.body).toBe(200);
    expect(plain.json()).toEqual(byId.json());
    const recipe = recipeSchema.strict().parse(byId.json());
    expect(recipe).toMatchObject({
      id: 1,
      product_id: null,
      name: 'Base Cookie Dough',
      cooking_time_minutes: 30,
      oven_temperature_celsius: null,
      yield_quantity: 48,
      yield_unit: 'cookie portions (75 g)',
      total_yield_weight: 3600,
    });
    expect(recipe.instructions).toMatch(/^1\. /);
    expect(recipe.ingredients[0]).toEqual({
      id: expect.any(Number),
      recipe_id: 1,
      ingredient_id: await ingredientIdOf('Almond flour'),
      ingredient_name: 'Almond flour',
      quantity: 1200,
      unit: 'g',
      quantity_in_cups: 12,
      cups: 12,
    });
    expect(recipe.ingredients.map((line) => line.ingredient_name)).toEqual([
      'Almond flour',
      'Whey protein isolate',
      'Medjool dates (pitted)',
      'Water',
      'Coconut oil',
      'Eggs',
      'Ground flaxseed',
      'Vanilla extract',
      'Baking soda',
      'Sea salt',
    ]);
    expect(recipe.ingredients.find((line) => line.ingredient_name === 'Eggs')).toMatchObject({
      quantity: 6,
      unit: 'pcs',
      quantity_in_cups: null,
      cups: null,
    });
  });

  it("answers a recipe's ingredients alone", async () => {
    const recipe = (await asAdmin('GET', '/api/recipes/2')).json<Recipe>();
    const res = await asAdmin('GET', '/api/recipes/2/ingredients');
    expect(res.statusCode).toBe(200);
    const lines = res.json<RecipeIngredient[]>();
    for (const line of lines) expect(() => recipeIngredientSchema.strict().parse(line)).not.toThrow();
    expect(lines).toEqual(recipe.ingredients);
    expect(lines.map((line) => line.ingredient_name)).toContain('Base Cookie Dough');
  });

  it('lists every recipe with its product: the dough first, then in shop order; none for the variety pack', async () => {
    const res = await asAdmin('GET', '/api/recipes');
    expect(res.statusCode).toBe(200);
    const list = res.json<RecipeSummary[]>();
    for (const item of list) expect(() => recipeSummarySchema.strict().parse(item)).not.toThrow();
    expect(list[0]).toEqual({
      id: 1,
      name: 'Base Cookie Dough',
      product_id: null,
      product_name: null,
      category: null,
    });
    const seeded = list.filter((item) => !item.product_name?.startsWith('Fresh '));
    expect(seeded).toHaveLength(10);
    expect(seeded[1]).toEqual({
      id: 2,
      name: 'Classic Chocolate Chunk Protein Cookies',
      product_id: await productId('classic-chocolate-chunk-protein-cookies'),
      product_name: 'Classic Chocolate Chunk Protein Cookies',
      category: 'Chunky Protein Cookies',
    });
    expect(list.map((item) => item.product_id)).not.toContain(await productId('chunky-variety-pack'));
  });

  it.each([
    `/api/recipes/${MISSING}`,
    `/api/recipes/by-id/${MISSING}`,
    `/api/recipes/${MISSING}/ingredients`,
  ])('answers 404 for a missing recipe: %s', async (url) => {
    expectMessage(await asAdmin('GET', url), 404, recipeMessages.recipeNotFound);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '01', '0x10', '2147483648', '99999999999', '%20', 'by-id'])(
    'answers 400 for the id %j',
    async (id) => {
      expectMessage(await asAdmin('GET', `/api/recipes/${id}`), 400, BAD_ID);
      expectMessage(await asAdmin('GET', `/api/recipes/${id}/ingredients`), 400, BAD_ID);
      expectMessage(await asAdmin('POST', `/api/recipes/${id}/ingredients`, {}), 400, BAD_ID);
    },
  );
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/recipes', () => {
  it('creates a product recipe without lines, named after the product, and answers 201 with it', async () => {
    const product = await freshProduct();
    const res = await asAdmin('POST', '/api/recipes', {
      ...newRecipe(product.id, { total_yield_weight: 4080.25, yield_unit: '  cookies ' }),
      ingredients: [{ ingredient_id: 1 }],
      id: 1,
      name: 'Sneaky',
    });
    expect(res.statusCode, res.body).toBe(201);
    const recipe = recipeSchema.strict().parse(res.json());
    expect(recipe).toEqual({
      id: expect.any(Number),
      product_id: product.id,
      name: product.name,
      instructions: '1. Mix.\n2. Bake.',
      cooking_time_minutes: 14,
      oven_temperature_celsius: 175,
      yield_quantity: 48,
      yield_unit: 'cookies',
      total_yield_weight: 4080.25,
      ingredients: [],
    });
    expect(recipe.id).not.toBe(1);
    expect((await asAdmin('GET', `/api/recipes/${recipe.id}`)).json()).toEqual(recipe);
  });

  it('needs only the product', async () => {
    const product = await freshProduct();
    const res = await asAdmin('POST', '/api/recipes', { product_id: product.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      instructions: '',
      cooking_time_minutes: null,
      oven_temperature_celsius: null,
      yield_quantity: null,
      yield_unit: null,
      total_yield_weight: null,
    });
  });

  it('answers 404 for a missing product', async () => {
    expectMessage(
      await asAdmin('POST', '/api/recipes', newRecipe(MISSING)),
      404,
      recipeMessages.productNotFound,
    );
  });

  it('answers 409 for a product that has a recipe', async () => {
    const seeded = await productId('classic-chocolate-chunk-protein-cookies');
    expectMessage(
      await asAdmin('POST', '/api/recipes', newRecipe(seeded)),
      409,
      recipeMessages.duplicateRecipe,
    );
  });

  it('creates one recipe when five admins save the same product at once', async () => {
    const product = await freshProduct();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => asAdmin('POST', '/api/recipes', newRecipe(product.id))),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expectMessage(res, 409, recipeMessages.duplicateRecipe);
    }
    const rows = await db().select().from(recipes).where(eq(recipes.productId, product.id));
    expect(rows).toHaveLength(1);
  });

  it.each<[string, unknown, string | RegExp]>([
    ['a negative time', { cooking_time_minutes: -5 }, 'cooking_time_minutes must be zero or more.'],
    ['a text temperature', { oven_temperature_celsius: 'hot' }, 'oven_temperature_celsius must be a number.'],
    ['a fractional time', { cooking_time_minutes: 1.5 }, 'cooking_time_minutes must be a whole number.'],
    ['a huge yield', { yield_quantity: 1e308 }, 'yield_quantity must be at most 1,000,000.'],
    [
      'a huge weight',
      { total_yield_weight: 99_999_999_999 },
      'total_yield_weight must be at most 1,000,000.',
    ],
    ['3 decimals', { yield_quantity: 0.125 }, 'yield_quantity must have at most 2 decimals.'],
    ['a NUL in the instructions', { instructions: 'Mix\u0000bake' }, 'Text must not contain NUL characters.'],
    ['a NUL in the unit', { yield_unit: '\u0000' }, 'Text must not contain NUL characters.'],
    ['long instructions', { instructions: 'x'.repeat(10_001) }, /10,000 characters/],
    ['a text product id', { product_id: '12' }, 'product_id must be a positive whole number.'],
    ['a negative product id', { product_id: -3 }, 'product_id must be a positive whole number.'],
    ['a huge product id', { product_id: 1e20 }, 'product_id must be a positive whole number.'],
  ])('answers 400 for %s', async (_name, extra, message) => {
    const product = await freshProduct();
    expectMessage(
      await asAdmin('POST', '/api/recipes', newRecipe(product.id, extra as Record<string, unknown>)),
      400,
      message,
    );
    expect(await db().select().from(recipes).where(eq(recipes.productId, product.id))).toHaveLength(0);
  });

  it.each<[string, string]>([
    ['malformed JSON', '{"product_id": '],
    ['an array', '[1, 2]'],
    ['null', 'null'],
    ['a number', '42'],
    ['an empty object', '{}'],
  ])('answers 400 for a body of %s', async (_name, raw) => {
    const res = await f.call('POST', '/api/recipes', { token: admin.token, raw });
    expectMessage(res, 400);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/recipes/:id/ingredients', () => {
  let recipe: Recipe;
  let flour: number;
  let eggs: number;

  beforeAll(async () => {
    const product = await freshProduct();
    recipe = (await asAdmin('POST', '/api/recipes', newRecipe(product.id))).json<Recipe>();
    flour = await ingredientIdOf('Almond flour');
    eggs = await ingredientIdOf('Eggs');
  });

  const post = (body: unknown, recipeId = recipe.id) =>
    asAdmin('POST', `/api/recipes/${recipeId}/ingredients`, body);

  it('adds a line and answers 201 with it, cups under both names', async () => {
    const res = await post({
      recipe_id: recipe.id,
      ingredient_id: flour,
      quantity: 1200.5,
      unit: ' g ',
      cups: 12.01,
    });
    expect(res.statusCode, res.body).toBe(201);
    const line = recipeIngredientSchema.strict().parse(res.json());
    expect(line).toEqual({
      id: expect.any(Number),
      recipe_id: recipe.id,
      ingredient_id: flour,
      ingredient_name: 'Almond flour',
      quantity: 1200.5,
      unit: 'g',
      quantity_in_cups: 12.01,
      cups: 12.01,
    });
    const alias = await post({ ingredient_id: eggs, quantity: 6, unit: 'pcs', quantity_in_cups: 0.5 });
    expect(alias.statusCode, alias.body).toBe(201);
    expect(alias.json()).toMatchObject({ ingredient_name: 'Eggs', quantity_in_cups: 0.5, cups: 0.5 });
    const none = await post({ ingredient_id: eggs, quantity: 0, unit: 'pcs' });
    expect(none.json()).toMatchObject({ quantity: 0, quantity_in_cups: null, cups: null });
    const lines = (await asAdmin('GET', `/api/recipes/${recipe.id}/ingredients`)).json<RecipeIngredient[]>();
    expect(lines).toEqual([line, alias.json(), none.json()]);
  });

  it('answers 404 for a missing recipe or ingredient, and adds nothing', async () => {
    expectMessage(
      await post({ ingredient_id: flour, quantity: 1, unit: 'g' }, MISSING),
      404,
      recipeMessages.recipeNotFound,
    );
    const before = await db()
      .select()
      .from(recipeIngredients)
      .where(eq(recipeIngredients.recipeId, recipe.id));
    expectMessage(
      await post({ ingredient_id: MISSING, quantity: 1, unit: 'g' }),
      404,
      recipeMessages.ingredientNotFound,
    );
    const after = await db()
      .select()
      .from(recipeIngredients)
      .where(eq(recipeIngredients.recipeId, recipe.id));
    expect(after).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['another recipe_id', { recipe_id: 1 }, recipeMessages.recipeIdMismatch],
    ['two different cups', { cups: 1, quantity_in_cups: 2 }, recipeMessages.cupsConflict],
    ['a negative quantity', { quantity: -1 }, 'quantity must be zero or more.'],
    ['a text quantity', { quantity: '100' }, 'quantity must be a number.'],
    ['a huge quantity', { quantity: 1e300 }, 'quantity must be at most 1,000,000.'],
    ['3 decimals', { quantity: 0.001 }, 'quantity must have at most 2 decimals.'],
    ['negative cups', { cups: -0.5 }, 'cups must be zero or more.'],
    ['an empty unit', { unit: '' }, 'Please enter a unit.'],
    ['a long unit', { unit: 'x'.repeat(31) }, 'Please keep the unit under 30 characters.'],
    ['a NUL in the unit', { unit: 'g\u0000' }, 'Text must not contain NUL characters.'],
    ['a text ingredient id', { ingredient_id: 'flour' }, 'ingredient_id must be a positive whole number.'],
    ['a zero ingredient id', { ingredient_id: 0 }, 'ingredient_id must be a positive whole number.'],
    ['an object quantity', { quantity: { $gt: 0 } }, 'quantity must be a number.'],
  ])('answers 400 for %s', async (_name, extra, message) => {
    expectMessage(await post({ ingredient_id: flour, quantity: 1, unit: 'g', ...extra }), 400, message);
  });

  it('keeps all 20 lines the dashboard posts at once, each at its own next position', async () => {
    const product = await freshProduct();
    const target = (await asAdmin('POST', '/api/recipes', newRecipe(product.id))).json<Recipe>();
    const all = (await asAdmin('GET', '/api/ingredients')).json<Ingredient[]>();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          { recipe_id: target.id, ingredient_id: all[i % all.length]!.id, quantity: i + 1, unit: 'g' },
          target.id,
        ),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const rows = await db()
      .select()
      .from(recipeIngredients)
      .where(eq(recipeIngredients.recipeId, target.id))
      .orderBy(asc(recipeIngredients.position));
    expect(rows).toHaveLength(20);
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(rows.map((row) => row.quantity).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const lines = (await asAdmin('GET', `/api/recipes/${target.id}`)).json<Recipe>().ingredients;
    expect(lines.map((line) => line.id)).toEqual(rows.map((row) => row.id));
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/production-plan', () => {
  let orderSeq = 0;
  /** An order written straight to the database with the given status and lines. */
  async function order(status: OrderStatus, lines: [productId: number | null, packs: number][]) {
    orderSeq++;
    const [row] = await db()
      .insert(orders)
      .values({
        status,
        subtotalCents: 1000,
        shippingCents: 0,
        taxCents: 50,
        totalCents: 1050,
        isPaid: true,
        firstName: 'Plan',
        lastName: 'Tester',
        email: `plan.${orderSeq}@example.ca`,
        phoneNumber: '604 555 0123',
        shippingAddress: '1 Main St',
        shippingCity: 'Vancouver',
        shippingState: 'British Columbia',
        shippingPostalCode: 'V5K 0A1',
      })
      .returning({ id: orders.id });
    await db()
      .insert(orderItems)
      .values(
        lines.map(([productId, quantity]) => ({
          orderId: row!.id,
          productId,
          productName: 'line',
          quantity,
          priceCents: 1000,
        })),
      );
  }

  const plan = async () => {
    const res = await asAdmin('GET', '/api/production-plan');
    expect(res.statusCode, res.body).toBe(200);
    return productionPlanSchema.strict().parse(res.json()) as ProductionPlan;
  };

  it('is empty while no order is open', async () => {
    await order('Shipped', [[await productId('maple-almond-granola'), 50]]);
    await order('Delivered', [[await productId('maple-almond-granola'), 50]]);
    expect(await plan()).toEqual({ products: [], pick_list: [], bases: [], renewal_days: 7 });
  });

  it('sizes batches from Pending and In Progress packs only, and sums the pick list through the dough', async () => {
    const classic = await productId('classic-chocolate-chunk-protein-cookies');
    const bites = await productId('chocolate-peanut-butter-energy-bites');
    const variety = await productId('chunky-variety-pack');
    const hidden = await freshProduct({ isActive: false, sizeGrams: 100 });
    const weightless = await freshProduct({ sizeGrams: null });
    await asAdmin('POST', '/api/recipes', newRecipe(hidden.id, { total_yield_weight: 1000 }));
    await asAdmin('POST', '/api/recipes', newRecipe(weightless.id));

    await order('Pending', [
      [classic, 3],
      [bites, 5],
      [null, 99],
    ]);
    await order('In Progress', [
      [classic, 4],
      [bites, 20],
      [variety, 2],
    ]);
    await order('In Progress', [
      [hidden.id, 15],
      [weightless.id, 1],
    ]);
    for (const status of ['Shipped', 'Delivered', 'Canceled', 'Refunded'] as const) {
      await order(status, [
        [classic, 100],
        [bites, 100],
      ]);
    }

    const result = await plan();
    // Shop order: category, then the product's place in it (the copies share their source's place).
    const position = (id: number) => result.products.findIndex((p) => p.product_id === id);
    expect(position(classic)).toBeLessThan(position(bites));
    expect(position(bites)).toBeLessThan(position(variety));
    const byId = <T extends { product_id: number }>(list: T[]) =>
      [...list].sort((a, b) => a.product_id - b.product_id);
    expect(byId(result.products)).toEqual(
      byId([
        {
          product_id: classic,
          name: 'Classic Chocolate Chunk Protein Cookies',
          category: 'Chunky Protein Cookies',
          open_packs: 7,
          reserved_packs: 0,
          renewal_packs: 0,
          recipe_id: 2,
          // 7 packs at 6 per batch (4080 g / 680 g): 1.17, up to the next quarter.
          multiplier: 1.25,
          packs_per_batch: 6,
          status: 'planned',
        },
        {
          product_id: variety,
          name: 'Chunky Protein Cookie Variety Pack',
          category: 'Variety Pack',
          open_packs: 2,
          reserved_packs: 0,
          renewal_packs: 0,
          recipe_id: null,
          multiplier: null,
          packs_per_batch: null,
          status: 'no_recipe',
        },
        {
          product_id: bites,
          name: 'Chocolate Peanut Butter Energy Bites',
          category: 'Energy Bites',
          open_packs: 25,
          reserved_packs: 0,
          renewal_packs: 0,
          recipe_id: expect.any(Number),
          // 25 bags at 20 per batch (5280 g / 264 g).
          multiplier: 1.25,
          packs_per_batch: 20,
          status: 'planned',
        },
        {
          product_id: hidden.id,
          name: hidden.name,
          category: expect.any(String),
          open_packs: 15,
          reserved_packs: 0,
          renewal_packs: 0,
          recipe_id: expect.any(Number),
          // 15 packs at 10 per batch.
          multiplier: 1.5,
          packs_per_batch: 10,
          status: 'planned',
        },
        {
          product_id: weightless.id,
          name: weightless.name,
          category: expect.any(String),
          open_packs: 1,
          reserved_packs: 0,
          renewal_packs: 0,
          recipe_id: expect.any(Number),
          multiplier: null,
          packs_per_batch: null,
          status: 'no_yield',
        },
      ]),
    );

    // One and a quarter batches of cookies use 4500 g of the 3600 g dough.
    expect(result.bases).toEqual([
      { recipe_id: 1, name: 'Base Cookie Dough', quantity: 4500, unit: 'g', batches: 1.25 },
    ]);
    const pick = (name: string, unit: string) =>
      result.pick_list.find((l) => l.name === name && l.unit === unit);
    expect(result.pick_list.map((l) => l.name)).not.toContain('Base Cookie Dough');
    expect(pick('Almond flour', 'g')).toMatchObject({ quantity: 1500, cups: 15 });
    expect(pick('No-sugar-added dark chocolate chunks', 'g')).toMatchObject({ quantity: 720, cups: 4.24 });
    // 860 g in the dough x 1.25 plus 1680 g in the bites x 1.25, and no cup measure for dates.
    expect(pick('Medjool dates (pitted)', 'g')).toMatchObject({ quantity: 3175, cups: null });
    // Mixed units stay apart: 2 tsp in the dough, 1 tbsp in the bites.
    expect(pick('Sea salt', 'tsp')).toMatchObject({ quantity: 2.5 });
    expect(pick('Sea salt', 'tbsp')).toMatchObject({ quantity: 1.25 });
    expect(pick('Vanilla extract', 'tbsp')).toMatchObject({ quantity: 5 });
    expect(pick('Eggs', 'pcs')).toMatchObject({ quantity: 7.5, cups: null });
    // The hidden product's recipe has no lines; the weightless one is not planned.
    const names = result.pick_list.map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(new Set(result.pick_list.map((l) => `${l.ingredient_id} ${l.unit}`)).size).toBe(
      result.pick_list.length,
    );
  });

  /** A subscription of the customer's written straight to the database, due in `days` days. */
  async function subscription(
    status: SubscriptionStatus,
    days: number,
    lines: [productId: number, quantity: number][],
    pausedUntilDays: number | null = null,
  ) {
    const at = (d: number) => new Date(Date.now() + d * 86_400_000);
    const [row] = await db()
      .insert(subscriptions)
      .values({
        userId: customer.id,
        status,
        intervalWeeks: 2,
        nextOrderAt: at(days),
        pausedUntil: pausedUntilDays === null ? null : at(pausedUntilDays),
        lastOrderAt: at(-14),
        shippingInfo: { ...shippingInfo(), country: 'Canada' },
        ...(status === 'canceled' ? { canceledAt: new Date() } : {}),
      })
      .returning({ id: subscriptions.id });
    await db()
      .insert(subscriptionItems)
      .values(lines.map(([productId, quantity]) => ({ subscriptionId: row!.id, productId, quantity })));
  }

  it('adds the packs of the subscription renewals due in the next 7 days, and only those', async () => {
    const classic = await productId('classic-chocolate-chunk-protein-cookies');
    const bites = await productId('chocolate-peanut-butter-energy-bites');
    const granola = await productId('maple-almond-granola');
    const hidden = await freshProduct({ isActive: false });
    // Due: active in 2 days (the hidden product is left out of its order), active and already past
    // its date (a retry, a sold-out wait), paused until a day within the week.
    await subscription('active', 2, [
      [classic, 3],
      [hidden.id, 9],
    ]);
    await subscription('active', -1, [[granola, 1]]);
    await subscription('paused', 4, [[bites, 2]], 3);
    // Not due: after the week, paused until resumed, paused past the week, past due, cancelled.
    await subscription('active', 8, [[classic, 50]]);
    await subscription('paused', 1, [[classic, 50]]);
    await subscription('paused', 9, [[classic, 50]], 9);
    await subscription('past_due', 1, [[classic, 50]]);
    await subscription('canceled', 1, [[classic, 50]]);

    const result = await plan();
    expect(result.renewal_days).toBe(7);
    const of = (id: number) => result.products.find((p) => p.product_id === id);
    // The open orders of the test before are still open: 7 cookie packs, 25 bags of bites.
    expect(of(classic)).toMatchObject({
      open_packs: 7,
      renewal_packs: 3,
      // 10 packs at 6 a batch: 1.67, up to the next quarter.
      multiplier: 1.75,
    });
    // 27 bags at 20 a batch.
    expect(of(bites)).toMatchObject({ open_packs: 25, renewal_packs: 2, multiplier: 1.5 });
    // Only a renewal asks for granola.
    expect(of(granola)).toMatchObject({ open_packs: 0, reserved_packs: 0, renewal_packs: 1 });
    expect(of(hidden.id)).toBeUndefined();
  });
});
