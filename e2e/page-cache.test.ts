/**
 * The cache of rendered pages against forced renders and junk keys (decision 0041), on the built shop
 * (no browser): query parameters a page does not read are answered from the cache, non-canonical
 * paths redirect to the canonical one on this origin (never to another host), and renders the cache
 * cannot spare are limited per client while cached pages go on answering.
 *
 * The shop trusts one proxy hop, so each test speaks from a client address of its own
 * (X-Forwarded-For) and counts against its own limit.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type RunningShop } from './server';

/** Renders one client may force per minute here: small, so the limit is reached quickly. */
const RENDER_LIMIT = 5;

let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: '1', PAGE_RENDER_LIMIT: String(RENDER_LIMIT) });
});
afterAll(async () => {
  await shop?.stop();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The path exactly as written (fetch would tidy `//` and `\`), from client address `client`. */
const raw = (path: string, client: string, method = 'GET') =>
  new Promise<Answer>((resolve, reject) => {
    const { hostname, port } = new URL(shop.url);
    httpRequest({ hostname, port, path, method, headers: { 'x-forwarded-for': client } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });

describe('query parameters a page does not read', () => {
  it('answers tracking and cache-busting parameters from the cached page', async () => {
    const client = '198.51.100.1';
    const first = await raw('/shop', client);
    expect(first.status).toBe(200);
    expect(['miss', 'hit']).toContain(first.headers['x-page-cache']);
    for (const path of [
      '/shop?cb=1',
      '/shop?cb=2',
      '/shop?utm_source=x',
      '/shop?utm_source=newsletter&utm_medium=email&gclid=abc',
      '/shop?fbclid=xyz',
    ]) {
      const answer = await raw(path, client);
      expect({ path, status: answer.status, cache: answer.headers['x-page-cache'] }).toEqual({
        path,
        status: 200,
        cache: 'hit',
      });
      expect(answer.headers.etag).toBe(first.headers.etag);
    }
  });

  it('renders a page for a secret-carrying link from its path alone, and never keeps the secret', async () => {
    const client = '198.51.100.2';
    const secret = 'restore-secret-4b1d';
    // The cart is not a page for everyone: rendered each time, but never from the link's query.
    const link = await raw(`/cart?restoreCart=true&token=${secret}`, client);
    expect(link.status).toBe(200);
    expect(link.body).not.toContain(secret);
    expect(link.headers['cache-control']).toBe('private, no-store');
    expect(link.headers['referrer-policy']).toBe('no-referrer');
    // A public page opened with a token: the kept page, with the link's own headers.
    await raw('/shop', client);
    const shopLink = await raw(`/shop?token=${secret}`, client);
    expect(shopLink.headers['x-page-cache']).toBe('hit');
    expect(shopLink.body).not.toContain(secret);
    expect(shopLink.headers['cache-control']).toBe('private, no-store');
    expect(shopLink.headers['referrer-policy']).toBe('no-referrer');
    expect((await raw('/shop', client)).headers['cache-control']).not.toContain('no-store');
  });

  it('renders a page for a parameter it reads, and keeps only its plain form', async () => {
    const client = '198.51.100.3';
    const lookup = await raw('/track-orders?order=5371', client);
    expect(lookup.status).toBe(200);
    expect(lookup.headers['x-page-cache']).toBe('bypass');
    expect(lookup.body).toMatch(/name="order" value="5371"/);
    await raw('/track-orders', client);
    const tagged = await raw('/track-orders?utm_campaign=spring', client);
    expect(tagged.headers['x-page-cache']).toBe('hit');
    expect(tagged.body).toMatch(/name="order" value=""/);
  });
});

describe('paths that are not a page’s own', () => {
  it('redirects duplicate and trailing slashes to the canonical path instead of keeping a new page', async () => {
    const client = '198.51.100.4';
    for (const [path, location] of [
      ['/shop/', '/shop'],
      ['/shop//', '/shop'],
      ['//shop', '/shop'],
      [
        '/products//classic-chocolate-chunk-protein-cookies',
        '/products/classic-chocolate-chunk-protein-cookies',
      ],
      ['/shop/?utm_source=x', '/shop?utm_source=x'],
      ['//anything/shop', '/anything/shop'],
    ]) {
      // Twice: the second must not be a page kept under the first's path.
      for (const attempt of [1, 2]) {
        const answer = await raw(path!, client);
        expect({ path, attempt, status: answer.status, location: answer.headers.location }).toEqual({
          path,
          attempt,
          status: 301,
          location,
        });
        expect(answer.headers['x-page-cache']).toBeUndefined();
      }
    }
    const form = await raw('/track-orders/', client, 'POST');
    expect([form.status, form.headers.location]).toEqual([308, '/track-orders']);
  });

  it('never sends a visitor to another host, however the path is spelled', async () => {
    const client = '198.51.100.5';
    for (const path of [
      '//evil.example/shop',
      '//evil.example',
      '///evil.example/',
      '//evil.example//',
      '/\\evil.example/shop',
      '/\\/evil.example',
      '//evil.example/shop?next=//evil.example',
    ]) {
      const answer = await raw(path, client);
      expect([301, 404], path).toContain(answer.status);
      const location = answer.headers.location;
      if (location === undefined) continue;
      // Resolved as a browser would against the shop's own address: still the shop.
      expect(new URL(location, shop.url).origin, `${path} -> ${location}`).toBe(shop.url);
      expect(location, path).toMatch(/^\/(?![/\\])/);
    }
  });

  it('does not keep a page asked for under another spelling of its path', async () => {
    for (const [index, path] of ['/SHOP', '/Shop', '/sh%6Fp'].entries()) {
      for (const attempt of [1, 2]) {
        const answer = await raw(path, `198.51.100.${60 + index}`);
        expect({ path, attempt, cache: answer.headers['x-page-cache'] }).toEqual({
          path,
          attempt,
          cache: 'bypass',
        });
      }
    }
  });
});

describe('renders the cache cannot spare', () => {
  it('limits one client’s forced renders with a 429 page, while cached pages still answer', async () => {
    const client = '198.51.100.7';
    await raw('/shop', '198.51.100.70');
    const answers: Answer[] = [];
    for (let n = 0; n < RENDER_LIMIT + 3; n++) answers.push(await raw(`/no-such-page-${n}`, client));
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, RENDER_LIMIT)).toEqual(Array(RENDER_LIMIT).fill(404));
    expect(statuses.slice(RENDER_LIMIT)).toEqual([429, 429, 429]);
    const limited = answers.at(-1)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.body).toContain('<!doctype html>');

    // The same client, past its limit: pages from the cache are not renders, and still answer.
    for (const path of ['/shop', '/shop?cb=99', '/shop?utm_source=limited']) {
      const cached = await raw(path, client);
      expect({ path, status: cached.status, cache: cached.headers['x-page-cache'] }).toEqual({
        path,
        status: 200,
        cache: 'hit',
      });
    }
    // A render of a page's own that it reads a parameter for is a forced render too.
    expect((await raw('/track-orders?order=7', client)).status).toBe(429);
    // Another client is not held back by this one.
    expect((await raw('/no-such-page-x', '198.51.100.8')).status).toBe(404);
  });
});
