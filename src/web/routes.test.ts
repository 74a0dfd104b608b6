/**
 * The Web Vitals report accepts only the shop's page patterns (domain/web-vitals.ts PAGE_PATTERNS,
 * decision 0072): they must be the router's, route for route.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_PATTERNS } from '../domain/web-vitals';
import routes from './routes';

describe('the page patterns', () => {
  it("are the router's", () => {
    const patterns = routes.map((route) => (route.index ? '/' : `/${route.path ?? ''}`));
    expect([...PAGE_PATTERNS].sort()).toEqual([...new Set(patterns)].sort());
  });
});
