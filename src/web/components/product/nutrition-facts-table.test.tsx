/**
 * The product page's Nutrition Facts table (decision 0062), rendered on the server as the first
 * page load is: bilingual headings with the French marked as French, the lines in the Canadian
 * order with their amounts and % daily values, and nothing for a product without a table.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { nutritionFactsTable, type NutritionFacts } from '../../../domain/nutrition-facts';
import { NutritionFactsTable } from './nutrition-facts-table';

const facts: NutritionFacts = {
  serving: { en: '1/3 cup', fr: '1/3 tasse', grams: 45 },
  calories: 198,
  fat_g: 10.2,
  saturated_fat_g: 3,
  trans_fat_g: 0,
  cholesterol_mg: 0,
  sodium_mg: 55,
  carbohydrate_g: 19,
  fibre_g: 4,
  sugars_g: 6,
  protein_g: 8,
  potassium_mg: 200,
  calcium_mg: 40,
  iron_mg: 1.75,
};

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe('NutritionFactsTable', () => {
  const html = renderToString(<NutritionFactsTable table={nutritionFactsTable(facts)} />);

  it('has the bilingual headings of a package, the French marked lang="fr"', () => {
    expect(html).toMatch(
      /<h2 id="nutrition-facts-title"[^>]*>Nutrition Facts<span[^>]*lang="fr"[^>]*>Valeur nutritive<\/span><\/h2>/,
    );
    expect(text(html)).toContain('Per 1/3 cup (45 g) / pour 1/3 tasse (45 g)');
    expect(html).toContain('<span lang="fr">pour 1/3 tasse (45 g)</span>');
    expect(text(html)).toContain('% Daily Value* % valeur quotidienne*');
    expect(text(html)).toContain(
      '*5% or less is a little, 15% or more is a lot *5 % ou moins c’est peu, 15 % ou plus c’est beaucoup',
    );
    expect(html).toContain('lang="fr">*5 % ou moins');
  });

  it('lists Calories and every line in order, rounded, with its % daily value', () => {
    const rows = [...html.matchAll(/<tr[^>]*data-nutrient="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => [
      m[1],
      text(m[2]!),
    ]);
    expect(rows).toEqual([
      ['calories', 'Calories 200'],
      ['fat', 'Fat / Lipides 10 g 13 %'],
      ['saturated-trans', 'Saturated / saturés 3 g 15 %'],
      ['saturated-trans-second', '+ Trans / trans 0 g'],
      ['carbohydrate', 'Carbohydrate / Glucides 19 g'],
      ['fibre', 'Fibre / Fibres 4 g 14 %'],
      ['sugars', 'Sugars / Sucres 6 g 6 %'],
      ['protein', 'Protein / Protéines 8 g'],
      ['cholesterol', 'Cholesterol / Cholestérol 0 mg'],
      ['sodium', 'Sodium 55 mg 2 %'],
      ['potassium', 'Potassium 200 mg 6 %'],
      ['calcium', 'Calcium 40 mg 3 %'],
      ['iron', 'Iron / Fer 1.75 mg 10 %'],
    ]);
    // Each line's name is its row's header; the combined saturated + trans value spans both rows.
    expect(html.match(/<th scope="row"/g)).toHaveLength(13);
    expect(html).toMatch(/rowSpan="2"[^>]*>15 %|rowspan="2"[^>]*>15 %/i);
  });

  it('renders nothing for a product without a table', () => {
    expect(renderToString(<NutritionFactsTable table={null} />)).toBe('');
  });
});
