/** The recipe rules: scaling by the multiplier, the base dough's batches, and the recipe form's checks. */
import { describe, expect, it } from 'vitest';
import { baseBatches, parseMultiplier, recipeFormSchema, scaled, type Recipe } from './recipes';

describe('recipes', () => {
  it('scales by the multiplier to two decimals', () => {
    expect(scaled(120.5, 2.5)).toBe('301.25');
    expect(scaled(1.005, 1)).toBe('1.01');
    expect(scaled(0.18, 2.5)).toBe('0.45');
    expect(scaled(null, 2)).toBe('—');
  });

  it('reads the multiplier: 0 or more, decimals allowed', () => {
    expect(parseMultiplier('1')).toBe(1);
    expect(parseMultiplier('2.5')).toBe(2.5);
    expect(parseMultiplier('0')).toBe(0);
    expect(parseMultiplier('')).toBeNull();
    expect(parseMultiplier('-1')).toBeNull();
    expect(parseMultiplier('abc')).toBeNull();
  });

  it('sizes the base dough from the flavour line that uses it', () => {
    const line = (name: string, quantity: number, unit: string) => ({
      id: 1,
      recipe_id: 2,
      ingredient_id: 1,
      ingredient_name: name,
      quantity,
      unit,
      quantity_in_cups: null,
      cups: null,
    });
    const recipe = (name: string, weight: number | null, ingredients: Recipe['ingredients']): Recipe => ({
      id: 2,
      product_id: 1,
      name,
      instructions: '',
      cooking_time_minutes: null,
      oven_temperature_celsius: null,
      yield_quantity: null,
      yield_unit: null,
      total_yield_weight: weight,
      ingredients,
    });
    const base = recipe('Base Cookie Dough', 3600, []);
    expect(baseBatches(recipe('Classic', 4080, [line('Base Cookie Dough', 1800, 'g')]), base, 2)).toBe(1);
    expect(baseBatches(recipe('Classic', 4080, [line('base cookie dough', 3.6, 'kg')]), base, 0.5)).toBe(0.5);
    expect(baseBatches(recipe('Classic', 4080, []), base, 1.5)).toBe(1.5);
  });

  it('checks the recipe form against the limits the server keeps', () => {
    const form = {
      instructions: 'Mix.',
      cooking_time_minutes: '12',
      oven_temperature_celsius: '175',
      yield_quantity: '48',
      yield_unit: 'cookies',
      total_yield_weight: '4080',
      ingredients: [{ ingredient_id: '3', quantity: '120.5', unit: 'g', cups: '' }],
    };
    expect(recipeFormSchema.parse(form)).toMatchObject({
      cooking_time_minutes: 12,
      ingredients: [{ ingredient_id: 3, quantity: 120.5, unit: 'g', cups: null }],
    });
    expect(recipeFormSchema.safeParse({ ...form, oven_temperature_celsius: '501' }).success).toBe(false);
    expect(
      recipeFormSchema.safeParse({ ...form, ingredients: [{ ...form.ingredients[0], quantity: '1.234' }] })
        .success,
    ).toBe(false);
    expect(
      recipeFormSchema.safeParse({ ...form, ingredients: [{ ...form.ingredients[0], ingredient_id: '' }] })
        .success,
    ).toBe(false);
  });
});
