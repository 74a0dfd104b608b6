#!/usr/bin/env node
/**
 * Makes the two web fonts the shop preloads smaller (issue 20): the Latin files of Inter and Fraunces
 * (variable, from @fontsource-variable) cut down to the characters below and to the weights the
 * stylesheet uses (400 to 700), with harfbuzz (subset-font). Writes src/web/fonts/*.woff2, which are
 * committed; run it again after upgrading either font package or changing the character set, and
 * keep the unicode-range in src/web/app.css equal to UNICODE_RANGE printed here.
 *
 *   node scripts/subset-fonts.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Printable ASCII, Latin-1 (French and most Western European names), Œœ, and typographic marks. */
export const RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x152, 0x153],
  [0x2013, 0x2014],
  [0x2018, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2192],
  [0x2212, 0x2212],
];
const WEIGHTS = { min: 400, max: 700 };

const FONTS = [
  ['@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', 'inter-latin-400-700.woff2'],
  ['@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2', 'fraunces-latin-400-700.woff2'],
];

const text = RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join('');

for (const [source, target] of FONTS) {
  const original = readFileSync(join(root, 'node_modules', source));
  const subset = await subsetFont(original, text, {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHTS },
  });
  writeFileSync(join(root, 'src/web/fonts', target), subset);
  console.log(`${target}: ${original.length} → ${subset.length} bytes`);
}
const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
console.log(
  'UNICODE_RANGE',
  RANGES.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', '),
);
