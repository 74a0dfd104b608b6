import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs with no settings at all: PGlite under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.database).toEqual({ kind: 'pglite', dir: `${config.dataDir}/pglite` });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.stripe).toBeUndefined();
    expect(config.admin).toBeUndefined();
    expect(config.sessionTtlDays).toBe(30);
    expect(config.contactEmail).toBe('hello@northbite.ca');
    expect(config.abandonedCart).toEqual({ reminderDelayMinutes: 240, tokenTtlHours: 48 });
    expect(config.klaviyoList).toBeUndefined();
    expect(config.jobsPollMs).toBe(15_000);
  });

  it('turns on the Klaviyo list with both its settings', () => {
    expect(loadConfig({ KLAVIYO_PRIVATE_KEY: 'pk_1', KLAVIYO_LIST_ID: 'L1' }).klaviyoList).toEqual({
      privateKey: 'pk_1',
      listId: 'L1',
    });
  });

  it('switches to PostgreSQL with DATABASE_URL alone', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://shop@db:5432/shop',
      poolSize: 10,
      statementTimeoutMs: 5_000,
      lockTimeoutMs: 2_000,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'boss@example.ca' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'boss@example.ca', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ STRIPE_SECRET_KEY: 'pk_wrong', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_WEBHOOK_SECRET: 'not-a-webhook-secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ALLOW_TEST_PAYMENTS: 'yes' }, 'ALLOW_TEST_PAYMENTS'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ KLAVIYO_PRIVATE_KEY: 'pk_live_1' }, 'KLAVIYO_LIST_ID'],
    [{ ABANDONED_CART_REMINDER_MINUTES: '-5' }, 'ABANDONED_CART_REMINDER_MINUTES'],
    [{ ABANDONED_CART_TOKEN_HOURS: '0' }, 'ABANDONED_CART_TOKEN_HOURS'],
    [{ JOBS_POLL_MS: '10' }, 'JOBS_POLL_MS'],
  ])('names the bad variable in %j', (env, variable) => {
    const problems = problemsOf(env);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain(variable);
  });

  it('refuses to run in production without what production needs', () => {
    const problems = problemsOf({ NODE_ENV: 'production' }).join('\n');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('STRIPE_SECRET_KEY');
    const withStripe = problemsOf({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://shop@db/shop',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
    });
    expect(withStripe).toEqual(['STRIPE_WEBHOOK_SECRET is required with Stripe in production']);
  });

  it('allows the test payment processor in production only when asked explicitly', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://shop@db/shop',
      ALLOW_TEST_PAYMENTS: 'true',
    });
    expect(config.allowTestPayments).toBe(true);
    expect(config.isProduction).toBe(true);
  });

  it('ignores a JWT_SECRET left in a deployment: nothing reads it since decision 0026', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'leftover-jwt-secret',
      DATABASE_URL: 'postgres://shop@db/shop',
      ALLOW_TEST_PAYMENTS: 'true',
    });
    expect(config.isProduction).toBe(true);
    expect(JSON.stringify(config)).not.toContain('leftover-jwt-secret');
  });
});
