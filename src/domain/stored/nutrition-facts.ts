/**
 * A product's Nutrition Facts (`products.nutrition_facts`, decision 0062): the serving and the
 * amounts per serving of the Canadian Nutrition Facts table (domain/nutrition-facts.ts). The
 * catalogue parses it on every read (decision 0047); null is a product with no table.
 *
 * This schema checks the structure only (numbers that are finite and not negative); the limits and
 * the consistency rules are the API's (productNutritionFactsField in product-admin.ts), checked
 * when the facts are written.
 */
import type { NutritionFacts } from '../nutrition-facts.js';
import { z } from '../zod.js';
import { parseStored, versionOne } from './versions.js';

const amount = z.number().finite().nonnegative();

/** The fields of version 1; also the product shape's `nutrition_facts` (catalog-schemas.ts). */
export const nutritionFactsFields = {
  serving: z.object({ en: z.string(), fr: z.string(), grams: z.number().finite().positive() }),
  calories: amount,
  fat_g: amount,
  saturated_fat_g: amount,
  trans_fat_g: amount,
  cholesterol_mg: amount,
  sodium_mg: amount,
  carbohydrate_g: amount,
  fibre_g: amount,
  sugars_g: amount,
  protein_g: amount,
  potassium_mg: amount,
  calcium_mg: amount,
  iron_mg: amount,
};

/** Version 1, with no `v` (as the code writes it). */
export const nutritionFactsSchema = versionOne(nutritionFactsFields);

// The stored record and the domain's shape are one: a field added to either shows here.
const _same: [z.output<typeof nutritionFactsSchema>, NutritionFacts] extends [
  NutritionFacts,
  z.output<typeof nutritionFactsSchema>,
]
  ? true
  : never = true;
void _same;

/** The column: the facts, or null for a product without a table. */
export const nutritionFactsColumnSchema = nutritionFactsSchema.nullable();

/** A product's stored facts, parsed; throws a StoredRecordError naming the product when they do not parse. */
export function parseNutritionFacts(productId: number, value: unknown): NutritionFacts | null {
  return parseStored(`the nutrition facts of product ${productId}`, nutritionFactsColumnSchema, value);
}
