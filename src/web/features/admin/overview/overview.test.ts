import { describe, expect, it } from 'vitest';
import { barHeights } from './overview';

describe("the Overview chart's bars", () => {
  it('scales each day to the busiest one, and draws nothing for a month without sales', () => {
    expect(barHeights([{ gross: 0 }, { gross: 500 }, { gross: 1000 }, { gross: 333 }], 140)).toEqual([
      0, 70, 140, 47,
    ]);
    expect(barHeights([{ gross: 0 }, { gross: 0 }], 140)).toEqual([0, 0]);
    expect(barHeights([], 140)).toEqual([]);
  });
});
