/**
 * A Canadian-style "Nutrition Facts / Valeur nutritive" panel drawn as SVG from a product's
 * nutrition, served as the product's nutrition label. Text stays text, so it is sharp at any zoom.
 */
import type { SeedProduct } from './types.js';

const SERVING: Record<SeedProduct['category'], string> = {
  'chunky-protein-cookies': '1 cookie (85 g) / 1 biscuit (85 g)',
  'variety-pack': '1 cookie (85 g) / 1 biscuit (85 g)',
  energybites: '2 bites (44 g) / 2 bouchées (44 g)',
  granola: '1/2 cup (45 g) / 1/2 tasse (45 g)',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function drawNutritionLabel(product: Pick<SeedProduct, 'name' | 'category' | 'nutrition'>): string {
  const n = product.nutrition;
  const width = 360;
  const rows: [string, string, boolean][] = [
    ['Fat / Lipides', `${n.fat} g`, true],
    ['Carbohydrate / Glucides', `${n.carbs} g`, true],
    ['Fibre / Fibres', `${n.fiber} g`, false],
    ['Protein / Protéines', `${n.protein} g`, true],
  ];
  let y = 0;
  const parts: string[] = [];
  const text = (x: number, dy: number, content: string, attrs = '') => {
    y += dy;
    parts.push(`<text x="${x}" y="${y}" ${attrs}>${escape(content)}</text>`);
  };
  const rule = (thickness: number, gap = 8) => {
    y += gap;
    parts.push(`<rect x="12" y="${y}" width="${width - 24}" height="${thickness}" fill="#111"/>`);
    y += thickness;
  };

  text(16, 40, 'Nutrition Facts', 'font-size="26" font-weight="800"');
  text(16, 28, 'Valeur nutritive', 'font-size="26" font-weight="800"');
  text(16, 24, `Per ${SERVING[product.category]}`, 'font-size="13"');
  rule(6);
  text(16, 30, `Calories ${n.calories}`, 'font-size="20" font-weight="800"');
  rule(3);
  for (const [label, value, bold] of rows) {
    text(bold ? 16 : 32, 26, `${label} ${value}`, `font-size="15"${bold ? ' font-weight="700"' : ''}`);
    rule(1, 8);
  }
  text(16, 24, 'Gluten-free · No added sugar', 'font-size="12"');
  text(16, 18, 'Sans gluten · Sans sucre ajouté', 'font-size="12"');
  const height = y + 20;

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
