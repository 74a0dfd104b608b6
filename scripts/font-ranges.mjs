/**
 * The characters each of the shop's self-hosted font files covers (decision 0036).
 *
 * - CORE: what the shop's own pages use (ASCII, the marks and the one accented letter of its copy).
 *   The core files are preloaded by every page, so every byte of them is on the way to the first paint.
 * - LATIN_REST: the rest of Fontsource's Latin file (Latin-1, Œœ, quotes, the euro sign...), in a
 *   second file per font that a browser downloads only for a page that shows one of these characters
 *   (a customer's name with an accent, a French word an admin typed).
 * - Other Latin letters come from Fontsource's latin-ext files, loaded the same way.
 *
 * src/web/app.css must carry these ranges as the unicode-range of the matching faces; a unit test
 * (font-ranges.test.ts) compares them, and e2e/page-weight checks that the demo catalogue's pages
 * need nothing outside CORE.
 */

/** [first, last] code points, inclusive. */
export const CORE = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xa0], // no-break space
  [0xa9, 0xa9], // ©
  [0xae, 0xae], // ®
  [0xb0, 0xb0], // ° (oven temperatures)
  [0xb7, 0xb7], // · (nutrition facts, separators)
  [0xd7, 0xd7], // × (pack sizes)
  [0xe9, 0xe9], // é (cafés)
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2190, 0x2190], // ←
  [0x2192, 0x2192], // →
  [0x2212, 0x2212], // − (minus)
];

/** What the subset Latin files covered as one file before the split (decision 0033). */
export const LATIN = [
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

/** @type {(ranges: number[][]) => number[]} */
export const codePoints = (ranges) =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));

/**
 * Sorted code points back into [first, last] runs.
 * @param {number[]} points
 * @returns {number[][]}
 */
export function toRanges(points) {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const ranges = [];
  for (const point of sorted) {
    const last = ranges.at(-1);
    if (last && last[1] === point - 1) last[1] = point;
    else ranges.push([point, point]);
  }
  return ranges;
}

const corePoints = new Set(codePoints(CORE));

/** LATIN less CORE. */
export const LATIN_REST = toRanges(codePoints(LATIN).filter((point) => !corePoints.has(point)));

/** @type {(ranges: number[][], point: number) => boolean} */
export const inRanges = (ranges, point) => ranges.some(([from, to]) => point >= from && point <= to);

const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');

/** As CSS writes it: "U+0020-007E, U+00A0, ...". @type {(ranges: number[][]) => string} */
export const unicodeRange = (ranges) =>
  ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
