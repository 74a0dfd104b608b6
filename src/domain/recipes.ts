/**
 * Production recipes (docs/product.md, Admin tools; decision 0014): the payloads of
 * the recipe calls, the API shapes, scaling by the multiplier, and the production plan that sizes
 * batches from the packs waiting in open orders and sums a baker's pick list.
 */
import { messages } from './messages.js';
import { MAX_RECORD_ID } from './ids.js';
import { z } from './zod.js';

/** Texts of the recipe calls: the server's errors and the dashboard's alerts, word for word. */
export const recipeMessages = {
  recipeNotFound: 'Recipe not found',
  ingredientNotFound: 'Ingredient not found',
  productNotFound: messages.productNotFound,
  duplicateRecipe: 'This product already has a recipe.',
  recipeIdMismatch: 'recipe_id must match the recipe in the address.',
  cupsConflict: 'Send cups or quantity_in_cups, not two different values.',
  ingredientsAdded: 'Ingredients added successfully!',
  addIngredientsFailed: 'Failed to add ingredients.',
  recipeCreated: 'Recipe created successfully.',
  createRecipeFailed: 'Failed to create recipe.',
} as const;

/** Shown for an ingredient whose name is missing. */
export const UNKNOWN_INGREDIENT = 'Unknown';

/** The multiplier input's default. */
export const DEFAULT_MULTIPLIER = 1;

/** Quantities, yields and weights: numeric(12,2) columns, bounded far below their limit. */
export const MAX_AMOUNT = 1_000_000;
export const MAX_COOKING_MINUTES = 10_080;
export const MAX_OVEN_CELSIUS = 500;
/** Characters of a recipe's instructions, its yield unit, and an ingredient line's unit. */
export const MAX_INSTRUCTIONS_LENGTH = 10_000;
export const MAX_YIELD_UNIT_LENGTH = 50;
export const MAX_UNIT_LENGTH = 30;
/** The most batches the dashboard's multiplier takes. */
export const MAX_MULTIPLIER = 10_000;

/** Rounds to 2 decimals, half up, without the binary-fraction slips of `Math.round(x * 100)` (1.005 -> 1.01). */
export function round2(value: number): number {
  return Math.round(Number((value * 100).toPrecision(15))) / 100;
}

/** True when the number has at most two decimals (what a numeric(12,2) column keeps exactly). */
function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** A non-negative decimal amount with at most two decimals. */
const amountField = (field: string) =>
  z
    .number({ message: `${field} must be a number.` })
    .min(0, { message: `${field} must be zero or more.` })
    .max(MAX_AMOUNT, { message: `${field} must be at most ${MAX_AMOUNT.toLocaleString('en-CA')}.` })
    .refine(hasAtMostTwoDecimals, { message: `${field} must have at most 2 decimals.` });

const wholeField = (field: string, max: number) =>
  z
    .number({ message: `${field} must be a number.` })
    .int({ message: `${field} must be a whole number.` })
    .min(0, { message: `${field} must be zero or more.` })
    .max(max, { message: `${field} must be at most ${max.toLocaleString('en-CA')}.` });

const idNumber = (field: string) =>
  z
    .number({ message: `${field} must be a positive whole number.` })
    .int({ message: `${field} must be a positive whole number.` })
    .min(1, { message: `${field} must be a positive whole number.` })
    .max(MAX_RECORD_ID, { message: `${field} must be a positive whole number.` });

/** Optional in the payload, null when left out or sent as null. */
const orNull = <T extends z.ZodType>(schema: T) =>
  schema
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/** POST /api/recipes: a product's recipe, without ingredients (they are added one call each). */
export const createRecipeSchema = z.object({
  product_id: idNumber('product_id'),
  instructions: z
    .string({ message: 'instructions must be text.' })
    .trim()
    .max(MAX_INSTRUCTIONS_LENGTH, {
      message: `Please keep the instructions under ${MAX_INSTRUCTIONS_LENGTH.toLocaleString('en-CA')} characters.`,
    })
    .nullable()
    .optional()
    .transform((value) => value ?? ''),
  cooking_time_minutes: orNull(wholeField('cooking_time_minutes', MAX_COOKING_MINUTES)),
  oven_temperature_celsius: orNull(wholeField('oven_temperature_celsius', MAX_OVEN_CELSIUS)),
  yield_quantity: orNull(amountField('yield_quantity')),
  yield_unit: z
    .string({ message: 'yield_unit must be text.' })
    .trim()
    .max(MAX_YIELD_UNIT_LENGTH, {
      message: `Please keep yield_unit under ${MAX_YIELD_UNIT_LENGTH} characters.`,
    })
    .nullable()
    .optional()
    .transform((value) => value || null),
  /** grams */
  total_yield_weight: orNull(amountField('total_yield_weight')),
});
export type CreateRecipeInput = z.input<typeof createRecipeSchema>;
export type CreateRecipe = z.output<typeof createRecipeSchema>;

/**
 * POST /api/recipes/:id/ingredients: one ingredient line. `quantity_in_cups` is accepted as another
 * name for `cups` (the spec uses both); `recipe_id` may be sent but must then be the path's.
 */
export const addRecipeIngredientSchema = z
  .object({
    recipe_id: idNumber('recipe_id').optional(),
    ingredient_id: idNumber('ingredient_id'),
    quantity: amountField('quantity'),
    unit: z
      .string({ message: 'Please enter a unit.' })
      .trim()
      .min(1, { message: 'Please enter a unit.' })
      .max(MAX_UNIT_LENGTH, { message: `Please keep the unit under ${MAX_UNIT_LENGTH} characters.` }),
    cups: amountField('cups').nullable().optional(),
    quantity_in_cups: amountField('quantity_in_cups').nullable().optional(),
  })
  .refine(
    (line) =>
      line.cups === undefined || line.quantity_in_cups === undefined || line.cups === line.quantity_in_cups,
    { message: recipeMessages.cupsConflict, path: ['cups'] },
  )
  .transform(({ quantity_in_cups, cups, ...line }) => ({ ...line, cups: cups ?? quantity_in_cups ?? null }));
export type AddRecipeIngredientInput = z.input<typeof addRecipeIngredientSchema>;
export type AddRecipeIngredient = z.output<typeof addRecipeIngredientSchema>;

export const ingredientSchema = z.object({ id: z.number().int(), name: z.string() });
export type Ingredient = z.infer<typeof ingredientSchema>;

/** One line of a recipe; `quantity_in_cups` and `cups` carry the same value (the spec names both). */
export const recipeIngredientSchema = z.object({
  /** the line's own id (one ingredient may appear on two lines) */
  id: z.number().int(),
  recipe_id: z.number().int(),
  ingredient_id: z.number().int(),
  ingredient_name: z.string(),
  quantity: z.number(),
  unit: z.string(),
  quantity_in_cups: z.number().nullable(),
  cups: z.number().nullable(),
});
export type RecipeIngredient = z.infer<typeof recipeIngredientSchema>;

export const recipeSchema = z.object({
  id: z.number().int(),
  /** null for a shared base such as the cookie dough (recipe 1) */
  product_id: z.number().int().nullable(),
  name: z.string(),
  instructions: z.string(),
  cooking_time_minutes: z.number().int().nullable(),
  oven_temperature_celsius: z.number().int().nullable(),
  yield_quantity: z.number().nullable(),
  yield_unit: z.string().nullable(),
  /** grams */
  total_yield_weight: z.number().nullable(),
  ingredients: z.array(recipeIngredientSchema),
});
export type Recipe = z.infer<typeof recipeSchema>;

/** GET /api/recipes: which products have a recipe, and the shared bases. */
export const recipeSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  category: z.string().nullable(),
});
export type RecipeSummary = z.infer<typeof recipeSummarySchema>;

/** The ingredient's name, or 'Unknown' when it is missing or blank. */
export function ingredientName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : UNKNOWN_INGREDIENT;
}

/** The multiplier typed by the admin, or the default 1 when it is not a number of zero or more. */
export function multiplierOrDefault(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : DEFAULT_MULTIPLIER;
}

/** A recipe amount times the multiplier (an invalid one counts as 1), to 2 decimals; missing stays null. */
export function scaleQuantity(quantity: number, multiplier: number): number;
export function scaleQuantity(quantity: number | null | undefined, multiplier: number): number | null;
export function scaleQuantity(quantity: number | null | undefined, multiplier: number): number | null {
  if (quantity === null || quantity === undefined || !Number.isFinite(quantity)) return null;
  return round2(quantity * multiplierOrDefault(multiplier));
}

// ---------------------------------------------------------------------------------------------
// The production plan (decision 0014)

/** Batches are planned in quarters: see `batchMultiplier`. */
export const BATCH_STEP = 0.25;

/** Yield units that already count packs, so the yield quantity is the packs of one batch. */
const PACK_UNITS = /^(packs?|bags?)$/i;

export interface PlanProduct {
  id: number;
  name: string;
  category: string | null;
  /** grams per pack (the product's "size") */
  size_grams: number | null;
}

export type PlanRecipe = Pick<
  Recipe,
  'id' | 'product_id' | 'name' | 'yield_quantity' | 'yield_unit' | 'total_yield_weight'
> & {
  ingredients: Pick<RecipeIngredient, 'ingredient_id' | 'ingredient_name' | 'quantity' | 'unit' | 'cups'>[];
};

export interface PlanInput {
  /** Products with open packs (others are ignored), in the order the plan lists them. */
  products: PlanProduct[];
  /** Every recipe: the products' own and the shared bases (product_id null). */
  recipes: PlanRecipe[];
  /** Packs of each product in Pending and In Progress orders. */
  openPacksByProduct: Map<number, number>;
  /** Packs held by checkouts being paid (decision 0022): most become orders within minutes. */
  reservedPacksByProduct?: Map<number, number>;
  /** Packs of the subscription renewals due within the plan's horizon (decision 0057). */
  renewalPacksByProduct?: Map<number, number>;
  /** That horizon, in days. */
  renewalDays?: number;
}

export const PLAN_STATUSES = ['planned', 'no_recipe', 'no_yield'] as const;

/** GET /api/production-plan. */
export const productionPlanSchema = z.object({
  products: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      category: z.string().nullable(),
      /** packs of the product in Pending and In Progress orders */
      open_packs: z.number().int(),
      /** packs held by checkouts being paid; the batches cover them too (decision 0022) */
      reserved_packs: z.number().int(),
      /** packs of subscription renewals due within `renewal_days`; the batches cover them too (decision 0057) */
      renewal_packs: z.number().int(),
      recipe_id: z.number().int().nullable(),
      /** batches to make (the dashboard's multiplier); null unless planned */
      multiplier: z.number().nullable(),
      /** packs one batch (multiplier 1) makes; null when unknown */
      packs_per_batch: z.number().nullable(),
      /** planned: has a multiplier; no_recipe: the product has none; no_yield: its yield says nothing about packs */
      status: z.enum(PLAN_STATUSES),
    }),
  ),
  /** every ingredient of the planned batches, by ingredient and unit */
  pick_list: z.array(
    z.object({
      ingredient_id: z.number().int(),
      name: z.string(),
      unit: z.string(),
      quantity: z.number(),
      /** null when a recipe using it gives no cup measure */
      cups: z.number().nullable(),
    }),
  ),
  /** shared bases (the cookie dough) to prepare first; their own ingredients are in the pick list */
  bases: z.array(
    z.object({
      recipe_id: z.number().int(),
      name: z.string(),
      /** grams of the base the planned batches use */
      quantity: z.number(),
      unit: z.literal('g'),
      /** in batches of the base recipe, to 2 decimals */
      batches: z.number(),
    }),
  ),
  /** the horizon of the renewals counted: those due within this many days from now */
  renewal_days: z.number().int(),
});
export type ProductionPlan = z.infer<typeof productionPlanSchema>;
export type PlannedProduct = ProductionPlan['products'][number];
export type PickListLine = ProductionPlan['pick_list'][number];
export type PlannedBase = ProductionPlan['bases'][number];

/**
 * How many packs one batch of the recipe makes: the batch weight over the pack weight, or the yield
 * itself when it is counted in packs or bags; null when neither is known (never a division by zero).
 */
export function packsPerBatch(
  recipe: Pick<PlanRecipe, 'yield_quantity' | 'yield_unit' | 'total_yield_weight'>,
  packGrams: number | null,
): number | null {
  const weight = recipe.total_yield_weight;
  if (weight !== null && weight > 0 && packGrams !== null && packGrams > 0) return weight / packGrams;
  const quantity = recipe.yield_quantity;
  if (quantity !== null && quantity > 0 && PACK_UNITS.test(recipe.yield_unit?.trim() ?? '')) return quantity;
  return null;
}

/**
 * The batches that cover `packs`, rounded up to the next quarter batch. Up, so every open pack gets
 * baked; by quarters, because a kitchen splits a batch only so far (eggs, trays, the mixer bowl) and
 * matches the multiplier's step, while the surplus stays under a quarter batch.
 */
export function batchMultiplier(packs: number, perBatch: number): number {
  if (!(packs > 0) || !(perBatch > 0)) return 0;
  // Rounded to 9 places first so that 0.1 * 3 / 0.3 stays 1 instead of becoming 1.25.
  const quarters = Math.ceil(Number((packs / perBatch / BATCH_STEP).toFixed(9)));
  return quarters * BATCH_STEP;
}

const baseKey = (name: string) => name.trim().toLocaleLowerCase('en-CA');
const GRAMS_PER_UNIT: Record<string, number> = { g: 1, kg: 1000 };

/**
 * The production plan from the packs in open orders (with those held by checkouts and those of the
 * subscription renewals due soon, decision 0057): per product the batches to make (see
 * `batchMultiplier`), and a pick list summing every ingredient (by ingredient and unit) over all
 * planned batches, to 2 decimals. A recipe line naming a shared base recipe (an ingredient called like
 * a recipe without product, e.g. 'Base Cookie Dough', in g or kg) is expanded into the base's own
 * ingredients in proportion to its total yield weight, and the base is listed under `bases`.
 */
export function planFromOpenOrders({
  products,
  recipes,
  openPacksByProduct,
  reservedPacksByProduct = new Map(),
  renewalPacksByProduct = new Map(),
  renewalDays = 0,
}: PlanInput): ProductionPlan {
  const recipeOfProduct = new Map<number, PlanRecipe>();
  const basesByName = new Map<string, PlanRecipe>();
  for (const recipe of recipes) {
    if (recipe.product_id !== null) recipeOfProduct.set(recipe.product_id, recipe);
    else if (recipe.total_yield_weight !== null && recipe.total_yield_weight > 0) {
      basesByName.set(baseKey(recipe.name), recipe);
    }
  }

  const lines = new Map<string, PickListLine & { cupsKnown: boolean }>();
  const baseGrams = new Map<number, { recipe: PlanRecipe; grams: number }>();

  /** Adds `factor` times the recipe's ingredients; `trail` guards against bases that use each other. */
  const addRecipe = (recipe: PlanRecipe, factor: number, trail: number[]) => {
    for (const item of recipe.ingredients) {
      const quantity = item.quantity * factor;
      const base = basesByName.get(baseKey(item.ingredient_name));
      const gramsPerUnit = GRAMS_PER_UNIT[item.unit.trim().toLowerCase()];
      if (base && gramsPerUnit !== undefined && !trail.includes(base.id)) {
        const grams = quantity * gramsPerUnit;
        const entry = baseGrams.get(base.id) ?? { recipe: base, grams: 0 };
        entry.grams += grams;
        baseGrams.set(base.id, entry);
        addRecipe(base, grams / base.total_yield_weight!, [...trail, base.id]);
        continue;
      }
      const key = `${item.ingredient_id}\u0000${item.unit}`;
      const line = lines.get(key) ?? {
        ingredient_id: item.ingredient_id,
        name: ingredientName(item.ingredient_name),
        unit: item.unit,
        quantity: 0,
        cups: 0,
        cupsKnown: true,
      };
      line.quantity += quantity;
      if (item.cups === null) line.cupsKnown = false;
      else line.cups = (line.cups ?? 0) + item.cups * factor;
      lines.set(key, line);
    }
  };

  const planned: PlannedProduct[] = [];
  const listed = new Set<number>();
  const known = new Map(products.map((product) => [product.id, product]));
  // Products named by the orders but missing from `products` still appear, after the others.
  const order = [
    ...products.map((product) => product.id),
    ...[
      ...openPacksByProduct.keys(),
      ...reservedPacksByProduct.keys(),
      ...renewalPacksByProduct.keys(),
    ].filter((id) => !known.has(id)),
  ];
  for (const productId of order) {
    const ordered = openPacksByProduct.get(productId) ?? 0;
    const reserved = reservedPacksByProduct.get(productId) ?? 0;
    const renewing = renewalPacksByProduct.get(productId) ?? 0;
    const packs = ordered + reserved + renewing;
    if (!(packs > 0) || listed.has(productId)) continue;
    listed.add(productId);
    const product = known.get(productId);
    const recipe = recipeOfProduct.get(productId) ?? null;
    const perBatch = recipe ? packsPerBatch(recipe, product?.size_grams ?? null) : null;
    const multiplier = perBatch === null ? null : batchMultiplier(packs, perBatch);
    if (recipe && multiplier !== null) addRecipe(recipe, multiplier, []);
    planned.push({
      product_id: productId,
      name: product?.name ?? 'Unknown',
      category: product?.category ?? null,
      open_packs: ordered,
      reserved_packs: reserved,
      renewal_packs: renewing,
      recipe_id: recipe?.id ?? null,
      multiplier,
      packs_per_batch: perBatch === null ? null : round2(perBatch),
      status: !recipe ? 'no_recipe' : multiplier === null ? 'no_yield' : 'planned',
    });
  }

  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const pick_list = [...lines.values()]
    .map(({ cupsKnown, ...line }) => ({
      ...line,
      quantity: round2(line.quantity),
      cups: cupsKnown && line.cups !== null ? round2(line.cups) : null,
    }))
    .sort(
      (a, b) =>
        collator.compare(a.name, b.name) || a.ingredient_id - b.ingredient_id || a.unit.localeCompare(b.unit),
    );
  const bases = [...baseGrams.values()]
    .map(({ recipe, grams }) => ({
      recipe_id: recipe.id,
      name: recipe.name,
      quantity: round2(grams),
      unit: 'g' as const,
      batches: round2(grams / recipe.total_yield_weight!),
    }))
    .sort((a, b) => a.recipe_id - b.recipe_id);
  return { products: planned, pick_list, bases, renewal_days: renewalDays };
}
