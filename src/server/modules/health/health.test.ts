import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok while the database answers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the instance drains before shutting down', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'draining' });
      expect(res.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('answers 503 when the database does not', async () => {
    const original = t.database.ping;
    t.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await t.app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', message: expect.any(String) });
    } finally {
      t.database.ping = original;
    }
  });
});
