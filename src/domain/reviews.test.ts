import { describe, expect, it } from 'vitest';
import { reviewsToShow, type Review } from './reviews.js';

const review = (name: string, rating: number): Review => ({
  name,
  rating,
  text: 't',
  date: '2026-05-01',
  profilePhoto: null,
});

describe('reviewsToShow', () => {
  it('keeps the three best, highest first, with first names and whole stars', () => {
    const shown = reviewsToShow([
      review('Ana Li', 3),
      review('Marc Roy', 4.6),
      review('Priya Sharma', 5),
      review('Tom Hill', 2),
      review('  Zoe  Baker ', 4.4),
    ]);
    expect(shown.map((r) => r.displayName)).toEqual(['Priya', 'Marc', 'Zoe']);
    expect(shown.map((r) => r.stars)).toEqual([5, 5, 4]);
  });
  it('handles fewer than three reviews', () => {
    expect(reviewsToShow([review('Solo', 5)])).toHaveLength(1);
    expect(reviewsToShow([])).toEqual([]);
  });
});
