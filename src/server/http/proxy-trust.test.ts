/**
 * TRUST_PROXY (decision 0021): which hops may name the client in X-Forwarded-For. With `true`
 * (every hop trusted) a client behind the README's nginx picked its own address, so 25 of 25
 * registrations passed a limit of 10 and login failures were never counted against it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { authFailures } from '../db/schema.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const configError = (value: string) => {
  try {
    loadConfig({ TRUST_PROXY: value });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe('TRUST_PROXY', () => {
  it('takes a hop count or addresses and CIDR ranges, and refuses true with what to write instead', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    for (const value of ['true', 'TRUE']) {
      const message = configError(value);
      expect(message).toContain('TRUST_PROXY');
      expect(message).toContain('TRUST_PROXY=1');
    }
    for (const value of ['10.0.0.0/33', 'proxy.local', '1.2.3', '11', '10.0.0.1/8/2']) {
      expect(configError(value), value).toContain('TRUST_PROXY');
    }
  });
});

/** nginx with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` appends the real peer. */
const throughNginx = (spoofed: string, real: string) => ({ 'x-forwarded-for': `${spoofed}, ${real}` });

describe.each([
  ['a hop count', '1'],
  ['the proxy address', '127.0.0.1'],
])('behind one proxy, trusted by %s', (_, trust) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { TRUST_PROXY: trust } });
  });
  afterAll(() => t?.close());

  it('counts a spoofing client by its real address: registrations stop at the limit', async () => {
    const real = '198.51.100.23';
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        remoteAddress: '127.0.0.1',
        headers: throughNginx(`203.0.113.${i + 1}`, real),
        payload: {
          firstName: 'Spoof',
          lastName: 'Er',
          email: `spoof.${trust}.${i}@example.ca`,
          password: 'Maple-Crunch-2024',
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
  });

  it('throttles login failures by the real address, not the one the client wrote', async () => {
    const real = '198.51.100.77';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: '127.0.0.1',
      headers: throughNginx('203.0.113.200', real),
      payload: { email: 'nobody@example.ca', password: 'wrong-password-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(authFailures)
        .where(eq(authFailures.key, `client:${real}`)),
    ).toHaveLength(1);
    expect(
      await t.database.db.select().from(authFailures).where(eq(authFailures.key, 'client:203.0.113.200')),
    ).toEqual([]);
  });
});

describe('a proxy list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t?.close());

  it('ignores X-Forwarded-For from a peer that is not one of the proxies', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: '192.0.2.10',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { email: 'nobody@example.ca', password: 'wrong-password-1' },
    });
    expect(
      await t.database.db.select().from(authFailures).where(eq(authFailures.key, 'client:192.0.2.10')),
    ).toHaveLength(1);
    expect(
      await t.database.db.select().from(authFailures).where(eq(authFailures.key, 'client:203.0.113.9')),
    ).toEqual([]);
  });
});
