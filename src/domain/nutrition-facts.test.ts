import { describe, expect, it } from 'vitest';
import { nutritionFactsField } from './nutrition-facts-input.js';
import {
  atwaterCalories,
  DAILY_VALUES,
  nutritionFactsLines,
  nutritionFactsProblem,
  percentDailyValue,
  ROUNDING,
  summaryNutrition,
  type NutritionFacts,
} from './nutrition-facts.js';
import { nutritionFactsSchema, parseNutritionFacts } from './stored/nutrition-facts.js';

const cookie: NutritionFacts = {
  serving: { en: '1 cookie', fr: '1 biscuit', grams: 85 },
  calories: 396,
  fat_g: 24.4,
  saturated_fat_g: 10.6,
  trans_fat_g: 0.1,
  cholesterol_mg: 43,
  sodium_mg: 226,
  carbohydrate_g: 25.2,
  fibre_g: 6.4,
  sugars_g: 11.6,
  protein_g: 20.3,
  potassium_mg: 333,
  calcium_mg: 88,
  iron_mg: 2.1,
};

describe('daily values (Health Canada, Table of Daily Values)', () => {
  it('are those of the current table for people aged 4 and over', () => {
    expect(DAILY_VALUES).toEqual({
      fat: 75,
      saturatedAndTrans: 20,
      fibre: 28,
      sugars: 100,
      sodium: 2300,
      potassium: 3400,
      calcium: 1300,
      iron: 18,
    });
  });

  it('gives the % daily value of an amount to the nearest 1%', () => {
    expect(percentDailyValue(26, DAILY_VALUES.fat)).toBe(35); // 34.67
    expect(percentDailyValue(2300, DAILY_VALUES.sodium)).toBe(100);
    expect(percentDailyValue(0, DAILY_VALUES.sodium)).toBe(0);
    expect(percentDailyValue(0.5, DAILY_VALUES.fibre)).toBe(2); // 1.79
    expect(percentDailyValue(3.5, DAILY_VALUES.iron)).toBe(19); // 19.44
    expect(percentDailyValue(1.5, DAILY_VALUES.saturatedAndTrans)).toBe(8); // 7.5, half up
  });
});

describe('rounding for display (Table following B.01.401)', () => {
  it('rounds Calories to 0 under 5, by 5 up to 50, by 10 above', () => {
    expect([4.9, 5, 12.4, 12.5, 50, 51, 384.9, 385, 396].map(ROUNDING.calories)).toEqual([
      0, 5, 10, 15, 50, 50, 380, 390, 400,
    ]);
  });

  it('rounds fat by 0.1 g under 0.5 g, by 0.5 g under 5 g, by 1 g from 5 g', () => {
    expect([0, 0.04, 0.26, 0.49, 0.5, 1.74, 1.75, 4.9, 5, 24.4, 24.5].map(ROUNDING.fat)).toEqual([
      0, 0, 0.3, 0.5, 0.5, 1.5, 2, 5, 5, 24, 25,
    ]);
  });

  it('rounds carbohydrate, fibre and sugars to 0 under 0.5 g and by 1 g above; protein by 0.1 g under 0.5 g', () => {
    expect([0.4, 0.5, 6.4, 6.5].map(ROUNDING.carbohydrate)).toEqual([0, 1, 6, 7]);
    expect([0.04, 0.36, 0.5, 20.3].map(ROUNDING.protein)).toEqual([0, 0.4, 1, 20]);
  });

  it('rounds cholesterol by 5 mg from 2 mg, sodium by 5 mg up to 140 mg and by 10 mg above', () => {
    expect([1.9, 2, 43, 47.5].map(ROUNDING.cholesterol)).toEqual([0, 0, 45, 50]);
    expect([4.9, 5, 92, 140, 141, 226, 235].map(ROUNDING.sodium)).toEqual([0, 5, 90, 140, 140, 230, 240]);
  });

  it('rounds potassium and calcium by 10, 25 and 50 mg, and iron by 0.1, 0.25 and 0.5 mg', () => {
    expect([4, 44, 88, 249, 250, 333].map(ROUNDING.potassiumOrCalcium)).toEqual([0, 40, 100, 250, 250, 350]);
    expect([0.04, 0.26, 0.5, 1.8, 2.1, 2.5, 3.3].map(ROUNDING.iron)).toEqual([
      0, 0.3, 0.5, 1.75, 2, 2.5, 3.5,
    ]);
  });
});

describe('the table', () => {
  it('lists the lines of the current format in order, rounded, with % daily values where the table has them', () => {
    const lines = nutritionFactsLines(cookie);
    expect(lines.map((l) => [l.en, l.fr, l.amount, l.percent])).toEqual([
      ['Fat', 'Lipides', '24 g', 32],
      ['Saturated', 'saturés', '11 g', 56], // (11 + 0.1) / 20 = 55.5%
      ['Carbohydrate', 'Glucides', '25 g', null],
      ['Fibre', 'Fibres', '6 g', 21],
      ['Sugars', 'Sucres', '12 g', 12],
      ['Protein', 'Protéines', '20 g', null],
      ['Cholesterol', 'Cholestérol', '45 mg', null],
      ['Sodium', 'Sodium', '230 mg', 10],
      ['Potassium', 'Potassium', '350 mg', 10],
      ['Calcium', 'Calcium', '100 mg', 8],
      ['Iron', 'Fer', '2 mg', 11],
    ]);
    expect(lines[1]!.second).toEqual({ en: '+ Trans', fr: 'trans', amount: '0.1 g' });
  });

  it("derives the catalogue's five numbers from the rounded table", () => {
    expect(summaryNutrition(cookie)).toEqual({ calories: 400, protein: 20, fat: 24, carbs: 25, fiber: 6 });
    expect(atwaterCalories({ protein_g: 20, carbohydrate_g: 25, fat_g: 24 })).toBe(396);
  });

  it('finds parts larger than their whole and nutrients heavier than the serving', () => {
    expect(nutritionFactsProblem(cookie)).toBeNull();
    expect(nutritionFactsProblem({ ...cookie, saturated_fat_g: 30 })).toMatch(/cannot be more than fat_g/);
    expect(nutritionFactsProblem({ ...cookie, sugars_g: 20 })).toMatch(/cannot be more than carbohydrate_g/);
    expect(nutritionFactsProblem({ ...cookie, serving: { ...cookie.serving, grams: 60 } })).toMatch(
      /cannot weigh more than the 60 g serving/,
    );
  });
});

describe('nutrition_facts as sent and as stored', () => {
  it('takes the table as an object or as JSON text, and null or empty for none', () => {
    expect(nutritionFactsField.parse(cookie)).toEqual(cookie);
    expect(nutritionFactsField.parse(JSON.stringify(cookie))).toEqual(cookie);
    expect(nutritionFactsField.parse(null)).toBeNull();
    expect(nutritionFactsField.parse('')).toBeNull();
  });

  it('refuses a bad table, naming the field', () => {
    const problem = (value: unknown) => {
      const result = nutritionFactsField.safeParse(value);
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(problem({ ...cookie, fat_g: -1 })).toMatch(/^nutrition_facts\.fat_g must be a number from 0/);
    expect(problem({ ...cookie, sodium_mg: '220' })).toMatch(/^nutrition_facts\.sodium_mg/);
    expect(problem({ ...cookie, iron_mg: 1.234 })).toMatch(/at most two decimals/);
    const { potassium_mg: _gone, ...missing } = cookie;
    expect(problem(missing)).toMatch(/^nutrition_facts\.potassium_mg/);
    expect(problem({ ...cookie, extra: 1 })).toMatch(/^nutrition_facts must be the whole table/);
    expect(problem({ ...cookie, serving: { en: '', fr: '1 biscuit', grams: 85 } })).toMatch(
      /^nutrition_facts\.serving\.en/,
    );
    expect(problem({ ...cookie, serving: { ...cookie.serving, grams: 0 } })).toMatch(
      /^nutrition_facts\.serving\.grams/,
    );
    expect(problem({ ...cookie, fibre_g: 20 })).toMatch(/cannot be more than carbohydrate_g/);
    expect(problem('{not json')).toMatch(/JSON object/);
    expect(problem(42)).toMatch(/JSON object/);
  });

  it('reads the stored record (version 1), and refuses one that is not a table', () => {
    expect(nutritionFactsSchema.parse(JSON.parse(JSON.stringify(cookie)))).toEqual(cookie);
    expect(parseNutritionFacts(1, null)).toBeNull();
    expect(() => parseNutritionFacts(7, { ...cookie, v: 2 })).toThrow(
      /nutrition facts of product 7: v: unknown version/,
    );
    expect(() => parseNutritionFacts(7, { calories: 'many' })).toThrow(/nutrition facts of product 7/);
  });
});
