/**
 * The product form's Nutrition Facts (decision 0062): one text box per value, all empty for a
 * product without a table. Parsed into the table the API takes (`nutrition_facts`), checked with
 * the server's limits and consistency rules (src/domain/nutrition-facts.ts) so that a mistake is
 * shown beside the box it is in.
 */
import {
  NUTRIENT_KEYS,
  NUTRITION_FACTS_LIMITS as LIMITS,
  type NutrientKey,
  type NutritionFacts,
} from '../../../../domain/nutrition-facts';
import { nutritionFactsProblem } from '../../../../domain/nutrition-facts';
import { z } from '../../../../domain/zod';

/** The boxes: the serving in English and French and its weight, then every amount. */
export type NutritionFactsFormKey = 'serving_en' | 'serving_fr' | 'serving_grams' | NutrientKey;

export const NUTRITION_FACTS_FORM_KEYS = [
  'serving_en',
  'serving_fr',
  'serving_grams',
  ...NUTRIENT_KEYS,
] as const satisfies readonly NutritionFactsFormKey[];

/** Labels of the boxes, with their unit. */
export const NUTRITION_FACTS_LABELS: Record<NutritionFactsFormKey, string> = {
  serving_en: 'Serving (English)',
  serving_fr: 'Serving (French)',
  serving_grams: 'Serving weight (g)',
  calories: 'Calories',
  fat_g: 'Fat (g)',
  saturated_fat_g: 'Saturated fat (g)',
  trans_fat_g: 'Trans fat (g)',
  carbohydrate_g: 'Carbohydrate (g)',
  fibre_g: 'Fibre (g)',
  sugars_g: 'Sugars (g)',
  protein_g: 'Protein (g)',
  cholesterol_mg: 'Cholesterol (mg)',
  sodium_mg: 'Sodium (mg)',
  potassium_mg: 'Potassium (mg)',
  calcium_mg: 'Calcium (mg)',
  iron_mg: 'Iron (mg)',
};

const DECIMAL = /^\d{1,6}(\.\d{1,2})?$/;

const maxOf = (key: NutritionFactsFormKey) =>
  key === 'calories'
    ? LIMITS.calories
    : key === 'serving_grams'
      ? LIMITS.servingGrams
      : key.endsWith('_mg')
        ? LIMITS.milligrams
        : LIMITS.servingGrams;

/** Which box a consistency problem belongs beside. */
const problemBox = (problem: string): NutritionFactsFormKey =>
  problem.startsWith('saturated')
    ? 'saturated_fat_g'
    : problem.startsWith('fibre')
      ? 'fibre_g'
      : 'serving_grams';

export const nutritionFactsFormSchema = z
  .object(
    Object.fromEntries(NUTRITION_FACTS_FORM_KEYS.map((key) => [key, z.string()])) as Record<
      NutritionFactsFormKey,
      z.ZodString
    >,
  )
  .transform((boxes, ctx): NutritionFacts | null => {
    const values = Object.fromEntries(
      Object.entries(boxes).map(([key, value]) => [key, value.trim()]),
    ) as Record<NutritionFactsFormKey, string>;
    if (Object.values(values).every((value) => value === '')) return null;
    const numbers: Partial<Record<NutritionFactsFormKey, number>> = {};
    for (const key of NUTRITION_FACTS_FORM_KEYS) {
      const value = values[key];
      if (key === 'serving_en' || key === 'serving_fr') {
        if (value === '' || value.length > LIMITS.household) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `Enter the household measure, e.g. ${key === 'serving_en' ? '1 cookie' : '1 biscuit'} (up to ${LIMITS.household} characters).`,
          });
        }
        continue;
      }
      const number = Number(value);
      if (value === '') {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'Enter the amount, or empty every box for no table.',
        });
      } else if (!DECIMAL.test(value) || number > maxOf(key) || (key === 'serving_grams' && number === 0)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Enter a number from ${key === 'serving_grams' ? 'above 0' : '0'} to ${maxOf(key).toLocaleString('en-CA')}, with up to two decimals.`,
        });
      } else numbers[key] = number;
    }
    if (Object.keys(numbers).length !== NUTRITION_FACTS_FORM_KEYS.length - 2) return z.NEVER;
    const n = numbers as Record<NutritionFactsFormKey, number>;
    const facts: NutritionFacts = {
      serving: { en: values.serving_en, fr: values.serving_fr, grams: n.serving_grams },
      ...(Object.fromEntries(NUTRIENT_KEYS.map((key) => [key, n[key]])) as Record<NutrientKey, number>),
    };
    const problem = nutritionFactsProblem(facts);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: [problemBox(problem)], message: problem });
      return z.NEVER;
    }
    return facts;
  });

/** The boxes for a product's table (all empty when it has none). */
export function nutritionFactsFormValues(
  facts: NutritionFacts | null | undefined,
): Record<NutritionFactsFormKey, string> {
  const values = Object.fromEntries(NUTRITION_FACTS_FORM_KEYS.map((key) => [key, ''])) as Record<
    NutritionFactsFormKey,
    string
  >;
  if (!facts) return values;
  values.serving_en = facts.serving.en;
  values.serving_fr = facts.serving.fr;
  values.serving_grams = String(facts.serving.grams);
  for (const key of NUTRIENT_KEYS) values[key] = String(facts[key]);
  return values;
}
