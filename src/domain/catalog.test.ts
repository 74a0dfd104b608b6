import { describe, expect, it } from 'vitest';
import { idealTimeOfDay, sizeLabel } from './catalog.js';

describe('sizeLabel', () => {
  it('shows cookie packs as packs of 8 with their weight', () => {
    expect(sizeLabel({ slug: 'classic', category: 'Chunky Protein Cookies', size: 680 })).toBe(
      'Pack of 8 (680 g)',
    );
  });
  it('shows the variety pack as a pack of 4 whatever its category', () => {
    expect(sizeLabel({ slug: 'chunky-variety-pack', category: 'Variety Pack', size: 340 })).toBe('Pack of 4');
    expect(sizeLabel({ slug: 'chunky-variety-pack', category: 'Chunky Protein Cookies', size: 340 })).toBe(
      'Pack of 4',
    );
  });
  it('shows other products by weight', () => {
    expect(sizeLabel({ slug: 'granola', category: 'Granola', size: 300 })).toBe('300 g');
    expect(sizeLabel({ slug: 'granola', category: 'Granola', size: null })).toBe('');
  });
});

describe('idealTimeOfDay', () => {
  it('defaults to Anytime', () => {
    expect(idealTimeOfDay({ ideal_time_of_day: null })).toBe('Anytime');
    expect(idealTimeOfDay({ ideal_time_of_day: '  ' })).toBe('Anytime');
    expect(idealTimeOfDay({ ideal_time_of_day: 'Morning' })).toBe('Morning');
  });
});
