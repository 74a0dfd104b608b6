/**
 * Real-user Web Vitals through the real app (decision 0072): a report is counted into the day's
 * histograms and nothing else is kept; bad input is refused with 400 (or 413 when huge) and never
 * stored, a value no page load can take is dropped with 204; VITALS_SAMPLE_RATE=0 stores nothing;
 * reports are limited per client; the admin reads the 75th percentile per metric and page for the
 * last 28 days, for a device class or all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VitalsReport } from '../../../domain/web-vitals.js';
import { webVitalBuckets } from '../../db/schema.js';
import { checkoutFixtures, expectMessage, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await f.person({ isAdmin: true });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.delete(webVitalBuckets);
});

const beacon = (overrides: Record<string, unknown> = {}) => ({
  route: '/products/:slug',
  device: 'mobile',
  connection: '4g',
  metrics: [
    { name: 'LCP', value: 1800 },
    { name: 'CLS', value: 0.02 },
    { name: 'TTFB', value: 310 },
  ],
  ...overrides,
});
const send = (body: unknown, ip?: string) => f.call('POST', '/api/vitals', { body, ...(ip ? { ip } : {}) });
const rows = () => t.database.db.select().from(webVitalBuckets);
const report = async (device = 'all') => {
  const res = await f.call('GET', `/api/admin/vitals?device=${device}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VitalsReport>();
};

describe('POST /api/vitals', () => {
  it("counts a page load's metrics in the day's histograms, and keeps nothing else", async () => {
    const res = await send(beacon());
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    await send(beacon());
    const kept = await rows();
    expect(kept).toHaveLength(3);
    for (const row of kept) {
      expect(row).toEqual({
        day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        route: '/products/:slug',
        device: 'mobile',
        connection: '4g',
        metric: expect.stringMatching(/^(LCP|CLS|TTFB)$/),
        bucket: expect.any(Number),
        count: 2,
      });
    }
  });

  it.each([
    ['garbage', 'not json at all'],
    ['an address instead of a pattern', JSON.stringify(beacon({ route: '/orders/123' }))],
    ['an unknown metric', JSON.stringify(beacon({ metrics: [{ name: 'FID', value: 12 }] }))],
    ['a negative value', JSON.stringify(beacon({ metrics: [{ name: 'LCP', value: -5 }] }))],
    ['NaN', JSON.stringify(beacon({ metrics: [{ name: 'LCP', value: 'NaN' }] }))],
    [
      'a metric twice',
      JSON.stringify(
        beacon({
          metrics: [
            { name: 'LCP', value: 1 },
            { name: 'LCP', value: 2 },
          ],
        }),
      ),
    ],
    ['an extra field', JSON.stringify({ ...beacon(), email: 'shopper@example.ca' })],
    ['no metrics', JSON.stringify(beacon({ metrics: [] }))],
    ['an array', '[]'],
  ])('refuses %s with 400 naming the problem, and stores nothing', async (_name, raw) => {
    const res = await f.call('POST', '/api/vitals', { raw });
    expectMessage(res, 400);
    expect(await rows()).toEqual([]);
  });

  it('refuses a huge report with 413, and stores nothing', async () => {
    const res = await f.call('POST', '/api/vitals', {
      raw: JSON.stringify({ ...beacon(), padding: 'x'.repeat(5_000) }),
    });
    expectMessage(res, 413);
    expect(await rows()).toEqual([]);
  });

  it('drops a report with a value no page load takes (a tab left open for hours), answering 204', async () => {
    const res = await send(
      beacon({
        metrics: [
          { name: 'LCP', value: 1800 },
          { name: 'INP', value: 9e9 },
        ],
      }),
    );
    expect(res.statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it('limits reports per client', async () => {
    const ip = '203.0.113.77';
    const answers = [];
    for (let i = 0; i < 121; i += 1) answers.push((await send(beacon(), ip)).statusCode);
    expect(answers.slice(0, 120).every((status) => status === 204)).toBe(true);
    expect(answers[120]).toBe(429);
  });
});

describe('GET /api/admin/vitals', () => {
  it('gives the 75th percentile per metric and page, the whole shop first, by device', async () => {
    // Four phone loads of a product page, LCP 1, 2, 3 and 5 seconds: p75 is 3 s (needs improvement).
    for (const lcp of [1000, 2000, 3000, 5000]) {
      await send(
        beacon({
          metrics: [
            { name: 'LCP', value: lcp },
            { name: 'TTFB', value: 200 },
          ],
        }),
      );
    }
    // Two computer loads of the home page, fast.
    for (const lcp of [900, 1100]) {
      await send(beacon({ route: '/', device: 'desktop', metrics: [{ name: 'LCP', value: lcp }] }));
    }
    const all = await report();
    expect(all.device).toBe('all');
    expect(all.pages.map((p) => [p.route, p.page_loads])).toEqual([
      ['/products/:slug', 4],
      ['/', 2],
    ]);
    const product = all.pages[0]!;
    const lcp = product.metrics.find((m) => m.name === 'LCP')!;
    expect(lcp.rating).toBe('needs-improvement');
    expect(lcp.p75).toBeGreaterThan(3000 / 1.05);
    expect(lcp.p75).toBeLessThan(3000 * 1.05);
    expect(product.metrics.find((m) => m.name === 'TTFB')).toMatchObject({ rating: 'good', samples: 4 });
    expect(all.overall).toMatchObject({ route: 'All pages', page_loads: 6 });

    const phones = await report('mobile');
    expect(phones.pages.map((p) => p.route)).toEqual(['/products/:slug']);
    const computers = await report('desktop');
    expect(computers.pages.map((p) => p.route)).toEqual(['/']);
    expect(computers.pages[0]!.metrics[0]).toMatchObject({ name: 'LCP', rating: 'good', samples: 2 });
  });

  it('looks back 28 days, today included', async () => {
    await t.database.db.insert(webVitalBuckets).values([
      {
        day: '2020-01-01',
        route: '/shop',
        device: 'mobile',
        connection: '4g',
        metric: 'LCP',
        bucket: 150,
        count: 9,
      },
    ]);
    await send(beacon());
    const answer = await report();
    expect(answer.pages.map((p) => p.route)).toEqual(['/products/:slug']);
    const days = (Date.parse(answer.to) - Date.parse(answer.from)) / 86_400_000;
    expect(days).toBe(27);
  });

  it('is for admins only, and names a wrong device', async () => {
    expect((await f.call('GET', '/api/admin/vitals')).statusCode).toBe(401);
    const customer = await f.person();
    expect((await f.call('GET', '/api/admin/vitals', { token: customer.token })).statusCode).toBe(403);
    expectMessage(
      await f.call('GET', '/api/admin/vitals?device=watch', { token: admin.token }),
      400,
      /device must be all, mobile, tablet, desktop/,
    );
  });
});

describe('with VITALS_SAMPLE_RATE=0', () => {
  it('answers 204 and stores nothing', async () => {
    const off = await createTestApp({ env: { VITALS_SAMPLE_RATE: '0' } });
    try {
      const res = await off.app.inject({ method: 'POST', url: '/api/vitals', payload: beacon() });
      expect(res.statusCode).toBe(204);
      expect(await off.database.db.select().from(webVitalBuckets)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
