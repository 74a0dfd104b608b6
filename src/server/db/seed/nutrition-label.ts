/**
 * A Canadian "Nutrition Facts / Valeur nutritive" panel drawn as SVG from the product's Nutrition
 * Facts, the same lines and rounding as the product page's table (domain/nutrition-facts.ts,
 * decision 0062), served as the product's optional nutrition label image. Text stays text, so it
 * is sharp at any zoom.
 */
import {
  NUTRITION_FACTS_TEXT as TEXT,
  nutritionFactsLines,
  roundedFacts,
  servingText,
} from '../../../domain/nutrition-facts.js';
import type { SeedProduct } from './types.js';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function drawNutritionLabel(product: Pick<SeedProduct, 'name' | 'nutritionFacts'>): string {
  const facts = product.nutritionFacts;
  const width = 360;
  let y = 0;
  const parts: string[] = [];
  const text = (x: number, dy: number, content: string, attrs = '') => {
    y += dy;
    parts.push(`<text x="${x}" y="${y}" ${attrs}>${escape(content)}</text>`);
  };
  const right = (content: string, attrs = '') =>
    parts.push(`<text x="${width - 16}" y="${y}" text-anchor="end" ${attrs}>${escape(content)}</text>`);
  const rule = (thickness: number, gap = 8) => {
    y += gap;
    parts.push(`<rect x="12" y="${y}" width="${width - 24}" height="${thickness}" fill="#111"/>`);
    y += thickness;
  };

  text(16, 40, TEXT.title.en, 'font-size="26" font-weight="800"');
  text(16, 28, TEXT.title.fr, 'font-size="26" font-weight="800"');
  // "Per … / pour …" on two lines: a long household measure would not fit on one.
  text(16, 24, `${TEXT.per.en} ${servingText(facts, 'en')} /`, 'font-size="13"');
  text(16, 17, `${TEXT.per.fr} ${servingText(facts, 'fr')}`, 'font-size="13"');
  rule(6);
  text(16, 30, `${TEXT.calories.en} ${roundedFacts(facts).calories}`, 'font-size="20" font-weight="800"');
  right(TEXT.dailyValue.en, 'font-size="11" font-weight="700"');
  y += 13;
  right(TEXT.dailyValue.fr, 'font-size="11" font-weight="700"');
  rule(3);
  for (const line of nutritionFactsLines(facts)) {
    if (line.group === 'minerals' && line.key === 'potassium') rule(5, 0);
    const x = line.indent ? 32 : 16;
    const name = line.en === line.fr ? line.en : `${line.en} / ${line.fr}`;
    text(x, 24, `${name} ${line.amount}`, `font-size="14"${line.indent ? '' : ' font-weight="700"'}`);
    if (line.second) {
      if (line.percent !== null) right(`${line.percent} %`, 'font-size="14"');
      text(x, 20, `${line.second.en} / ${line.second.fr} ${line.second.amount}`, 'font-size="14"');
    } else if (line.percent !== null) right(`${line.percent} %`, 'font-size="14"');
    rule(1, 8);
  }
  rule(3, 0);
  text(16, 20, TEXT.footnote.en, 'font-size="11"');
  text(16, 16, TEXT.footnote.fr, 'font-size="11"');
  const height = y + 18;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`,
    ` role="img" aria-label="${escape(`Nutrition facts for ${product.name}`)}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<rect x="4" y="4" width="${width - 8}" height="${height - 8}" fill="none" stroke="#111" stroke-width="2"/>`,
    `<g font-family="Helvetica, Arial, sans-serif" fill="#111">`,
    ...parts,
    `</g></svg>`,
  ].join('');
}
