import { describe, expect, it } from 'vitest';
import {
  addRecipeIngredientSchema,
  batchMultiplier,
  createRecipeSchema,
  ingredientName,
  multiplierOrDefault,
  packsPerBatch,
  planFromOpenOrders,
  productionPlanSchema,
  recipeMessages,
  round2,
  scaleQuantity,
  type PlanProduct,
  type PlanRecipe,
} from './recipes.js';
import type { z } from './zod.js';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('createRecipeSchema (POST /api/recipes)', () => {
  it('takes the spec fields and fills what is left out', () => {
    expect(
      createRecipeSchema.parse({
        product_id: 3,
        instructions: '  Mix, bake.  ',
        cooking_time_minutes: 14,
        oven_temperature_celsius: 175,
        yield_quantity: 48,
        yield_unit: ' cookies ',
        total_yield_weight: 4080.5,
      }),
    ).toEqual({
      product_id: 3,
      instructions: 'Mix, bake.',
      cooking_time_minutes: 14,
      oven_temperature_celsius: 175,
      yield_quantity: 48,
      yield_unit: 'cookies',
      total_yield_weight: 4080.5,
    });
    expect(createRecipeSchema.parse({ product_id: 1, yield_unit: '  ', instructions: null })).toEqual({
      product_id: 1,
      instructions: '',
      cooking_time_minutes: null,
      oven_temperature_celsius: null,
      yield_quantity: null,
      yield_unit: null,
      total_yield_weight: null,
    });
    expect(
      createRecipeSchema.parse({ product_id: 1, yield_quantity: 0, total_yield_weight: null }),
    ).toMatchObject({ yield_quantity: 0, total_yield_weight: null });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no product', {}, 'product_id must be a positive whole number.'],
    ['product 0', { product_id: 0 }, 'product_id must be a positive whole number.'],
    ['product as text', { product_id: '3' }, 'product_id must be a positive whole number.'],
    ['product 1.5', { product_id: 1.5 }, 'product_id must be a positive whole number.'],
    ['product past int4', { product_id: 2_147_483_648 }, 'product_id must be a positive whole number.'],
    [
      'negative time',
      { product_id: 1, cooking_time_minutes: -1 },
      'cooking_time_minutes must be zero or more.',
    ],
    ['time as text', { product_id: 1, cooking_time_minutes: '10' }, 'cooking_time_minutes must be a number.'],
    [
      'fractional minutes',
      { product_id: 1, cooking_time_minutes: 12.5 },
      'cooking_time_minutes must be a whole number.',
    ],
    [
      'oven too hot',
      { product_id: 1, oven_temperature_celsius: 501 },
      'oven_temperature_celsius must be at most 500.',
    ],
    ['negative yield', { product_id: 1, yield_quantity: -0.01 }, 'yield_quantity must be zero or more.'],
    ['huge yield', { product_id: 1, yield_quantity: 1e300 }, 'yield_quantity must be at most 1,000,000.'],
    [
      'three decimals',
      { product_id: 1, total_yield_weight: 1.005 },
      'total_yield_weight must have at most 2 decimals.',
    ],
    [
      'weight as text',
      { product_id: 1, total_yield_weight: 'heavy' },
      'total_yield_weight must be a number.',
    ],
    [
      'long unit',
      { product_id: 1, yield_unit: 'x'.repeat(51) },
      'Please keep yield_unit under 50 characters.',
    ],
    [
      'long instructions',
      { product_id: 1, instructions: 'x'.repeat(10_001) },
      'Please keep the instructions under 10,000 characters.',
    ],
    ['instructions as a number', { product_id: 1, instructions: 5 }, 'instructions must be text.'],
  ])('refuses %s', (_name, input, message) => {
    expect(messageOf(createRecipeSchema, input)).toBe(message);
  });

  it('accepts the bounds themselves', () => {
    expect(
      createRecipeSchema.safeParse({
        product_id: 2_147_483_647,
        instructions: 'x'.repeat(10_000),
        cooking_time_minutes: 10_080,
        oven_temperature_celsius: 500,
        yield_quantity: 1_000_000,
        yield_unit: 'x'.repeat(50),
        total_yield_weight: 0.29,
      }).success,
    ).toBe(true);
  });
});

describe('addRecipeIngredientSchema (POST /api/recipes/:id/ingredients)', () => {
  const line = { ingredient_id: 4, quantity: 1200, unit: 'g' };

  it('reads cups, or quantity_in_cups as another name for it', () => {
    expect(addRecipeIngredientSchema.parse({ ...line, recipe_id: 1, cups: 12 })).toEqual({
      ...line,
      recipe_id: 1,
      cups: 12,
    });
    expect(addRecipeIngredientSchema.parse({ ...line, quantity_in_cups: 0.25 })).toEqual({
      ...line,
      cups: 0.25,
    });
    expect(addRecipeIngredientSchema.parse({ ...line, cups: 2, quantity_in_cups: 2 }).cups).toBe(2);
    expect(addRecipeIngredientSchema.parse({ ...line, cups: null }).cups).toBeNull();
    expect(addRecipeIngredientSchema.parse({ ...line, unit: ' tbsp ' })).toEqual({
      ...line,
      unit: 'tbsp',
      cups: null,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['two different cups', { ...line, cups: 1, quantity_in_cups: 2 }, recipeMessages.cupsConflict],
    ['cups and a null alias', { ...line, cups: 1, quantity_in_cups: null }, recipeMessages.cupsConflict],
    ['no ingredient', { quantity: 1, unit: 'g' }, 'ingredient_id must be a positive whole number.'],
    [
      'ingredient as text',
      { ...line, ingredient_id: 'flour' },
      'ingredient_id must be a positive whole number.',
    ],
    ['recipe 0', { ...line, recipe_id: 0 }, 'recipe_id must be a positive whole number.'],
    ['negative quantity', { ...line, quantity: -5 }, 'quantity must be zero or more.'],
    ['quantity as text', { ...line, quantity: '5' }, 'quantity must be a number.'],
    ['no quantity', { ingredient_id: 4, unit: 'g' }, 'quantity must be a number.'],
    ['huge quantity', { ...line, quantity: 1e21 }, 'quantity must be at most 1,000,000.'],
    ['quantity of 3 decimals', { ...line, quantity: 0.333 }, 'quantity must have at most 2 decimals.'],
    ['negative cups', { ...line, cups: -1 }, 'cups must be zero or more.'],
    ['alias as text', { ...line, quantity_in_cups: 'one' }, 'quantity_in_cups must be a number.'],
    ['empty unit', { ...line, unit: '   ' }, 'Please enter a unit.'],
    ['no unit', { ingredient_id: 4, quantity: 1 }, 'Please enter a unit.'],
    ['long unit', { ...line, unit: 'u'.repeat(31) }, 'Please keep the unit under 30 characters.'],
  ])('refuses %s', (_name, input, message) => {
    expect(messageOf(addRecipeIngredientSchema, input)).toBe(message);
  });

  it('accepts zero and two decimals', () => {
    expect(addRecipeIngredientSchema.parse({ ...line, quantity: 0, cups: 0.29 })).toMatchObject({
      quantity: 0,
      cups: 0.29,
    });
  });
});

describe('scaling', () => {
  it('rounds half up to 2 decimals, even where binary fractions slip', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(1.004)).toBe(1);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(1234567.891)).toBe(1234567.89);
  });

  it('multiplies a quantity and keeps 2 decimals', () => {
    expect(scaleQuantity(1200, 1)).toBe(1200);
    expect(scaleQuantity(1200, 1.5)).toBe(1800);
    expect(scaleQuantity(0.33, 3)).toBe(0.99);
    expect(scaleQuantity(2.35, 0.5)).toBe(1.18);
    expect(scaleQuantity(7, 0)).toBe(0);
    expect(scaleQuantity(0.1, 3)).toBe(0.3);
  });

  it('leaves a missing amount missing (the cups column)', () => {
    expect(scaleQuantity(null, 2)).toBeNull();
    expect(scaleQuantity(undefined, 2)).toBeNull();
    expect(scaleQuantity(Number.NaN, 2)).toBeNull();
  });

  it('falls back to the default multiplier 1 for anything but a number of zero or more', () => {
    expect(multiplierOrDefault(2.5)).toBe(2.5);
    expect(multiplierOrDefault('2.5')).toBe(2.5);
    expect(multiplierOrDefault(0)).toBe(0);
    for (const bad of ['', ' ', 'abc', -1, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, {}]) {
      expect(multiplierOrDefault(bad), String(bad)).toBe(1);
    }
    expect(scaleQuantity(3, Number.NaN)).toBe(3);
    expect(scaleQuantity(3, -2)).toBe(3);
  });

  it("names a missing ingredient 'Unknown'", () => {
    expect(ingredientName(null)).toBe('Unknown');
    expect(ingredientName(undefined)).toBe('Unknown');
    expect(ingredientName('')).toBe('Unknown');
    expect(ingredientName('   ')).toBe('Unknown');
    expect(ingredientName(' Almond flour ')).toBe('Almond flour');
  });
});

describe('packs per batch and the batch multiplier', () => {
  const yieldOf = (
    total_yield_weight: number | null,
    yield_quantity: number | null = 48,
    yield_unit: string | null = 'cookies',
  ) => ({ total_yield_weight, yield_quantity, yield_unit });

  it('counts packs by weight: a 4080 g batch makes six 680 g packs', () => {
    expect(packsPerBatch(yieldOf(4080), 680)).toBe(6);
    expect(packsPerBatch(yieldOf(6750), 360)).toBe(18.75);
  });

  it('uses the yield itself when it is counted in packs or bags', () => {
    expect(packsPerBatch(yieldOf(null, 12, 'packs'), null)).toBe(12);
    expect(packsPerBatch(yieldOf(null, 20, ' Bags '), 0)).toBe(20);
    expect(packsPerBatch(yieldOf(null, 1, 'pack'), null)).toBe(1);
  });

  it('knows nothing rather than dividing by zero', () => {
    expect(packsPerBatch(yieldOf(null), 680)).toBeNull();
    expect(packsPerBatch(yieldOf(0), 680)).toBeNull();
    expect(packsPerBatch(yieldOf(4080), 0)).toBeNull();
    expect(packsPerBatch(yieldOf(4080), null)).toBeNull();
    expect(packsPerBatch(yieldOf(null, 0, 'packs'), null)).toBeNull();
    expect(packsPerBatch(yieldOf(null, null, 'packs'), null)).toBeNull();
    expect(packsPerBatch(yieldOf(null, 48, null), null)).toBeNull();
  });

  it.each<[number, number, number]>([
    [6, 6, 1],
    [3, 6, 0.5],
    [1, 6, 0.25],
    [7, 6, 1.25],
    [10, 6, 1.75],
    [12, 6, 2],
    [20, 18.75, 1.25],
    [25, 20, 1.25],
    [41, 20, 2.25],
    // 0.3 / 0.1 is 2.9999999999999996 in binary: still exactly one batch, not 1.25.
    [3, 0.3 / 0.1, 1],
    [4.2, 1.4, 3],
  ])('%d packs at %d per batch: multiplier %d', (packs, perBatch, multiplier) => {
    expect(batchMultiplier(packs, perBatch)).toBe(multiplier);
    // Always covers the packs, with less than a quarter batch to spare.
    expect(multiplier * perBatch).toBeGreaterThanOrEqual(packs - 1e-9);
    expect((multiplier - 0.25) * perBatch).toBeLessThan(packs);
  });

  it('is zero for no packs and for an unusable yield', () => {
    expect(batchMultiplier(0, 6)).toBe(0);
    expect(batchMultiplier(5, 0)).toBe(0);
    expect(batchMultiplier(5, Number.NaN)).toBe(0);
  });
});

describe('planFromOpenOrders', () => {
  const line = (
    ingredient_id: number,
    ingredient_name: string,
    quantity: number,
    unit: string,
    cups: number | null = null,
  ) => ({
    ingredient_id,
    ingredient_name,
    quantity,
    unit,
    cups,
  });
  const recipe = (overrides: Partial<PlanRecipe> & Pick<PlanRecipe, 'id' | 'product_id'>): PlanRecipe => ({
    name: `Recipe ${overrides.id}`,
    yield_quantity: 48,
    yield_unit: 'cookies',
    total_yield_weight: 4080,
    ingredients: [],
    ...overrides,
  });

  const FLOUR = 1;
  const CHOC = 2;
  const SALT = 3;
  const DOUGH = 4;
  const EGGS = 5;
  const OATS = 6;

  const products: PlanProduct[] = [
    { id: 10, name: 'Chocolate Chunk', category: 'Chunky Protein Cookies', size_grams: 680 },
    { id: 11, name: 'Double Chocolate', category: 'Chunky Protein Cookies', size_grams: 680 },
    { id: 12, name: 'Variety Pack', category: 'Variety Pack', size_grams: 340 },
    { id: 13, name: 'Granola', category: 'Granola', size_grams: 360 },
    { id: 14, name: 'Mystery Bar', category: 'Granola', size_grams: null },
    { id: 15, name: 'Not ordered', category: 'Granola', size_grams: 100 },
  ];
  const dough = recipe({
    id: 1,
    product_id: null,
    name: 'Base Cookie Dough',
    total_yield_weight: 3600,
    ingredients: [
      line(FLOUR, 'Almond flour', 1200, 'g', 12),
      line(EGGS, 'Eggs', 6, 'pcs'),
      line(SALT, 'Sea salt', 2, 'tsp'),
    ],
  });
  const recipes: PlanRecipe[] = [
    dough,
    recipe({
      id: 2,
      product_id: 10,
      ingredients: [
        line(DOUGH, 'Base Cookie Dough', 3600, 'g'),
        line(CHOC, 'Dark chocolate chunks', 576, 'g', 3.39),
        line(SALT, 'Sea salt', 1, 'tbsp'),
      ],
    }),
    recipe({
      id: 3,
      product_id: 11,
      ingredients: [
        line(DOUGH, 'Base Cookie Dough', 3.6, 'kg'),
        line(CHOC, 'Dark chocolate chunks', 480, 'g', 2.82),
      ],
    }),
    recipe({
      id: 4,
      product_id: 13,
      yield_quantity: 150,
      yield_unit: 'servings (45 g)',
      total_yield_weight: 6750,
      ingredients: [line(OATS, 'Rolled oats', 2880, 'g', 32), line(SALT, 'Sea salt', 1, 'tbsp')],
    }),
    recipe({
      id: 5,
      product_id: 14,
      total_yield_weight: null,
      ingredients: [line(OATS, 'Rolled oats', 100, 'g')],
    }),
    recipe({ id: 6, product_id: 15, ingredients: [line(OATS, 'Rolled oats', 999, 'g')] }),
  ];
  const open = new Map([
    [10, 7], // 7 / 6 packs per batch -> 1.25
    [11, 3], // 3 / 6 -> 0.5
    [12, 2], // no recipe
    [13, 20], // 20 / 18.75 -> 1.25
    [14, 5], // recipe without a usable yield
    [15, 0], // nothing open: not listed
    [99, 4], // a product the caller did not describe
  ]);
  const plan = planFromOpenOrders({ products, recipes, openPacksByProduct: open });

  it('sizes each product with open packs, in the given order, and says why one cannot be planned', () => {
    expect(() => productionPlanSchema.parse(plan)).not.toThrow();
    expect(plan.products).toEqual([
      {
        product_id: 10,
        name: 'Chocolate Chunk',
        category: 'Chunky Protein Cookies',
        open_packs: 7,
        reserved_packs: 0,
        renewal_packs: 0,
        recipe_id: 2,
        multiplier: 1.25,
        packs_per_batch: 6,
        status: 'planned',
      },
      {
        product_id: 11,
        name: 'Double Chocolate',
        category: 'Chunky Protein Cookies',
        open_packs: 3,
        reserved_packs: 0,
        renewal_packs: 0,
        recipe_id: 3,
        multiplier: 0.5,
        packs_per_batch: 6,
        status: 'planned',
      },
      {
        product_id: 12,
        name: 'Variety Pack',
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
        product_id: 13,
        name: 'Granola',
        category: 'Granola',
        open_packs: 20,
        reserved_packs: 0,
        renewal_packs: 0,
        recipe_id: 4,
        multiplier: 1.25,
        packs_per_batch: 18.75,
        status: 'planned',
      },
      {
        product_id: 14,
        name: 'Mystery Bar',
        category: 'Granola',
        open_packs: 5,
        reserved_packs: 0,
        renewal_packs: 0,
        recipe_id: 5,
        multiplier: null,
        packs_per_batch: null,
        status: 'no_yield',
      },
      {
        product_id: 99,
        name: 'Unknown',
        category: null,
        open_packs: 4,
        reserved_packs: 0,
        renewal_packs: 0,
        recipe_id: null,
        multiplier: null,
        packs_per_batch: null,
        status: 'no_recipe',
      },
    ]);
  });

  it('expands the shared dough (g or kg) into its own ingredients and lists how much to make', () => {
    // 3600 g x 1.25 + 3.6 kg x 0.5 = 6300 g of dough = 1.75 batches of 3600 g.
    expect(plan.bases).toEqual([
      { recipe_id: 1, name: 'Base Cookie Dough', quantity: 6300, unit: 'g', batches: 1.75 },
    ]);
    expect(plan.pick_list.map((l) => l.ingredient_id)).not.toContain(DOUGH);
  });

  it('sums every ingredient by ingredient and unit, to 2 decimals, with cups only when every use has them', () => {
    expect(plan.pick_list).toEqual([
      { ingredient_id: FLOUR, name: 'Almond flour', unit: 'g', quantity: 2100, cups: 21 },
      // 576 x 1.25 + 480 x 0.5; cups 3.39 x 1.25 + 2.82 x 0.5 = 5.6475
      { ingredient_id: CHOC, name: 'Dark chocolate chunks', unit: 'g', quantity: 960, cups: 5.65 },
      { ingredient_id: EGGS, name: 'Eggs', unit: 'pcs', quantity: 10.5, cups: null },
      // Only planned products count: the no-yield recipe's 100 g and the unordered 999 g are left out.
      { ingredient_id: OATS, name: 'Rolled oats', unit: 'g', quantity: 3600, cups: 40 },
      // Mixed units stay apart: 1 tbsp x 1.25 (cookies) + 1 tbsp x 1.25 (granola), and 2 tsp x 1.75 (dough).
      { ingredient_id: SALT, name: 'Sea salt', unit: 'tbsp', quantity: 2.5, cups: null },
      { ingredient_id: SALT, name: 'Sea salt', unit: 'tsp', quantity: 3.5, cups: null },
    ]);
  });

  it('counts the packs held by checkouts being paid with the ordered ones', () => {
    const result = planFromOpenOrders({
      products: [products[0]!, products[1]!],
      recipes: [
        recipe({ id: 2, product_id: 10, ingredients: [line(CHOC, 'Chunks', 100, 'g', 1)] }),
        recipe({ id: 3, product_id: 11, ingredients: [line(CHOC, 'Chunks', 100, 'g', 1)] }),
      ],
      openPacksByProduct: new Map([[10, 4]]),
      // 2 more of product 10 and 3 of product 11, which no order holds yet.
      reservedPacksByProduct: new Map([
        [10, 2],
        [11, 3],
      ]),
    });
    expect(result.products.map((p) => [p.product_id, p.open_packs, p.reserved_packs, p.multiplier])).toEqual([
      [10, 4, 2, 1],
      [11, 0, 3, 0.5],
    ]);
    expect(result.pick_list).toEqual([
      { ingredient_id: CHOC, name: 'Chunks', unit: 'g', quantity: 150, cups: 1.5 },
    ]);
  });

  it('counts the packs of renewals due within the horizon with the ordered and held ones', () => {
    const result = planFromOpenOrders({
      products: [products[0]!, products[1]!],
      recipes: [
        recipe({ id: 2, product_id: 10, ingredients: [line(CHOC, 'Chunks', 100, 'g', 1)] }),
        recipe({ id: 3, product_id: 11, ingredients: [line(CHOC, 'Chunks', 100, 'g', 1)] }),
      ],
      openPacksByProduct: new Map([[10, 3]]),
      reservedPacksByProduct: new Map([[10, 1]]),
      // 2 more of product 10 and 6 of product 11 that only subscriptions will order this week.
      renewalPacksByProduct: new Map([
        [10, 2],
        [11, 6],
      ]),
      renewalDays: 7,
    });
    expect(
      result.products.map((p) => [
        p.product_id,
        p.open_packs,
        p.reserved_packs,
        p.renewal_packs,
        p.multiplier,
      ]),
    ).toEqual([
      [10, 3, 1, 2, 1],
      [11, 0, 0, 6, 1],
    ]);
    expect(result.renewal_days).toBe(7);
    expect(result.pick_list).toEqual([
      { ingredient_id: CHOC, name: 'Chunks', unit: 'g', quantity: 200, cups: 2 },
    ]);
  });

  it('keeps cups null when one of the recipes has none for that ingredient and unit', () => {
    const result = planFromOpenOrders({
      products: [products[0]!, products[1]!],
      recipes: [
        recipe({ id: 2, product_id: 10, ingredients: [line(CHOC, 'Chunks', 100, 'g', 1)] }),
        recipe({ id: 3, product_id: 11, ingredients: [line(CHOC, 'Chunks', 100, 'g', null)] }),
      ],
      openPacksByProduct: new Map([
        [10, 6],
        [11, 6],
      ]),
    });
    expect(result.pick_list).toEqual([
      { ingredient_id: CHOC, name: 'Chunks', unit: 'g', quantity: 200, cups: null },
    ]);
  });

  it("names a nameless ingredient 'Unknown' and rounds each total once, at the end", () => {
    const result = planFromOpenOrders({
      products: [products[0]!],
      recipes: [
        recipe({
          id: 2,
          product_id: 10,
          ingredients: [line(7, '', 0.1, 'g'), line(7, '', 0.2, 'g'), line(8, 'Pinch', 0.01, 'g')],
        }),
      ],
      openPacksByProduct: new Map([[10, 1]]),
    });
    // 0.25 batches: (0.1 + 0.2) x 0.25 = 0.075 -> 0.08 (per line rounding would give 0.03 + 0.05);
    // 0.01 x 0.25 -> 0.
    expect(result.pick_list).toEqual([
      { ingredient_id: 8, name: 'Pinch', unit: 'g', quantity: 0, cups: null },
      { ingredient_id: 7, name: 'Unknown', unit: 'g', quantity: 0.08, cups: null },
    ]);
  });

  it('leaves a base line as it is when it cannot be expanded: other units, no weight, or a loop', () => {
    const loop = recipe({
      id: 7,
      product_id: null,
      name: 'Loop Dough',
      total_yield_weight: 100,
      ingredients: [line(9, 'Loop Dough', 50, 'g'), line(FLOUR, 'Almond flour', 50, 'g')],
    });
    const weightless = recipe({
      id: 8,
      product_id: null,
      name: 'Glaze',
      total_yield_weight: null,
      ingredients: [line(CHOC, 'Chunks', 5, 'g')],
    });
    const result = planFromOpenOrders({
      products: [products[0]!],
      recipes: [
        dough,
        loop,
        weightless,
        recipe({
          id: 2,
          product_id: 10,
          ingredients: [
            line(DOUGH, 'base cookie dough', 2, 'cups'),
            line(9, 'Loop Dough', 200, 'g'),
            line(10, 'Glaze', 30, 'g'),
          ],
        }),
      ],
      openPacksByProduct: new Map([[10, 6]]),
    });
    expect(result.bases).toEqual([
      { recipe_id: 7, name: 'Loop Dough', quantity: 200, unit: 'g', batches: 2 },
    ]);
    expect(result.pick_list).toEqual([
      // 200 g of Loop Dough is 2 batches: 100 g of flour and 100 g of itself, which stays a plain line.
      { ingredient_id: FLOUR, name: 'Almond flour', unit: 'g', quantity: 100, cups: null },
      { ingredient_id: DOUGH, name: 'base cookie dough', unit: 'cups', quantity: 2, cups: null },
      { ingredient_id: 10, name: 'Glaze', unit: 'g', quantity: 30, cups: null },
      { ingredient_id: 9, name: 'Loop Dough', unit: 'g', quantity: 100, cups: null },
    ]);
  });

  it('is empty when nothing is open', () => {
    expect(planFromOpenOrders({ products, recipes, openPacksByProduct: new Map() })).toEqual({
      products: [],
      pick_list: [],
      bases: [],
      renewal_days: 0,
    });
  });
});
