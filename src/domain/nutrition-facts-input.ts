/**
 * `nutrition_facts` as an admin sends it when creating or changing a product (decision 0062): the
 * whole table as an object (JSON), or as JSON text (a multipart form); null or an empty text to
 * remove the table. Every amount is required, within limits, and the table must hold together
 * (parts within their whole, nutrients within the serving); each refusal names the field.
 */
import {
  NUTRIENT_KEYS,
  NUTRITION_FACTS_LIMITS as LIMITS,
  nutritionFactsProblem,
  type NutrientKey,
  type NutritionFacts,
} from './nutrition-facts.js';
import { containsNul, NUL_MESSAGE } from './text.js';
import { z } from './zod.js';

const PREFIX = 'nutrition_facts';

/** A number from 0 to `max` with at most two decimals. */
function amountField(key: NutrientKey, max: number) {
  const unit = key === 'calories' ? ' Calories' : key.endsWith('_mg') ? ' mg' : ' g';
  const message = `${PREFIX}.${key} must be a number from 0 to ${max.toLocaleString('en-CA')}${unit}, with at most two decimals.`;
  return z
    .number({ message })
    .finite({ message })
    .min(0, { message })
    .max(max, { message })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { message });
}

const householdField = (language: 'en' | 'fr') => {
  const message = `${PREFIX}.serving.${language} must be a household measure of 1 to ${LIMITS.household} characters, e.g. ${language === 'en' ? '"1 cookie"' : '"1 biscuit"'}.`;
  return z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(LIMITS.household, { message })
    .refine((value) => !containsNul(value), { message: NUL_MESSAGE });
};

const servingGramsMessage = `${PREFIX}.serving.grams must be a number of grams above 0 and up to ${LIMITS.servingGrams.toLocaleString('en-CA')}, with at most one decimal.`;

const amounts = Object.fromEntries(
  NUTRIENT_KEYS.map((key) => [
    key,
    amountField(
      key,
      key === 'calories' ? LIMITS.calories : key.endsWith('_mg') ? LIMITS.milligrams : LIMITS.servingGrams,
    ),
  ]),
) as Record<NutrientKey, ReturnType<typeof amountField>>;

/** The whole table, every field required, nothing else. */
const factsObject = z
  .strictObject(
    {
      serving: z.strictObject(
        {
          en: householdField('en'),
          fr: householdField('fr'),
          grams: z
            .number({ message: servingGramsMessage })
            .finite({ message: servingGramsMessage })
            .positive({ message: servingGramsMessage })
            .max(LIMITS.servingGrams, { message: servingGramsMessage })
            .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, {
              message: servingGramsMessage,
            }),
        },
        { message: `${PREFIX}.serving must be { en, fr, grams }.` },
      ),
      ...amounts,
    },
    {
      message: `${PREFIX} must be the whole table: serving { en, fr, grams } and ${NUTRIENT_KEYS.join(', ')}; or null for none.`,
    },
  )
  .superRefine((facts, ctx) => {
    const problem = nutritionFactsProblem(facts as NutritionFacts);
    if (problem) ctx.addIssue({ code: 'custom', message: `${PREFIX}: ${problem}` });
  });

const NOT_JSON = `${PREFIX} must be the table as a JSON object, or empty for none.`;

/** The field as sent: the table, JSON text of it, or null / '' for none. */
export const nutritionFactsField = z
  .union(
    [
      z.null(),
      z.string().transform((value, ctx) => {
        const trimmed = value.trim();
        if (trimmed === '' || trimmed === 'null') return null;
        try {
          return JSON.parse(trimmed) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: NOT_JSON });
          return z.NEVER;
        }
      }),
      z.record(z.string(), z.unknown()),
    ],
    { message: NOT_JSON },
  )
  .pipe(factsObject.nullable())
  .transform((facts) => facts as NutritionFacts | null);
