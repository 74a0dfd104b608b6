import { describe, expect, it } from 'vitest';
import { parseTab } from './tabs';

describe('tabs', () => {
  it('opens Product Management unless the URL names another tab', () => {
    expect(parseTab(null)).toBe('products');
    expect(parseTab('recipes')).toBe('recipes');
    expect(parseTab('nonsense')).toBe('products');
  });
});
