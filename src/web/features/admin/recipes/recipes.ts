/**
 * Recipe Management (decision 0014): the recipe shapes the API answers, the scaling by the
 * multiplier (two decimals), the create form, and the spec's four alerts.
 */
import { z } from '../../../../domain/zod';

import {
  MAX_AMOUNT,
  MAX_COOKING_MINUTES,
  MAX_INSTRUCTIONS_LENGTH,
  MAX_MULTIPLIER,
  MAX_OVEN_CELSIUS,
  MAX_UNIT_LENGTH,
  MAX_YIELD_UNIT_LENGTH,
  UNKNOWN_INGREDIENT,
  ingredientSchema,
  productionPlanSchema,
  recipeIngredientSchema,
  recipeMessages,
  recipeSchema,
  recipeSummarySchema,
  type Ingredient,
  type PlannedProduct,
  type ProductionPlan,
  type Recipe,
  type RecipeIngredient,
  type RecipeSummary,
} from '../../../../domain/recipes';

/** The spec's four alerts and 'Unknown', from the domain's one list. */
export const recipeTexts = {
  recipeCreated: recipeMessages.recipeCreated,
  recipeFailed: recipeMessages.createRecipeFailed,
  ingredientsAdded: recipeMessages.ingredientsAdded,
  ingredientsFailed: recipeMessages.addIngredientsFailed,
  unknownIngredient: UNKNOWN_INGREDIENT,
} as const;

/** Recipe 1, the base cookie dough every cookie flavour starts from. */
export const BASE_RECIPE_ID = 1;

// The answers of the recipe calls, checked in the browser with the domain's schemas.
export { ingredientSchema, recipeIngredientSchema, recipeSchema, recipeSummarySchema };
export const planSchema = productionPlanSchema;
export type { Ingredient, PlannedProduct, ProductionPlan, Recipe, RecipeIngredient, RecipeSummary };

/** A quantity times the multiplier, to two decimals; a missing one shows as a dash. */
export function scaled(value: number | null | undefined, multiplier: number): string {
  if (value === null || value === undefined) return '—';
  return (Math.round(Number((value * multiplier * 100).toPrecision(15))) / 100).toFixed(2);
}

/** The ingredient's name, or 'Unknown' when it is missing. */
export const ingredientName = (ingredient: { ingredient_name?: string | null }) =>
  ingredient.ingredient_name?.trim() || recipeTexts.unknownIngredient;

export const cupsOf = (ingredient: Pick<RecipeIngredient, 'cups' | 'quantity_in_cups'>) =>
  ingredient.quantity_in_cups ?? ingredient.cups ?? null;

/** The multiplier field: a number of batches, 0 or more (decimals allowed), else null. */
export function parseMultiplier(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d*\.?\d+$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number <= MAX_MULTIPLIER ? number : null;
}

const GRAMS_PER_UNIT: Record<string, number> = { g: 1, kg: 1000 };

/**
 * Batches of a shared base (the cookie dough) that `multiplier` batches of the recipe use: the
 * recipe's line named like the base, in g or kg, over the base's weight. A recipe without such a line
 * uses one base batch per batch.
 */
export function baseBatches(recipe: Recipe, base: Recipe, multiplier: number): number {
  const line = recipe.ingredients.find(
    (item) => item.ingredient_name.trim().toLowerCase() === base.name.trim().toLowerCase(),
  );
  const grams = line ? line.quantity * (GRAMS_PER_UNIT[line.unit.trim().toLowerCase()] ?? NaN) : NaN;
  if (!base.total_yield_weight || !Number.isFinite(grams)) return multiplier;
  return (grams * multiplier) / base.total_yield_weight;
}

/** The server's limits (src/domain/recipes.ts): amounts to 2 decimals, whole minutes and degrees. */
const AMOUNT = /^\d+(\.\d{1,2})?$/;

const amountText = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => AMOUNT.test(value) && Number(value) <= MAX_AMOUNT, { message })
    .transform((value) => Number(value));

const optionalAmount = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (AMOUNT.test(value) && Number(value) <= MAX_AMOUNT), { message })
    .transform((value) => (value === '' ? null : Number(value)));

const amountMessage = (what: string) =>
  `Enter the ${what} as a number with up to 2 decimals, or leave it empty.`;

const wholeAmount = (what: string, max: number) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) <= max), {
      message: `Enter the ${what} as a whole number up to ${max.toLocaleString('en-CA')}, or leave it empty.`,
    })
    .transform((value) => (value === '' ? null : Number(value)));

export const ingredientRowSchema = z.object({
  ingredient_id: z
    .string()
    .regex(/^\d+$/, { message: 'Choose an ingredient.' })
    .transform((value) => Number(value)),
  quantity: amountText('Enter a number, up to 2 decimals.'),
  unit: z
    .string()
    .trim()
    .min(1, { message: 'Enter a unit.' })
    .max(MAX_UNIT_LENGTH, { message: `Keep the unit under ${MAX_UNIT_LENGTH} characters.` }),
  cups: optionalAmount('Enter a number, or leave it empty.'),
});
export type IngredientRowInput = z.input<typeof ingredientRowSchema>;
export type IngredientRow = z.output<typeof ingredientRowSchema>;

export const emptyIngredientRow = (): IngredientRowInput => ({
  ingredient_id: '',
  quantity: '',
  unit: 'g',
  cups: '',
});

export const ingredientsFormSchema = z.object({
  ingredients: z.array(ingredientRowSchema).min(1, { message: 'Add at least one ingredient.' }),
});
export type IngredientsFormInput = z.input<typeof ingredientsFormSchema>;
export type IngredientsForm = z.output<typeof ingredientsFormSchema>;

export const recipeFormSchema = z.object({
  instructions: z
    .string()
    .trim()
    .min(1, { message: 'Please write the instructions.' })
    .max(MAX_INSTRUCTIONS_LENGTH, {
      message: `Please keep the instructions under ${MAX_INSTRUCTIONS_LENGTH.toLocaleString('en-CA')} characters.`,
    }),
  cooking_time_minutes: wholeAmount('cooking time', MAX_COOKING_MINUTES),
  oven_temperature_celsius: wholeAmount('oven temperature', MAX_OVEN_CELSIUS),
  yield_quantity: optionalAmount(amountMessage('yield quantity')),
  yield_unit: z
    .string()
    .trim()
    .max(MAX_YIELD_UNIT_LENGTH, { message: `Keep the yield unit under ${MAX_YIELD_UNIT_LENGTH} characters.` })
    .transform((value) => value || null),
  total_yield_weight: optionalAmount(amountMessage('total yield weight')),
  ingredients: z.array(ingredientRowSchema),
});
export type RecipeFormInput = z.input<typeof recipeFormSchema>;
export type RecipeForm = z.output<typeof recipeFormSchema>;

export const emptyRecipeForm = (): RecipeFormInput => ({
  instructions: '',
  cooking_time_minutes: '',
  oven_temperature_celsius: '',
  yield_quantity: '',
  yield_unit: '',
  total_yield_weight: '',
  ingredients: [emptyIngredientRow()],
});

/** The body of POST /api/recipes/:id/ingredients for one row. */
export const ingredientPayload = (recipeId: number, row: IngredientRow) => ({
  recipe_id: recipeId,
  ingredient_id: row.ingredient_id,
  quantity: row.quantity,
  unit: row.unit,
  cups: row.cups,
});

/** One of the spec's recipe alerts, shown above the recipe. */
export interface RecipeAlert {
  tone: 'success' | 'error';
  text: string;
  /** the server's reason, when it refused the request */
  detail?: string;
}
