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
    expect(config.businessAddress).toMatch(/^\[Demo address\] /);
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

  it('ships within British Columbia unless SHIPPING_PROVINCES opens others, each with its rate', () => {
    expect(loadConfig({}).pricing.shippingArea).toEqual({ provinces: ['BC'], rates: {} });
    expect(
      loadConfig({ SHIPPING_PROVINCES: 'on, bc,AB', SHIPPING_RATES: 'ON:12.50, AB=14' }).pricing.shippingArea,
    ).toEqual({ provinces: ['BC', 'ON', 'AB'], rates: { ON: 1250, AB: 1400 } });
    expect(problemsOf({ SHIPPING_PROVINCES: 'BC,ON' })).toEqual([
      'SHIPPING_RATES needs a ground rate for ON, opened by SHIPPING_PROVINCES (such as ON:12.50)',
    ]);
    expect(problemsOf({ SHIPPING_PROVINCES: 'BC,QC', SHIPPING_RATES: 'QC:15' })).toEqual([
      'SHIPPING_PROVINCES cannot open Quebec: selling there needs the shop in French (Charter of the French Language), which it does not have',
    ]);
    expect(problemsOf({ SHIPPING_PROVINCES: 'BC,XX' })[0]).toMatch(
      /^SHIPPING_PROVINCES must list provinces .*\(not XX\)$/,
    );
    expect(problemsOf({ SHIPPING_RATES: 'ON:twelve' })[0]).toMatch(
      /^SHIPPING_RATES must be each province's code/,
    );
    expect(problemsOf({ SHIPPING_RATES: 'BC:5' })[0]).toMatch(/BC's rates go by city/);
  });

  it("reports every page load's Web Vitals unless VITALS_SAMPLE_RATE says a share, 0 for none", () => {
    expect(loadConfig({}).vitalsSampleRate).toBe(1);
    expect(loadConfig({ VITALS_SAMPLE_RATE: '0.25' }).vitalsSampleRate).toBe(0.25);
    expect(loadConfig({ VITALS_SAMPLE_RATE: '0' }).vitalsSampleRate).toBe(0);
    expect(problemsOf({ VITALS_SAMPLE_RATE: '2' })[0]).toMatch(/^VITALS_SAMPLE_RATE/);
    expect(problemsOf({ VITALS_SAMPLE_RATE: 'half' })[0]).toMatch(/^VITALS_SAMPLE_RATE/);
  });

  it('keeps no metrics unless METRICS_TOKEN or METRICS_PORT says where they are read', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    const token = 'a'.repeat(24);
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token, port: undefined, host: '0.0.0.0' });
    expect(loadConfig({ METRICS_PORT: '9464', HOST: '127.0.0.1' }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: '127.0.0.1',
    });
    expect(problemsOf({ METRICS_TOKEN: 'short' })[0]).toMatch(
      /^METRICS_TOKEN must be at least 24 characters/,
    );
    expect(problemsOf({ METRICS_PORT: '3000', PORT: '3000' })[0]).toMatch(
      /^METRICS_PORT must differ from PORT/,
    );
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
    expect(problems).toContain('BUSINESS_ADDRESS is required in production');
    expect(problems).toContain('GST_HST_NUMBER is required in production');
    const withStripe = problemsOf({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://shop@db/shop',
      BUSINESS_ADDRESS: '1234 Main Street, Vancouver, BC V6A 1A1',
      GST_HST_NUMBER: '123456789RT0001',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
    });
    expect(withStripe).toEqual(['STRIPE_WEBHOOK_SECRET is required with Stripe in production']);
  });

  it('allows the test payment processor in production only when asked explicitly', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://shop@db/shop',
      BUSINESS_ADDRESS: '1234 Main Street, Vancouver, BC V6A 1A1',
      GST_HST_NUMBER: '123456789RT0001',
      ALLOW_TEST_PAYMENTS: 'true',
    });
    expect(config.allowTestPayments).toBe(true);
    expect(config.businessAddress).toBe('1234 Main Street, Vancouver, BC V6A 1A1');
    expect(config.business).toEqual({
      legalName: 'Northbite Snacks Inc.',
      address: '1234 Main Street, Vancouver, BC V6A 1A1',
      gstHstNumber: '123456789 RT 0001',
    });
    expect(problemsOf({ GST_HST_NUMBER: '12345 RT 1' })).toEqual([
      'GST_HST_NUMBER must be a GST/HST registration number such as 123456789 RT 0001',
    ]);
    expect(config.isProduction).toBe(true);
  });

  it('ignores a JWT_SECRET left in a deployment: nothing reads it since decision 0026', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'leftover-jwt-secret',
      DATABASE_URL: 'postgres://shop@db/shop',
      BUSINESS_ADDRESS: '1234 Main Street, Vancouver, BC V6A 1A1',
      GST_HST_NUMBER: '123456789RT0001',
      ALLOW_TEST_PAYMENTS: 'true',
    });
    expect(config.isProduction).toBe(true);
    expect(JSON.stringify(config)).not.toContain('leftover-jwt-secret');
  });
});

describe('S3 image storage settings', () => {
  it('keeps images in the database when no S3 setting is given', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads everything from S3_URL: keys, bucket, prefix, region and endpoint', () => {
    const config = loadConfig({
      S3_URL:
        's3://AKIAEXAMPLE:wJalr%2FK7MDENG%2Bbx@shop-images/images/?region=ca-central-1&endpoint=http://127.0.0.1:9000/',
    });
    expect(config.s3).toEqual({
      bucket: 'shop-images',
      region: 'ca-central-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'wJalr/K7MDENG+bx',
      prefix: 'images/',
    });
  });

  it('leaves the keys to the SDK and the region at us-east-1 when S3_URL names only a bucket', () => {
    expect(loadConfig({ S3_URL: 's3://shop-images' }).s3).toEqual({
      bucket: 'shop-images',
      region: 'us-east-1',
      prefix: '',
    });
  });

  it('takes S3_BUCKET with its companions, and makes the prefix a folder', () => {
    const config = loadConfig({
      S3_BUCKET: 'northbite.images',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: '/shop/images',
    });
    expect(config.s3).toEqual({
      bucket: 'northbite.images',
      region: 'auto',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: 'shop/images/',
    });
    expect(loadConfig({ S3_BUCKET: 'shop-images' }).s3).toEqual({
      bucket: 'shop-images',
      region: 'us-east-1',
      prefix: '',
    });
  });

  it('never shows the secret in the parsed configuration outside config.s3', () => {
    const config = loadConfig({ S3_URL: 's3://key:very-secret@shop-images' });
    const { s3, ...rest } = config;
    expect(s3?.secretAccessKey).toBe('very-secret');
    expect(JSON.stringify(rest)).not.toContain('very-secret');
  });

  it.each([
    [{ S3_URL: 'https://shop-images.s3.amazonaws.com' }, 'S3_URL must be a URL like s3://'],
    [{ S3_URL: 's3://Shop_Images' }, 'S3_URL bucket "Shop_Images" is not a bucket name'],
    [{ S3_URL: 's3://shop-images?region=ca-central-1&regoin=x' }, 'S3_URL has an unknown parameter "regoin"'],
    [{ S3_URL: 's3://shop-images?prefix=images/' }, 'S3_URL takes the key prefix as its path'],
    [
      { S3_URL: 's3://shop-images?public_url=https://cdn.example.com/' },
      'S3_URL public_url is not supported',
    ],
    [{ S3_URL: 's3://shop-images?endpoint=ftp://minio' }, 'S3_URL endpoint must be an http(s) URL'],
    [{ S3_URL: 's3://keyonly@shop-images' }, 'S3_URL needs both the access key id and the secret'],
    [{ S3_URL: 's3://shop-images/my images/' }, 'S3_URL prefix "my%20images/" must be folders'],
    [{ S3_URL: 's3://shop-images', S3_REGION: 'ca-central-1' }, 'S3_REGION must not be set with S3_URL'],
    [{ S3_REGION: 'ca-central-1' }, 'S3_REGION is set but S3_BUCKET is not'],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET bucket "ab" is not a bucket name'],
    [{ S3_BUCKET: 'shop-images', S3_REGION: 'Canada Central' }, 'S3_REGION region "Canada Central"'],
    [{ S3_BUCKET: 'shop-images', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT endpoint must be an http(s) URL'],
    [{ S3_BUCKET: 'shop-images', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY needs both'],
    [{ S3_BUCKET: 'shop-images', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID needs both'],
    [
      { S3_BUCKET: 'shop-images', S3_PREFIX: 'images/../x' },
      'S3_PREFIX prefix "images/../x/" must be folders',
    ],
    [
      { S3_BUCKET: 'shop-images', S3_PUBLIC_URL: 'https://cdn.example.com/' },
      'S3_PUBLIC_URL is not supported',
    ],
  ])('refuses %j, naming the variable', (env, expected) => {
    const problems = problemsOf(env).join('\n');
    expect(problems).toContain(expected);
  });
});
