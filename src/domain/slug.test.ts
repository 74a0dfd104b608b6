import { describe, expect, it } from 'vitest';
import { isSlug, slugify } from './slug.js';

describe('slugify', () => {
  it('lower-cases and joins words with hyphens', () => {
    expect(slugify('Classic Chocolate Chunk Protein Cookies')).toBe(
      'classic-chocolate-chunk-protein-cookies',
    );
  });
  it('drops symbols and folds accents', () => {
    expect(slugify('White Chocolate & Macadamia Protein Cookies')).toBe(
      'white-chocolate-macadamia-protein-cookies',
    );
    expect(slugify('  Crème Brûlée — Bites! ')).toBe('creme-brulee-bites');
    expect(slugify("Maple's Best")).toBe('maples-best');
  });
  it('recognises slugs', () => {
    expect(isSlug('chunky-variety-pack')).toBe(true);
    expect(isSlug('Chunky')).toBe(false);
    expect(isSlug('a--b')).toBe(false);
    expect(isSlug('../etc')).toBe(false);
  });
});
