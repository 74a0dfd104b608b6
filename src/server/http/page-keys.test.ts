import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  declaredCanonicalPath,
  isSameOriginPath,
  PAGE_QUERY_PARAMS,
  planPageRequest,
} from './page-keys.js';

describe('what a page request is, before it renders', () => {
  it('keys a page by its path alone, whatever tracking or cache-busting parameters it carries', () => {
    for (const url of [
      '/shop',
      '/shop?cb=1',
      '/shop?utm_source=x&gclid=y',
      '/shop?fbclid=z',
      '/shop?token=s',
    ]) {
      expect(planPageRequest('GET', url)).toEqual({ kind: 'cache', key: '/shop' });
    }
    expect(planPageRequest('HEAD', '/?utm_medium=email')).toEqual({ kind: 'cache', key: '/' });
  });

  it('renders, without keeping, a page asked for with a parameter its render reads', () => {
    expect(PAGE_QUERY_PARAMS['/track-orders']).toEqual(['order']);
    expect(planPageRequest('GET', '/track-orders?order=1042')).toEqual({ kind: 'render' });
    expect(planPageRequest('GET', '/track-orders?utm_source=x')).toEqual({
      kind: 'cache',
      key: '/track-orders',
    });
    // A draft's preview link, on any product page (decision 0065).
    expect(planPageRequest('GET', '/products/new-bar?preview=1.2.abc')).toEqual({ kind: 'render' });
    expect(planPageRequest('GET', '/products/new-bar?utm_source=x')).toEqual({
      kind: 'cache',
      key: '/products/new-bar',
    });
    expect(planPageRequest('GET', '/shop?preview=1')).toEqual({ kind: 'cache', key: '/shop' });
  });

  it("renders form posts and React Router's data requests for themselves", () => {
    expect(planPageRequest('POST', '/track-orders')).toEqual({ kind: 'render' });
    expect(planPageRequest('GET', '/shop.data?_routes=routes%2Fshop')).toEqual({ kind: 'render' });
    // Lazy route discovery reads its query (the paths and the build's version) on every navigation.
    expect(planPageRequest('GET', '/__manifest?p=%2Fcheckout%2Fshipping&version=abc')).toEqual({
      kind: 'render',
    });
  });

  it('redirects duplicate and trailing slashes to the canonical path, keeping the query', () => {
    expect(planPageRequest('GET', '/shop/')).toEqual({ kind: 'redirect', status: 301, location: '/shop' });
    expect(planPageRequest('GET', '/shop//?a=1')).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/shop?a=1',
    });
    expect(planPageRequest('HEAD', '/products//x')).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/products/x',
    });
    expect(planPageRequest('POST', '/track-orders/')).toEqual({
      kind: 'redirect',
      status: 308,
      location: '/track-orders',
    });
    expect(planPageRequest('GET', '/')).toEqual({ kind: 'cache', key: '/' });
    expect(canonicalPath('//')).toBe('/');
  });

  it('never redirects to another host: a leading // becomes one slash, a backslash is no page', () => {
    const attempts = [
      '//evil.example/shop',
      '//evil.example',
      '///evil.example/',
      '////evil.example//shop//',
      '//evil.example/shop?next=//evil.example',
    ];
    for (const url of attempts) {
      const plan = planPageRequest('GET', url);
      expect(plan.kind).toBe('redirect');
      if (plan.kind !== 'redirect') continue;
      expect(isSameOriginPath(plan.location)).toBe(true);
      expect(new URL(plan.location, 'https://shop.example').host).toBe('shop.example');
    }
    for (const url of [
      '/\\evil.example/shop',
      '/\\/evil.example',
      '\\\\evil.example',
      'http://evil.example/',
      '*',
    ]) {
      expect(planPageRequest('GET', url)).toEqual({ kind: 'not-found' });
    }
  });

  it('reads only a one-slash path as same-origin', () => {
    expect(isSameOriginPath('/shop')).toBe(true);
    expect(isSameOriginPath('/')).toBe(true);
    for (const location of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'evil.example',
      '',
    ]) {
      expect(isSameOriginPath(location)).toBe(false);
    }
  });

  it('reads the canonical path a rendered page declares, or null', () => {
    const page = (head: string) => `<!DOCTYPE html><html><head>${head}</head><body></body></html>`;
    expect(declaredCanonicalPath(page('<link rel="canonical" href="https://shop.example/shop"/>'))).toBe(
      '/shop',
    );
    expect(declaredCanonicalPath(page('<link rel="canonical" href="http://localhost:3000/"/>'))).toBe('/');
    expect(declaredCanonicalPath(page('<title>x</title>'))).toBeNull();
    expect(declaredCanonicalPath(page('<link rel="canonical" href="not a url"/>'))).toBeNull();
  });
});
