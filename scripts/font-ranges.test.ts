import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORE, LATIN, LATIN_REST, codePoints, inRanges, toRanges, unicodeRange } from './font-ranges.mjs';

const css = readFileSync(new URL('../src/web/app.css', import.meta.url), 'utf8');

/** The unicode-range of the @font-face whose src is `file`, as written in app.css. */
function rangeOf(file: string): string[] {
  const face = [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
    .map((m) => m[1]!)
    .find((body) => body.includes(file));
  expect(face, `an @font-face for ${file} in app.css`).toBeDefined();
  const range = /unicode-range:([^;]+);/.exec(face!)?.[1] ?? '';
  return range.split(',').map((part) => part.trim());
}

describe('the self-hosted font files and their unicode-ranges (decision 0036)', () => {
  it('declares in app.css the very ranges the core and rest files were cut to', () => {
    for (const family of ['inter', 'fraunces']) {
      expect(rangeOf(`./fonts/${family}-core.woff2`)).toEqual(unicodeRange(CORE).split(', '));
      expect(rangeOf(`./fonts/${family}-latin-rest.woff2`)).toEqual(unicodeRange(LATIN_REST).split(', '));
    }
  });

  it('splits the Latin file without losing or doubling a character', () => {
    const core = codePoints(CORE);
    const rest = codePoints(LATIN_REST);
    expect(core.filter((point) => rest.includes(point))).toEqual([]);
    expect(toRanges([...core, ...rest])).toEqual(toRanges(codePoints(LATIN)));
    expect(inRanges(CORE, 0xe9)).toBe(true);
    expect(inRanges(LATIN_REST, 0xe8)).toBe(true);
  });

  it('writes ranges the way CSS does', () => {
    expect(
      unicodeRange([
        [0x20, 0x7e],
        [0xa0, 0xa0],
      ]),
    ).toBe('U+0020-007E, U+00A0');
    expect(toRanges([3, 1, 2, 7, 7, 8])).toEqual([
      [1, 3],
      [7, 8],
    ]);
  });
});
