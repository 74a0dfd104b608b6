/**
 * Small writers for catalogue rows, used by the demo seed and by tests that need their own data.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  categories,
  ingredients,
  productCompetitors,
  productFaqs,
  productImages,
  productHighlights,
  products,
  recipeIngredients,
  recipes,
} from '../schema.js';
import { summaryNutrition } from '../../../domain/nutrition-facts.js';
import type { SceneKey, SeedCategory, SeedNutrition, SeedProduct, SeedRecipe } from './types.js';

/** Nutrition in the API's field names to the tables' column names. */
function nutritionColumns(n: SeedNutrition) {
  return {
    calories: n.calories,
    protein: n.protein,
    fat: n.fat,
    carbs: n.carbs,
    fiber: n.fiber,
    glutenFree: n.gluten_free,
    grainFree: n.grain_free,
  };
}

/** Anything that runs queries: the database or a transaction. */
type Db = Pick<Database, 'insert' | 'select'>;

export async function insertCategory(
  db: Db,
  category: SeedCategory,
  images: Partial<Record<SceneKey, string>> = {},
): Promise<number> {
  const { qualityPromise, ingredientHighlight, features } = category.config;
  const [row] = await db
    .insert(categories)
    .values({
      name: category.name,
      slug: category.slug,
      description: category.description,
      sortOrder: category.sortOrder,
      config: {
        features,
        qualityPromise: { text: qualityPromise.text, imageUrl: images[qualityPromise.image] ?? '' },
        ingredientHighlight: {
          imageUrl: images[ingredientHighlight.image] ?? '',
          altText: ingredientHighlight.altText,
          tag: ingredientHighlight.tag,
          title: ingredientHighlight.title,
          description: ingredientHighlight.description,
          points: ingredientHighlight.points,
        },
      },
    })
    .returning({ id: categories.id });
  if (!row) throw new Error('category insert returned nothing');
  return row.id;
}

export type ProductInput = Omit<SeedProduct, 'artwork'> & { sortOrder?: number };

export async function insertProduct(
  db: Db,
  product: ProductInput,
  categoryId: number,
  media: {
    imageUrl?: string | null;
    /** The gallery after `imageUrl`, its first photo (decision 0061): the seed's other views. */
    moreImages?: { url: string; alt: string }[];
    nutritionLabelUrl?: string | null;
  } = {},
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({
      categoryId,
      name: product.name,
      slug: product.slug,
      description: product.description,
      sizeGrams: product.sizeGrams,
      priceCents: product.priceCents,
      sku: product.sku,
      imageUrl: media.imageUrl ?? null,
      nutritionLabelUrl: media.nutritionLabelUrl ?? null,
      features: product.features,
      idealTimeOfDay: product.idealTimeOfDay,
      nutritionInfo: product.nutritionInfo,
      ingredients: product.ingredients,
      allergens: product.allergens,
      // The five numbers as the table shows them (the catalogue derives them from the table).
      ...nutritionColumns({ ...summaryNutrition(product.nutritionFacts), ...product.nutrition }),
      nutritionFacts: product.nutritionFacts,
      sortOrder: product.sortOrder ?? 0,
      subscribeSavePercent: product.subscribeSavePercent ?? 0,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('product insert returned nothing');
  const productId = row.id;
  if (product.highlights.length > 0) {
    await db
      .insert(productHighlights)
      .values(product.highlights.map((h, position) => ({ productId, position, ...h })));
  }
  if (product.competitors.length > 0) {
    await db.insert(productCompetitors).values(
      product.competitors.map((c, position) => ({
        productId,
        position,
        competitorName: c.competitor_name,
        ...nutritionColumns(c),
      })),
    );
  }
  if (product.faqs.length > 0) {
    await db.insert(productFaqs).values(product.faqs.map((f, position) => ({ productId, position, ...f })));
  }
  if (media.imageUrl) {
    const gallery = [{ url: media.imageUrl, alt: product.name }, ...(media.moreImages ?? [])];
    await db
      .insert(productImages)
      .values(gallery.map(({ url, alt }, position) => ({ productId, position, url, alt })));
  }
  return productId;
}

/** Finds an ingredient by name, creating it when new. */
export async function ingredientId(db: Db, name: string): Promise<number> {
  const [existing] = await db
    .select({ id: ingredients.id })
    .from(ingredients)
    .where(eq(ingredients.name, name));
  if (existing) return existing.id;
  const [row] = await db.insert(ingredients).values({ name }).returning({ id: ingredients.id });
  if (!row) throw new Error('ingredient insert returned nothing');
  return row.id;
}

/** Writes a recipe and its ingredient lines; `id` forces the recipe's id (the seed's recipe 1). */
export async function insertRecipe(
  db: Db,
  recipe: SeedRecipe,
  productId: number | null,
  id?: number,
): Promise<number> {
  const [row] = await db
    .insert(recipes)
    .values({
      ...(id !== undefined ? { id } : {}),
      productId,
      name: recipe.name,
      instructions: recipe.instructions,
      cookingTimeMinutes: recipe.cookingTimeMinutes,
      ovenTemperatureCelsius: recipe.ovenTemperatureCelsius,
      yieldQuantity: recipe.yieldQuantity,
      yieldUnit: recipe.yieldUnit,
      totalYieldWeight: recipe.totalYieldWeightGrams,
    })
    .returning({ id: recipes.id });
  if (!row) throw new Error('recipe insert returned nothing');
  for (const [position, item] of recipe.ingredients.entries()) {
    await db.insert(recipeIngredients).values({
      recipeId: row.id,
      ingredientId: await ingredientId(db, item.ingredient),
      quantity: item.quantity,
      unit: item.unit,
      quantityInCups: item.cups,
      position,
    });
  }
  return row.id;
}
