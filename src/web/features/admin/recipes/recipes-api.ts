/** Recipe Management's calls: what the route's clientLoader reads for the tab, and the saves. */
import { z } from '../../../../domain/zod';
import { apiRequest } from '../../../api';
import { adminRequest, loadPart, valueOr, type Loaded } from '../shared/admin-api';
import {
  BASE_RECIPE_ID,
  ingredientPayload,
  ingredientSchema,
  planSchema,
  recipeSchema,
  recipeSummarySchema,
  type Ingredient,
  type IngredientRow,
  type ProductionPlan,
  type Recipe,
  type RecipeForm,
  type RecipeSummary,
} from './recipes';

const categoryList = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
export type CategoryGroup = z.infer<typeof categoryList>[number];

/** The production plan and when it was read. */
export interface PlanReading {
  plan: ProductionPlan;
  at: Date;
}

export interface RecipesData {
  /** The products by category, and which of them have a recipe: without them the tab has no list. */
  catalog: Loaded<{ groups: CategoryGroup[]; summaries: RecipeSummary[] }>;
  /** What the recipe form offers (empty when they could not be read: the failure is logged). */
  ingredients: Ingredient[];
  /** Recipe 1, the base dough (null when it could not be read). */
  base: Recipe | null;
  /** The open packs per product (null when they could not be read). */
  plan: PlanReading | null;
}

/** The products by category, which of them have a recipe, the ingredients, recipe 1 and the open packs. */
export async function loadRecipes(signal: AbortSignal): Promise<RecipesData> {
  const [catalog, ingredients, base, plan] = await Promise.all([
    loadPart(signal, 'Failed to load recipes', async () => {
      const [groups, summaries] = await Promise.all([
        adminRequest(categoryList, '/api/categories', { signal }),
        adminRequest(z.array(recipeSummarySchema), '/api/recipes', { signal }),
      ]);
      return { groups, summaries };
    }),
    loadPart(signal, 'Failed to load ingredients', () =>
      adminRequest(z.array(ingredientSchema), '/api/ingredients', { signal }),
    ),
    loadPart(signal, 'Failed to load the base recipe', () =>
      adminRequest(recipeSchema, recipePath(BASE_RECIPE_ID), { signal }),
    ),
    loadPart(signal, 'Failed to load open packs', () => readPlan(signal)),
  ]);
  return {
    catalog,
    ingredients: valueOr(ingredients, []),
    base: valueOr(base, null),
    plan: valueOr(plan, null),
  };
}

/** GET /api/production-plan, with the time it was read. */
export async function readPlan(signal?: AbortSignal): Promise<PlanReading> {
  const plan = await adminRequest(planSchema, '/api/production-plan', signal ? { signal } : {});
  return { plan, at: new Date() };
}

export const recipePath = (id: number) => `/api/recipes/by-id/${id}`;

/** POST /api/recipes: the recipe without its ingredients (they are added one call each). */
export const createRecipe = (productId: number, recipe: Omit<RecipeForm, 'ingredients'>) =>
  adminRequest(recipeSchema, '/api/recipes', { method: 'POST', body: { product_id: productId, ...recipe } });

/** POST /api/recipes/:id/ingredients: one ingredient line. */
export const addIngredient = (recipeId: number, row: IngredientRow) =>
  apiRequest(`/api/recipes/${recipeId}/ingredients`, {
    method: 'POST',
    body: ingredientPayload(recipeId, row),
  });
