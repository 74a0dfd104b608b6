/**
 * Production recipes (decision 0014) for the admin dashboard: ingredients, recipes
 * and their lines, and the production plan from the packs waiting in open orders (and soon in
 * subscription renewals).
 */
import { and, asc, eq, inArray, isNotNull, sql, sum } from 'drizzle-orm';
import { ConflictError, InvalidError, NotFoundError } from '../../../domain/errors.js';
import {
  planFromOpenOrders,
  recipeMessages,
  type AddRecipeIngredient,
  type CreateRecipe,
  type Ingredient,
  type ProductionPlan,
  type Recipe,
  type RecipeIngredient,
  type RecipeSummary,
} from '../../../domain/recipes.js';
import { OPEN_ORDER_STATUSES } from '../../../domain/orders.js';
import { RENEWAL_HORIZON_DAYS, renewalHorizonEnd } from '../../../domain/subscription-metrics.js';
import { heldUnits } from '../stock/reservations.js';
import { renewalsDueBefore } from '../subscriptions/metrics.js';
import type { Database } from '../../db/client.js';
import {
  categories,
  ingredients,
  orderItems,
  orders,
  products,
  recipeIngredients,
  recipes,
} from '../../db/schema.js';

type RecipeRow = typeof recipes.$inferSelect;
type Executor = Pick<Database, 'select'>;

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function toApiRecipe(row: RecipeRow, lines: RecipeIngredient[]): Recipe {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    instructions: row.instructions,
    cooking_time_minutes: row.cookingTimeMinutes,
    oven_temperature_celsius: row.ovenTemperatureCelsius,
    yield_quantity: row.yieldQuantity,
    yield_unit: row.yieldUnit,
    total_yield_weight: row.totalYieldWeight,
    ingredients: lines,
  };
}

/** The lines of the given recipes, in their order, with the ingredient names. */
async function linesOf(db: Executor, recipeIds: number[]): Promise<RecipeIngredient[]> {
  if (recipeIds.length === 0) return [];
  const rows = await db
    .select({ line: recipeIngredients, name: ingredients.name })
    .from(recipeIngredients)
    .leftJoin(ingredients, eq(ingredients.id, recipeIngredients.ingredientId))
    .where(inArray(recipeIngredients.recipeId, recipeIds))
    .orderBy(asc(recipeIngredients.recipeId), asc(recipeIngredients.position), asc(recipeIngredients.id));
  return rows.map(({ line, name }) => ({
    id: line.id,
    recipe_id: line.recipeId,
    ingredient_id: line.ingredientId,
    // The join cannot miss (a foreign key), but the spec's 'Unknown' stays the fallback.
    ingredient_name: name ?? 'Unknown',
    quantity: line.quantity,
    unit: line.unit,
    quantity_in_cups: line.quantityInCups,
    cups: line.quantityInCups,
  }));
}

export function createRecipesService(db: Database) {
  async function load(executor: Executor, recipeId: number): Promise<Recipe | null> {
    const [row] = await executor.select().from(recipes).where(eq(recipes.id, recipeId));
    if (!row) return null;
    return toApiRecipe(row, await linesOf(executor, [row.id]));
  }

  async function get(recipeId: number): Promise<Recipe> {
    const recipe = await load(db, recipeId);
    if (!recipe) throw new NotFoundError(recipeMessages.recipeNotFound);
    return recipe;
  }

  return {
    /** Every ingredient, by name. */
    async listIngredients(): Promise<Ingredient[]> {
      // Sorted here rather than in SQL: PGlite and PostgreSQL may collate differently.
      const rows = await db.select({ id: ingredients.id, name: ingredients.name }).from(ingredients);
      return rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
    },

    /** Every recipe with its product: the shared bases first, then in shop order. */
    async list(): Promise<RecipeSummary[]> {
      const rows = await db
        .select({
          id: recipes.id,
          name: recipes.name,
          product_id: recipes.productId,
          product_name: products.name,
          category: categories.name,
        })
        .from(recipes)
        .leftJoin(products, eq(products.id, recipes.productId))
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .orderBy(
          sql`${recipes.productId} is not null`,
          asc(categories.sortOrder),
          asc(products.sortOrder),
          asc(recipes.id),
        );
      return rows;
    },

    get,

    /** A recipe's lines; 404 when the recipe is missing. */
    async ingredientsOf(recipeId: number): Promise<RecipeIngredient[]> {
      return (await get(recipeId)).ingredients;
    },

    /**
     * A product's recipe, without lines. One per product: the unique index decides between two
     * concurrent creations, and the loser gets 409.
     */
    async create(input: CreateRecipe): Promise<Recipe> {
      const recipeId = await db.transaction(async (tx) => {
        // Key-share lock: the product cannot be deleted before this recipe refers to it.
        const [product] = await tx
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(eq(products.id, input.product_id))
          .for('key share');
        if (!product) throw new NotFoundError(recipeMessages.productNotFound);
        const [row] = await tx
          .insert(recipes)
          .values({
            productId: product.id,
            name: product.name,
            instructions: input.instructions,
            cookingTimeMinutes: input.cooking_time_minutes,
            ovenTemperatureCelsius: input.oven_temperature_celsius,
            yieldQuantity: input.yield_quantity,
            yieldUnit: input.yield_unit,
            totalYieldWeight: input.total_yield_weight,
          })
          .onConflictDoNothing({ target: recipes.productId })
          .returning({ id: recipes.id });
        if (!row) throw new ConflictError(recipeMessages.duplicateRecipe);
        return row.id;
      });
      return get(recipeId);
    },

    /**
     * Adds one line at the end of the recipe. The dashboard sends one call per line, all at once:
     * each call locks the recipe row, so they queue and every line gets its own next position.
     */
    async addIngredient(recipeId: number, input: AddRecipeIngredient): Promise<RecipeIngredient> {
      if (input.recipe_id !== undefined && input.recipe_id !== recipeId) {
        throw new InvalidError(recipeMessages.recipeIdMismatch);
      }
      const lineId = await db.transaction(async (tx) => {
        // The update both finds the recipe and takes its row lock until commit.
        const [recipe] = await tx
          .update(recipes)
          .set({ updatedAt: new Date() })
          .where(eq(recipes.id, recipeId))
          .returning({ id: recipes.id });
        if (!recipe) throw new NotFoundError(recipeMessages.recipeNotFound);
        const [ingredient] = await tx
          .select({ id: ingredients.id })
          .from(ingredients)
          .where(eq(ingredients.id, input.ingredient_id))
          .for('key share');
        if (!ingredient) throw new NotFoundError(recipeMessages.ingredientNotFound);
        const [next] = await tx
          .select({ position: sql<number>`coalesce(max(${recipeIngredients.position}) + 1, 0)::int` })
          .from(recipeIngredients)
          .where(eq(recipeIngredients.recipeId, recipeId));
        const [line] = await tx
          .insert(recipeIngredients)
          .values({
            recipeId,
            ingredientId: ingredient.id,
            quantity: input.quantity,
            unit: input.unit,
            quantityInCups: input.cups,
            position: next?.position ?? 0,
          })
          .returning({ id: recipeIngredients.id });
        return line!.id;
      });
      const [line] = (await linesOf(db, [recipeId])).filter((item) => item.id === lineId);
      return line!;
    },

    /**
     * Batches and pick list for the packs in Pending and In Progress orders, the packs held by
     * checkouts being paid, and the packs of the subscription renewals due within the next
     * RENEWAL_HORIZON_DAYS (decision 0057; domain planFromOpenOrders).
     */
    async productionPlan(now = new Date()): Promise<ProductionPlan> {
      const open = await db
        .select({ productId: orderItems.productId, packs: sum(orderItems.quantity).mapWith(Number) })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(inArray(orders.status, OPEN_ORDER_STATUSES), isNotNull(orderItems.productId)))
        .groupBy(orderItems.productId);
      const openPacksByProduct = new Map(open.map((row) => [row.productId!, row.packs]));
      const reservedPacksByProduct = await heldUnits(db);
      const due = await renewalsDueBefore(db, renewalHorizonEnd(now, RENEWAL_HORIZON_DAYS));
      const renewalPacksByProduct = new Map(due.units.map((u) => [u.productId, u.units]));
      const planned = new Set([
        ...openPacksByProduct.keys(),
        ...reservedPacksByProduct.keys(),
        ...renewalPacksByProduct.keys(),
      ]);
      if (planned.size === 0) {
        return { products: [], pick_list: [], bases: [], renewal_days: RENEWAL_HORIZON_DAYS };
      }

      // Hidden products are included: their open orders still have to be baked.
      const productRows = await db
        .select({
          id: products.id,
          name: products.name,
          category: categories.name,
          size_grams: products.sizeGrams,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(inArray(products.id, [...planned]))
        .orderBy(asc(categories.sortOrder), asc(products.sortOrder), asc(products.id));
      // Every recipe: the planned products' own and the shared bases they may use.
      const recipeRows = await db.select().from(recipes).orderBy(asc(recipes.id));
      const lines = await linesOf(
        db,
        recipeRows.map((row) => row.id),
      );
      const linesByRecipe = new Map<number, RecipeIngredient[]>();
      for (const line of lines) {
        linesByRecipe.set(line.recipe_id, [...(linesByRecipe.get(line.recipe_id) ?? []), line]);
      }
      return planFromOpenOrders({
        products: productRows,
        recipes: recipeRows.map((row) => toApiRecipe(row, linesByRecipe.get(row.id) ?? [])),
        openPacksByProduct,
        reservedPacksByProduct,
        renewalPacksByProduct,
        renewalDays: RENEWAL_HORIZON_DAYS,
      });
    },
  };
}

export type RecipesService = ReturnType<typeof createRecipesService>;
