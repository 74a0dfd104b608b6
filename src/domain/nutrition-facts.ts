/**
 * The Canadian Nutrition Facts table (docs/product.md, Nutrition Facts; decision 0062): what it
 * declares per serving, the daily values its % daily value is computed from, and how each amount is
 * rounded for display. Pure data and arithmetic, no zod: the product page and the seed's label
 * drawing both read it (the schema of the stored facts is in stored/nutrition-facts.ts).
 *
 * Sources (Health Canada, Food and Drug Regulations C.R.C., c. 870, as amended in 2016; mandatory
 * since 2022):
 * - Table of Daily Values (incorporated by reference in the FDR; version of 2022-10-20), part 1
 *   (macronutrients and sodium) and part 2 (vitamins and minerals), for people aged 4 and over.
 * - Table following section B.01.401 (Nutrition Facts table core information: nomenclature, units,
 *   rounding and manner of expression).
 * - Directory of Nutrition Facts Table Formats (order of the lines, the bilingual standard format,
 *   the footnote "*5% or less is a little, 15% or more is a lot").
 */

/** The facts of one serving, as stored (amounts unrounded; rounding is for display). */
export interface NutritionFacts {
  /** The serving of stated size: a household measure in both languages and its weight. */
  serving: { en: string; fr: string; grams: number };
  calories: number;
  fat_g: number;
  saturated_fat_g: number;
  trans_fat_g: number;
  cholesterol_mg: number;
  sodium_mg: number;
  carbohydrate_g: number;
  fibre_g: number;
  sugars_g: number;
  protein_g: number;
  potassium_mg: number;
  calcium_mg: number;
  iron_mg: number;
}

/** The amounts of the facts (everything but the serving). */
export type NutrientKey = Exclude<keyof NutritionFacts, 'serving'>;

/** Every amount, in the order of the table (Directory of Nutrition Facts Table Formats). */
export const NUTRIENT_KEYS = [
  'calories',
  'fat_g',
  'saturated_fat_g',
  'trans_fat_g',
  'carbohydrate_g',
  'fibre_g',
  'sugars_g',
  'protein_g',
  'cholesterol_mg',
  'sodium_mg',
  'potassium_mg',
  'calcium_mg',
  'iron_mg',
] as const satisfies readonly NutrientKey[];

/**
 * Daily values for people aged 4 and over (Table of Daily Values, parts 1 and 2). Carbohydrate,
 * protein and cholesterol have none on the current table, so they show no % daily value.
 */
export const DAILY_VALUES = {
  /** g */
  fat: 75,
  /** g: saturated and trans fat together, one % daily value for both */
  saturatedAndTrans: 20,
  /** g */
  fibre: 28,
  /** g */
  sugars: 100,
  /** mg */
  sodium: 2300,
  /** mg */
  potassium: 3400,
  /** mg */
  calcium: 1300,
  /** mg */
  iron: 18,
} as const;

/** Upper bounds of a stored fact: what a form or an API call may set (decision 0062). */
export const NUTRITION_FACTS_LIMITS = {
  /** characters of each household measure ("1 cookie", "1/3 cup") */
  household: 40,
  /** grams of one serving */
  servingGrams: 1000,
  /** Calories of one serving */
  calories: 5000,
  /** milligrams of sodium, potassium, calcium, cholesterol (still below the serving's weight) */
  milligrams: 100_000,
} as const;

/** `value` to the nearest multiple of `step`, halves away from zero, without float dust. */
function toMultiple(value: number, step: number): number {
  const multiple = Math.floor(value / step + 0.5 + 1e-9) * step;
  return Number(multiple.toFixed(2));
}

/**
 * Amounts as the table shows them (Table following B.01.401). The regulation's "0 if the product
 * meets the conditions for a 'free of' claim" branches are read as the small amounts they stand
 * for: below the threshold the table shows 0.
 */
export const ROUNDING = {
  /** Under 5 Calories: 0; up to 50: multiple of 5; above: multiple of 10. */
  calories: (v: number) => (v < 5 ? 0 : v <= 50 ? toMultiple(v, 5) : toMultiple(v, 10)),
  /** Fat, saturated and trans fat: under 0.5 g by 0.1 g; under 5 g by 0.5 g; then by 1 g. */
  fat: (v: number) => (v < 0.5 ? toMultiple(v, 0.1) : v < 5 ? toMultiple(v, 0.5) : toMultiple(v, 1)),
  /** Carbohydrate, fibre, sugars: under 0.5 g: 0; then by 1 g. */
  carbohydrate: (v: number) => (v < 0.5 ? 0 : toMultiple(v, 1)),
  /** Protein: under 0.5 g by 0.1 g; then by 1 g. */
  protein: (v: number) => (v < 0.5 ? toMultiple(v, 0.1) : toMultiple(v, 1)),
  /** Cholesterol: under 2 mg: 0; then by 5 mg. */
  cholesterol: (v: number) => (v < 2 ? 0 : toMultiple(v, 5)),
  /** Sodium: under 5 mg: 0; up to 140 mg by 5 mg; then by 10 mg. */
  sodium: (v: number) => (v < 5 ? 0 : v <= 140 ? toMultiple(v, 5) : toMultiple(v, 10)),
  /** Potassium and calcium: under 5 mg: 0; under 50 mg by 10; under 250 mg by 25; then by 50 mg. */
  potassiumOrCalcium: (v: number) =>
    v < 5 ? 0 : v < 50 ? toMultiple(v, 10) : v < 250 ? toMultiple(v, 25) : toMultiple(v, 50),
  /** Iron: under 0.05 mg: 0; under 0.5 by 0.1; under 2.5 by 0.25; then by 0.5 mg. */
  iron: (v: number) =>
    v < 0.05 ? 0 : v < 0.5 ? toMultiple(v, 0.1) : v < 2.5 ? toMultiple(v, 0.25) : toMultiple(v, 0.5),
  /** % daily value: to the nearest 1%. */
  percent: (v: number) => toMultiple(v, 1),
} as const;

/**
 * The % daily value of an amount as shown, to the nearest 1%. It is computed from the rounded
 * amount, so that the table reads consistently (26 g of a 75 g daily value shows 35%).
 */
export function percentDailyValue(shownAmount: number, dailyValue: number): number {
  return ROUNDING.percent((shownAmount / dailyValue) * 100);
}

/** The facts' amounts as the table shows them, rounded. */
export function roundedFacts(facts: NutritionFacts): Record<NutrientKey, number> {
  return {
    calories: ROUNDING.calories(facts.calories),
    fat_g: ROUNDING.fat(facts.fat_g),
    saturated_fat_g: ROUNDING.fat(facts.saturated_fat_g),
    trans_fat_g: ROUNDING.fat(facts.trans_fat_g),
    cholesterol_mg: ROUNDING.cholesterol(facts.cholesterol_mg),
    sodium_mg: ROUNDING.sodium(facts.sodium_mg),
    carbohydrate_g: ROUNDING.carbohydrate(facts.carbohydrate_g),
    fibre_g: ROUNDING.carbohydrate(facts.fibre_g),
    sugars_g: ROUNDING.carbohydrate(facts.sugars_g),
    protein_g: ROUNDING.protein(facts.protein_g),
    potassium_mg: ROUNDING.potassiumOrCalcium(facts.potassium_mg),
    calcium_mg: ROUNDING.potassiumOrCalcium(facts.calcium_mg),
    iron_mg: ROUNDING.iron(facts.iron_mg),
  };
}

/** One line of the table: its bilingual name, the amount as shown, and its % daily value if any. */
export interface NutritionFactsLine {
  key:
    | 'fat'
    | 'saturated-trans'
    | 'carbohydrate'
    | 'fibre'
    | 'sugars'
    | 'protein'
    | 'cholesterol'
    | 'sodium'
    | 'potassium'
    | 'calcium'
    | 'iron';
  /** Name in English and in French ("Fat" / "Lipides"); equal when the two languages agree. */
  en: string;
  fr: string;
  /** "26 g", "220 mg" */
  amount: string;
  /** For the saturated + trans line: the trans amount on its own ("+ Trans / trans 0 g"). */
  second?: { en: string; fr: string; amount: string };
  percent: number | null;
  /** A sub-line of the one above (saturated + trans under fat, fibre and sugars under carbohydrate). */
  indent: boolean;
  /** Potassium, calcium and iron come after a thick rule, in their own group. */
  group: 'core' | 'minerals';
}

/** An amount and its unit as the table writes it: "26 g", "0.5 g", "1.75 mg". */
const amount = (value: number, unit: 'g' | 'mg') => `${value} ${unit}`;

/** The table's lines in order, amounts rounded and % daily values computed. */
export function nutritionFactsLines(facts: NutritionFacts): NutritionFactsLine[] {
  const r = roundedFacts(facts);
  const dv = DAILY_VALUES;
  return [
    {
      key: 'fat',
      en: 'Fat',
      fr: 'Lipides',
      amount: amount(r.fat_g, 'g'),
      percent: percentDailyValue(r.fat_g, dv.fat),
      indent: false,
      group: 'core',
    },
    {
      key: 'saturated-trans',
      en: 'Saturated',
      fr: 'saturés',
      amount: amount(r.saturated_fat_g, 'g'),
      second: { en: '+ Trans', fr: 'trans', amount: amount(r.trans_fat_g, 'g') },
      percent: percentDailyValue(r.saturated_fat_g + r.trans_fat_g, dv.saturatedAndTrans),
      indent: true,
      group: 'core',
    },
    {
      key: 'carbohydrate',
      en: 'Carbohydrate',
      fr: 'Glucides',
      amount: amount(r.carbohydrate_g, 'g'),
      percent: null,
      indent: false,
      group: 'core',
    },
    {
      key: 'fibre',
      en: 'Fibre',
      fr: 'Fibres',
      amount: amount(r.fibre_g, 'g'),
      percent: percentDailyValue(r.fibre_g, dv.fibre),
      indent: true,
      group: 'core',
    },
    {
      key: 'sugars',
      en: 'Sugars',
      fr: 'Sucres',
      amount: amount(r.sugars_g, 'g'),
      percent: percentDailyValue(r.sugars_g, dv.sugars),
      indent: true,
      group: 'core',
    },
    {
      key: 'protein',
      en: 'Protein',
      fr: 'Protéines',
      amount: amount(r.protein_g, 'g'),
      percent: null,
      indent: false,
      group: 'core',
    },
    {
      key: 'cholesterol',
      en: 'Cholesterol',
      fr: 'Cholestérol',
      amount: amount(r.cholesterol_mg, 'mg'),
      percent: null,
      indent: false,
      group: 'core',
    },
    {
      key: 'sodium',
      en: 'Sodium',
      fr: 'Sodium',
      amount: amount(r.sodium_mg, 'mg'),
      percent: percentDailyValue(r.sodium_mg, dv.sodium),
      indent: false,
      group: 'core',
    },
    {
      key: 'potassium',
      en: 'Potassium',
      fr: 'Potassium',
      amount: amount(r.potassium_mg, 'mg'),
      percent: percentDailyValue(r.potassium_mg, dv.potassium),
      indent: false,
      group: 'minerals',
    },
    {
      key: 'calcium',
      en: 'Calcium',
      fr: 'Calcium',
      amount: amount(r.calcium_mg, 'mg'),
      percent: percentDailyValue(r.calcium_mg, dv.calcium),
      indent: false,
      group: 'minerals',
    },
    {
      key: 'iron',
      en: 'Iron',
      fr: 'Fer',
      amount: amount(r.iron_mg, 'mg'),
      percent: percentDailyValue(r.iron_mg, dv.iron),
      indent: false,
      group: 'minerals',
    },
  ];
}

/** The table's fixed texts, in both languages as on a package. */
export const NUTRITION_FACTS_TEXT = {
  title: { en: 'Nutrition Facts', fr: 'Valeur nutritive' },
  per: { en: 'Per', fr: 'pour' },
  calories: { en: 'Calories', fr: 'Calories' },
  dailyValue: { en: '% Daily Value*', fr: '% valeur quotidienne*' },
  footnote: {
    en: '*5% or less is a little, 15% or more is a lot',
    fr: '*5 % ou moins c’est peu, 15 % ou plus c’est beaucoup',
  },
} as const;

/**
 * The table ready to show: its fixed texts, the serving in both languages, the Calories and the
 * lines, rounded.
 */
export interface NutritionFactsTable {
  text: typeof NUTRITION_FACTS_TEXT;
  serving: { en: string; fr: string };
  calories: number;
  lines: NutritionFactsLine[];
}

/**
 * The table as the product page shows it, computed on the server so that the page's scripts carry
 * neither the rounding rules nor the texts (decision 0062).
 */
export function nutritionFactsTable(facts: NutritionFacts): NutritionFactsTable {
  return {
    text: NUTRITION_FACTS_TEXT,
    serving: { en: servingText(facts, 'en'), fr: servingText(facts, 'fr') },
    calories: roundedFacts(facts).calories,
    lines: nutritionFactsLines(facts),
  };
}

/** "1 cookie (85 g)": a serving as the "Per …" line names it, in one language. */
export function servingText(facts: Pick<NutritionFacts, 'serving'>, language: 'en' | 'fr'): string {
  return `${facts.serving[language]} (${facts.serving.grams} g)`;
}

/**
 * The catalogue's five nutrition numbers (the product shape's `nutrition`) as the table shows them,
 * so the comparison and the table never disagree.
 */
export function summaryNutrition(facts: NutritionFacts) {
  const r = roundedFacts(facts);
  return {
    calories: r.calories,
    protein: r.protein_g,
    fat: r.fat_g,
    carbs: r.carbohydrate_g,
    fiber: r.fibre_g,
  };
}

/**
 * Calories from the macronutrients by the Atwater general factors (4 kcal per g of protein and of
 * carbohydrate, 9 per g of fat): what a declared energy value should roughly agree with.
 */
export function atwaterCalories(
  facts: Pick<NutritionFacts, 'protein_g' | 'carbohydrate_g' | 'fat_g'>,
): number {
  return 4 * facts.protein_g + 4 * facts.carbohydrate_g + 9 * facts.fat_g;
}

/**
 * What is inconsistent in a set of facts, or null: a part larger than its whole, or nutrients
 * weighing more than the serving. The API refuses such facts with this message.
 */
export function nutritionFactsProblem(facts: NutritionFacts): string | null {
  const grams = facts.serving.grams;
  if (facts.saturated_fat_g + facts.trans_fat_g > facts.fat_g) {
    return `saturated_fat_g + trans_fat_g (${facts.saturated_fat_g + facts.trans_fat_g} g) cannot be more than fat_g (${facts.fat_g} g).`;
  }
  if (facts.fibre_g + facts.sugars_g > facts.carbohydrate_g) {
    return `fibre_g + sugars_g (${facts.fibre_g + facts.sugars_g} g) cannot be more than carbohydrate_g (${facts.carbohydrate_g} g).`;
  }
  const mg = facts.cholesterol_mg + facts.sodium_mg + facts.potassium_mg + facts.calcium_mg + facts.iron_mg;
  const total = facts.fat_g + facts.carbohydrate_g + facts.protein_g + mg / 1000;
  if (total > grams + 1e-9) {
    return `The nutrients (${Number(total.toFixed(2))} g) cannot weigh more than the ${grams} g serving.`;
  }
  return null;
}
