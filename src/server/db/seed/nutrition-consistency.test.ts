/**
 * The demo catalogue tells one story about each product's nutrition (decision 0062): the Nutrition
 * Facts table, the label image drawn from it, the texts of the page (nutrition_info, description,
 * features, highlights) and the FAQs agree on the serving, the Calories, protein and fibre, and the
 * brand's claims hold (20 g protein per cookie, 11 g per 2 energy bites, 8 g per granola serving;
 * no added sugar where claimed; gluten-free).
 */
import { describe, expect, it } from 'vitest';
import {
  atwaterCalories,
  nutritionFactsLines,
  nutritionFactsProblem,
  roundedFacts,
  servingText,
} from '../../../domain/nutrition-facts.js';
import { drawNutritionLabel } from './nutrition-label.js';
import { seedProducts } from './products.js';
import type { SeedProduct } from './types.js';

/** Every text a shopper reads about the product, with where it is. */
function texts(product: SeedProduct): [string, string][] {
  return [
    ['nutrition_info', product.nutritionInfo],
    ['description', product.description],
    ...product.features.map((f, i): [string, string] => [`features[${i}]`, f]),
    ...product.highlights.flatMap((h, i): [string, string][] => [
      [`highlights[${i}].heading`, h.heading],
      [`highlights[${i}].subheading`, h.subheading],
    ]),
    ...product.faqs.flatMap((f, i): [string, string][] => [
      [`faqs[${i}].question`, f.question],
      [`faqs[${i}].answer`, f.answer],
    ]),
  ];
}

/** The numbers a text states before a pattern: "20 g protein", "20 g of Protein" → [20]. */
const numbersBefore = (text: string, what: RegExp) =>
  [...text.matchAll(new RegExp(`(\\d+(?:\\.\\d+)?)\\s*(?:g|kcal)\\s+(?:of\\s+)?${what.source}`, 'gi'))].map(
    (m) => Number(m[1]),
  );

const PROTEIN_CLAIM: Record<SeedProduct['category'], number> = {
  'chunky-protein-cookies': 20,
  'variety-pack': 20,
  energybites: 11,
  granola: 8,
};

describe.each(seedProducts.map((p) => [p.slug, p] as const))('%s', (_slug, product) => {
  const facts = product.nutritionFacts;
  const shown = roundedFacts(facts);

  it('has a whole, coherent table whose Calories agree with 4/4/9 kcal per g of protein, carbohydrate, fat', () => {
    expect(nutritionFactsProblem(facts)).toBeNull();
    const atwater = atwaterCalories({
      protein_g: shown.protein_g,
      carbohydrate_g: shown.carbohydrate_g,
      fat_g: shown.fat_g,
    });
    expect(Math.abs(shown.calories - atwater) / atwater).toBeLessThan(0.05);
  });

  it("keeps the brand's claims: protein per serving, gluten-free, no added sugar where claimed", () => {
    expect(shown.protein_g).toBe(PROTEIN_CLAIM[product.category]);
    expect(product.nutrition.gluten_free).toBe(true);
    if (product.features.includes('Grain-Free')) {
      expect(product.nutrition.grain_free).toBe(true);
      expect(product.ingredients.join(' ')).not.toMatch(/oat|wheat|rice|corn/i);
    }
    if (product.features.includes('No Added Sugar')) {
      // Sweetened with dates only: no sugars-based ingredient is added.
      const sweeteners = product.ingredients.filter((i) =>
        /\b(sugar|syrup|honey|agave|molasses)\b/i.test(i.replace(/no-sugar-added/gi, '')),
      );
      expect(sweeteners).toEqual([]);
    }
    // Sugars come from the dates (or the maple syrup): present, and below the carbohydrate.
    expect(shown.sugars_g).toBeGreaterThan(0);
  });

  it('sells whole servings: the pack is a whole number of servings', () => {
    expect(product.sizeGrams % facts.serving.grams).toBe(0);
  });

  it('states the same serving, Calories, protein and fibre on the page and in the FAQs', () => {
    const household = facts.serving.en.replace(/^1 /, '');
    expect(product.nutritionInfo).toMatch(
      new RegExp(`^Per ${household.replace('/', '\\/')} \\(${facts.serving.grams} g\\)`),
    );
    expect(product.nutritionInfo).toContain(`${shown.calories} kcal`);
    for (const [where, text] of texts(product)) {
      expect(numbersBefore(text, /protein/), where).toEqual(
        numbersBefore(text, /protein/).map(() => shown.protein_g),
      );
      expect(numbersBefore(text, /fibre/), where).toEqual(
        numbersBefore(text, /fibre/).map(() => shown.fibre_g),
      );
      const kcal = [...text.matchAll(/(\d+) kcal/g)].map((m) => Number(m[1]));
      expect(kcal, where).toEqual(kcal.map(() => shown.calories));
      // A serving named in cups or in grams is the table's.
      for (const cup of text.matchAll(/(\d\/\d) cup/g)) expect(`${cup[1]} cup`, where).toBe(facts.serving.en);
      for (const grams of text.matchAll(/serving is (\d+) g/g))
        expect(Number(grams[1]), where).toBe(facts.serving.grams);
    }
  });

  it('draws the label image from the same table', () => {
    const svg = drawNutritionLabel(product);
    expect(svg).toContain(`Per ${servingText(facts, 'en')}`);
    expect(svg).toContain(`pour ${servingText(facts, 'fr')}`);
    expect(svg).toContain(`Calories ${shown.calories}`);
    for (const line of nutritionFactsLines(facts)) {
      expect(svg).toContain(` ${line.amount}</text>`);
      if (line.percent !== null) expect(svg).toContain(`>${line.percent} %</text>`);
    }
    // No other serving: the label said 1/2 cup while the page said 1/3 cup.
    expect(svg.match(/\d\/\d (cup|tasse)/g) ?? []).toEqual(
      facts.serving.en.includes('cup') ? [facts.serving.en, facts.serving.fr] : [],
    );
  });
});

describe('the variety pack', () => {
  it("shows the average of the four cookies' tables", () => {
    const cookies = seedProducts.filter((p) => p.category === 'chunky-protein-cookies');
    const pack = seedProducts.find((p) => p.category === 'variety-pack')!;
    expect(cookies).toHaveLength(4);
    const mean = (key: 'calories' | 'fat_g' | 'sodium_mg') =>
      cookies.reduce((sum, p) => sum + p.nutritionFacts[key], 0) / cookies.length;
    expect(pack.nutritionFacts.calories).toBe(mean('calories'));
    expect(pack.nutritionFacts.fat_g).toBe(mean('fat_g'));
    expect(pack.nutritionFacts.sodium_mg).toBe(mean('sodium_mg'));
    expect(pack.nutritionFacts.serving).toEqual(cookies[0]!.nutritionFacts.serving);
  });
});
