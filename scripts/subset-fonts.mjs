#!/usr/bin/env node
/**
 * Makes the web fonts the shop serves itself smaller (decisions 0033 and 0036): Fontsource's
 * Latin files of Inter and Fraunces (variable) cut to the weights the stylesheet uses (400 to 700) and
 * split in two with harfbuzz (subset-font): a core file with the characters of the shop's own pages,
 * preloaded, and the rest of Latin, loaded only by a page that needs it (scripts/font-ranges.mjs).
 * Writes src/web/fonts/*.woff2, which are committed; run it again after upgrading either font package
 * or changing the ranges, and copy the unicode-range it prints into src/web/app.css (a unit test
 * compares them).
 *
 *   node scripts/subset-fonts.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { CORE, LATIN_REST, codePoints, unicodeRange } from './font-ranges.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEIGHTS = { min: 400, max: 700 };
const FONTS = [
  ['@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', 'inter'],
  ['@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2', 'fraunces'],
];
const PARTS = [
  ['core', CORE],
  ['latin-rest', LATIN_REST],
];

for (const [source, name] of FONTS) {
  const original = readFileSync(join(root, 'node_modules', source));
  for (const [part, ranges] of PARTS) {
    const text = String.fromCodePoint(...codePoints(ranges));
    const subset = await subsetFont(original, text, {
      targetFormat: 'woff2',
      variationAxes: { wght: WEIGHTS },
    });
    const target = `${name}-${part}.woff2`;
    writeFileSync(join(root, 'src/web/fonts', target), subset);
    console.log(`${target}: ${original.length} → ${subset.length} bytes`);
  }
}
for (const [part, ranges] of PARTS)
  console.log(`unicode-range of the ${part} files: ${unicodeRange(ranges)}`);
