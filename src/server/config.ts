/**
 * Every environment variable the server reads, parsed and validated once at start-up. Nothing else
 * in the code reads process.env. A bad value stops start-up with a message naming the variable; a
 * variable not named here is ignored (so a JWT_SECRET left from before decision 0026 is harmless).
 */
import type { PricingSettings } from '../domain/pricing.js';
import type { BusinessIdentity } from '../domain/receipt.js';
import { PROVINCE_CODES, type Province } from '../domain/provinces.js';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_HOLD_LIMITS, type HoldLimits } from '../domain/holds.js';
import { DEFAULT_PAYMENT_TTL_MINUTES } from '../domain/stock.js';
import { DEFAULT_ORDER_RETENTION_YEARS } from '../domain/retention.js';
import { brand } from '../domain/brand.js';
import type { MarketingOptInDefault } from '../domain/consent.js';
import { resolveS3, type S3Settings } from './s3-settings.js';

const optionalString = z.string().trim().min(1).optional();
const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL like ${example}` },
    )
    .optional();
const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .default('false')
  .transform((value) => value === 'true' || value === '1');
const email = z.email({ message: 'must be an e-mail address' });

/**
 * Development and tests only: marked as a demo so that nobody mistakes it for the shop's address.
 * Production refuses to start without BUSINESS_ADDRESS.
 */
export const DEMO_BUSINESS_ADDRESS = '[Demo address] 1234 Main Street, Vancouver, BC V6A 1A1, Canada';

const TRUST_PROXY_HINT =
  'write how many proxies stand in front of the shop (TRUST_PROXY=1 behind one nginx or load balancer) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)';

/** An IPv4 or IPv6 address, optionally with a /prefix. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * SHIPPING_PROVINCES (decision 0068): the provinces the shop ships to, by Canada Post's codes,
 * British Columbia alone by default. Quebec is refused: selling there needs the shop in French
 * (Quebec's Charter of the French Language), which it does not have.
 */
const shippingProvinces = z
  .string()
  .trim()
  .default('BC')
  .transform((value, ctx): Province[] => {
    const codes = [...new Set(value.split(',').map((code) => code.trim().toUpperCase()))].filter(Boolean);
    const unknown = codes.filter((code) => !(PROVINCE_CODES as readonly string[]).includes(code));
    if (codes.length === 0 || unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must list provinces by their two-letter codes, such as BC,ON,AB${unknown.length > 0 ? ` (not ${unknown.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    if (codes.includes('QC')) {
      ctx.addIssue({
        code: 'custom',
        message:
          'cannot open Quebec: selling there needs the shop in French (Charter of the French Language), which it does not have',
      });
      return z.NEVER;
    }
    return codes as Province[];
  });

/** SHIPPING_RATES: each opened province's ground rate but British Columbia's, "ON:12.50,AB:14". */
const shippingRates = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): Partial<Record<Province, number>> => {
    const rates: Partial<Record<Province, number>> = {};
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const match = /^([A-Za-z]{2})\s*[:=]\s*(\d{1,3}(?:\.\d{1,2})?)$/.exec(entry);
      const code = match?.[1]!.toUpperCase();
      if (!match || !(PROVINCE_CODES as readonly string[]).includes(code!) || code === 'BC') {
        ctx.addIssue({
          code: 'custom',
          message: `must be each province's code and rate in dollars, such as ON:12.50,AB:14 (BC's rates go by city); not "${entry}"`,
        });
        return z.NEVER;
      }
      rates[code as Province] = Math.round(Number(match[2]) * 100);
    }
    return rates;
  });

/**
 * Which proxies may tell the shop a client's address in X-Forwarded-For (decision 0021): none
 * (unset, false or 0), a hop count, or a list of addresses and CIDR ranges (Fastify's `trustProxy`
 * takes both). `true`, trusting every hop, would let any client pick its address and so get round
 * every per-client limit: it is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false' || lower === '0') return false;
    if (lower === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: `true would trust every hop, so any client could choose its address with X-Forwarded-For: ${TRUST_PROXY_HINT}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops > 10)
        ctx.addIssue({ code: 'custom', message: `must be at most 10 hops: ${TRUST_PROXY_HINT}` });
      return hops;
    }
    const list = value.split(',').map((entry) => entry.trim());
    const bad = list.find((entry) => !isAddressOrCidr(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not an address or CIDR range: ${TRUST_PROXY_HINT}`,
      });
      return z.NEVER;
    }
    return list;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user@host:5432/shop'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
    DATABASE_QUEUE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(64),
    DATABASE_QUEUE_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://shop.example.ca'),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    ADMIN_EMAIL: email.optional(),
    ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).max(128).optional(),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_', { message: 'must start with sk_' }).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', { message: 'must start with pk_' }).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', { message: 'must start with whsec_' }).optional(),
    ALLOW_TEST_PAYMENTS: flag,
    GOOGLE_CLIENT_ID: optionalString,
    KLAVIYO_PUBLIC_KEY: optionalString,
    KLAVIYO_PRIVATE_KEY: optionalString,
    KLAVIYO_LIST_ID: optionalString,
    /**
     * Whether the registration form's marketing boxes start ticked. The spec has them ticked; CASL does
     * not take a pre-ticked box as express consent (README, decision 0042), so the owner chooses.
     */
    MARKETING_OPT_IN_DEFAULT: z.enum(['checked', 'unchecked']).default('checked'),
    // The CRA's six years is the floor: fewer would anonymise records the law asks us to keep.
    ORDER_RETENTION_YEARS: z.coerce.number().int().min(6).max(100).default(DEFAULT_ORDER_RETENTION_YEARS),
    ABANDONED_CART_REMINDER_MINUTES: z.coerce.number().int().min(0).max(10_080).default(240),
    ABANDONED_CART_TOKEN_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    JOBS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    PAYMENT_TTL_MINUTES: z.coerce.number().int().min(5).max(1_440).default(DEFAULT_PAYMENT_TTL_MINUTES),
    CHECKOUT_HOLD_MAX_UNITS: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(DEFAULT_HOLD_LIMITS.perAccount),
    CHECKOUT_HOLD_MAX_UNITS_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(0)
      .max(100_000)
      .default(DEFAULT_HOLD_LIMITS.perAddress),
    CHECKOUT_HOLD_MAX_SHARE_PERCENT: z.coerce
      .number()
      .int()
      .min(0)
      .max(100)
      .default(DEFAULT_HOLD_LIMITS.sharePercent),
    CATALOG_CACHE_CHECK_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
    SEARCH_CACHE_ANSWERS: z.coerce.number().int().min(0).max(100_000).default(500),
    /** The share of page loads whose Web Vitals the browser reports (decision 0072); 0 turns it off. */
    VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
    GOOGLE_PLACES_API_KEY: optionalString,
    GOOGLE_PLACE_ID: optionalString,
    SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtps://user:pass@smtp.example.com:465'),
    MAIL_FROM: optionalString,
    FREE_SHIPPING_EMAIL: email.optional(),
    TAX_SHIPPING: flag,
    SHIPPING_PROVINCES: shippingProvinces,
    SHIPPING_RATES: shippingRates,
    CONTACT_EMAIL: email.default(brand.contactEmail),
    BUSINESS_ADDRESS: z
      .string()
      .trim()
      .max(200, { message: 'must be one line of at most 200 characters' })
      .regex(/^[^\r\n]+$/, { message: 'must be one line' })
      .optional(),
    BUSINESS_LEGAL_NAME: z
      .string()
      .trim()
      .min(1)
      .max(120, { message: 'must be at most 120 characters' })
      .regex(/^[^\r\n]+$/, { message: 'must be one line' })
      .default(brand.legalName),
    // The business number's GST/HST program account: nine digits, RT, four digits (decision 0069).
    GST_HST_NUMBER: z
      .string()
      .trim()
      .transform((value, ctx) => {
        const match = /^(\d{9})\s*RT\s*(\d{4})$/i.exec(value);
        if (!match) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be a GST/HST registration number such as 123456789 RT 0001',
          });
          return z.NEVER;
        }
        return `${match[1]} RT ${match[2]}`;
      })
      .optional(),
    ORDER_ALERT_EMAIL: email.optional(),
    INSTAGRAM_URL: optionalUrl(['https:'], 'https://www.instagram.com/yourbrand/'),
    REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    REDIS_KEY_PREFIX: z
      .string()
      .trim()
      .regex(/^[\w.:-]{1,64}$/, { message: 'must be 1–64 letters, digits or . : _ -' })
      .default('northbite:'),
    TRUST_PROXY: trustProxy,
    // Parsed together by resolveS3 below; strings here so each problem names its variable.
    S3_URL: optionalString,
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    S3_ENDPOINT: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PREFIX: optionalString,
    S3_PUBLIC_URL: optionalString,
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    // Prometheus metrics (decision 0073): GET /metrics with this bearer token, and/or on this port.
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(24, { message: 'must be at least 24 characters (a random secret: openssl rand -hex 24)' })
      .optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    // Slow clients (decision 0038): how long a request's headers, its whole request, a silent socket
    // and an idle keep-alive connection may take before the server closes the connection.
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
    HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(72_000),
    IMAGE_CACHE_MB: z.coerce.number().int().min(0).max(4_096).default(32),
    PAGE_RENDER_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(120),
    PAGE_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    const pair = (a: keyof typeof env, b: keyof typeof env) => {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        ctx.addIssue({
          code: 'custom',
          path: [env[a] ? b : a],
          message: `must be set together with ${env[a] ? a : b}`,
        });
      }
    };
    pair('ADMIN_EMAIL', 'ADMIN_PASSWORD');
    pair('STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY');
    pair('GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACE_ID');
    pair('KLAVIYO_PRIVATE_KEY', 'KLAVIYO_LIST_ID');
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: "must differ from PORT (to read them on the shop's port, set METRICS_TOKEN)",
      });
    }
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: 'must not be more than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
      });
    }
    const unpriced = env.SHIPPING_PROVINCES.filter((code) => code !== 'BC' && !env.SHIPPING_RATES[code]);
    if (unpriced.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHIPPING_RATES'],
        message: `needs a ground rate for ${unpriced.join(', ')}, opened by SHIPPING_PROVINCES (such as ${unpriced[0]}:12.50)`,
      });
    }
    for (const { variable, message } of resolveS3(env).problems) {
      ctx.addIssue({ code: 'custom', path: [variable], message });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.DATABASE_URL) {
        ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required in production' });
      }
      // Every e-mail and the site footer carry it (CASL, decision 0044): no demo address in production.
      if (!env.BUSINESS_ADDRESS) {
        ctx.addIssue({ code: 'custom', path: ['BUSINESS_ADDRESS'], message: 'is required in production' });
      }
      // Every receipt carries it: business customers need it to claim input tax credits (decision 0069).
      if (!env.GST_HST_NUMBER) {
        ctx.addIssue({ code: 'custom', path: ['GST_HST_NUMBER'], message: 'is required in production' });
      }
      if (!env.STRIPE_SECRET_KEY && !env.ALLOW_TEST_PAYMENTS) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: 'is required in production (or set ALLOW_TEST_PAYMENTS=true)',
        });
      }
      if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRET'],
          message: 'is required with Stripe in production',
        });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  database:
    | {
        kind: 'postgres';
        url: string;
        poolSize: number;
        /** No statement runs longer, and none waits longer for a lock (decision 0020). */
        statementTimeoutMs: number;
        lockTimeoutMs: number;
      }
    | { kind: 'pglite'; dir: string };
  /**
   * The embedded database runs one statement at a time: API writes queue for it in arrival order, at
   * most `limit` waiting and none longer than `waitMs`; past that they answer 503 (http/db-queue.ts).
   */
  databaseQueue: { limit: number; waitMs: number };
  /** How often each instance looks for paid intents without an order (checkout/reconcile.ts). */
  reconcileIntervalMs: number;
  /** How long an unpaid checkout holds its stock and can still be paid (decision 0022). */
  paymentTtlMinutes: number;
  /** How many units unpaid checkouts may hold: per account, per client address, per product (0038). */
  holdLimits: HoldLimits;
  sessionTtlDays: number;
  admin: { email: string; password: string } | undefined;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined } | undefined;
  allowTestPayments: boolean;
  googleClientId: string | undefined;
  klaviyoPublicKey: string | undefined;
  /** The share of page loads reporting Web Vitals (VITALS_SAMPLE_RATE, decision 0072); 0: none. */
  vitalsSampleRate: number;
  /** Server-side Klaviyo: newsletter sign-ups are added to this list (through the jobs queue). */
  klaviyoList: { privateKey: string; listId: string } | undefined;
  /** Orders older than this lose their personal fields (decision 0043). */
  orderRetentionYears: number;
  abandonedCart: { reminderDelayMinutes: number; tokenTtlHours: number };
  /** MARKETING_OPT_IN_DEFAULT: whether the registration form's marketing boxes start ticked. */
  marketingOptInDefault: MarketingOptInDefault;
  /** How often each instance looks for due background jobs. */
  jobsPollMs: number;
  /**
   * How stale another instance's catalogue edit may look here: each instance checks the catalogue's
   * version at most this often (0: on every read). Its own edits show at once.
   */
  catalogCacheCheckMs: number;
  /** Searches (GET /api/search) per client and minute (decision 0064). */
  searchRateLimit: number;
  /** Search answers kept per catalogue version, the most recently asked (0: none; decision 0064). */
  searchCacheAnswers: number;
  googlePlaces: { apiKey: string; placeId: string } | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  freeShippingEmail: string | undefined;
  /** What pricing reads beyond the catalogue: free shipping's account and whether shipping is taxed. */
  pricing: PricingSettings;
  contactEmail: string;
  /**
   * The business's mailing address on one line, shown in the site footer and in every e-mail's
   * footer (CASL, decision 0044). Outside production it defaults to DEMO_BUSINESS_ADDRESS.
   */
  businessAddress: string;
  /** Who issues receipts and credit notes: legal name, address, GST/HST number (decision 0069). */
  business: BusinessIdentity;
  /** Who gets the new-order alert e-mail: ORDER_ALERT_EMAIL, else CONTACT_EMAIL (decision 0023). */
  orderAlertEmail: string;
  instagramUrl: string;
  /** Unset: rate limits are counted in each instance's memory. Set: shared by every instance (decision 0017). */
  redisUrl: string | undefined;
  /** Starts every key the shop writes to Redis, so shops or environments can share one server. */
  redisKeyPrefix: string;
  /** Set: images are kept in this S3-compatible bucket; unset: in the database (decision 0030). */
  s3?: S3Settings;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /**
   * Bounds on a client's connection (decision 0038), in milliseconds: the headers must arrive within
   * `headersTimeoutMs` and the whole request within `requestTimeoutMs` (else 408 and closed); a socket
   * silent for `idleTimeoutMs` in a request, or idle between requests for `keepAliveTimeoutMs`, is closed.
   */
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    idleTimeoutMs: number;
    keepAliveTimeoutMs: number;
  };
  /** On SIGTERM, keep answering (health failing, connections closing) this long before closing. */
  shutdownDelayMs: number;
  /**
   * Where Prometheus reads the metrics (decision 0073): /metrics with the bearer token, and/or a port
   * of their own on HOST. Unset: no metrics at all.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string } | undefined;
  /** Bytes of images each instance keeps in memory in front of the image store (0: none). */
  imageCacheBytes: number;
  /**
   * Page renders the cache cannot answer (decision 0041): at most `perClientPerMinute` for each client
   * address (0: no limit), counted like the other rate limits (in Redis with REDIS_URL), and at most
   * `concurrency` at once in each instance.
   */
  pageRenders: { perClientPerMinute: number; concurrency: number };
  logLevel: Env['LOG_LEVEL'];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError listing each bad variable by name. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as it does in most shells and .env files.
  const env = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const s3 = resolveS3(e).settings;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
          lockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_MS,
        }
      : { kind: 'pglite', dir: resolve(dataDir, 'pglite') },
    databaseQueue: { limit: e.DATABASE_QUEUE_LIMIT, waitMs: e.DATABASE_QUEUE_WAIT_MS },
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    paymentTtlMinutes: e.PAYMENT_TTL_MINUTES,
    holdLimits: {
      perAccount: e.CHECKOUT_HOLD_MAX_UNITS,
      perAddress: e.CHECKOUT_HOLD_MAX_UNITS_PER_ADDRESS,
      sharePercent: e.CHECKOUT_HOLD_MAX_SHARE_PERCENT,
    },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
    allowTestPayments: e.ALLOW_TEST_PAYMENTS,
    googleClientId: e.GOOGLE_CLIENT_ID,
    klaviyoPublicKey: e.KLAVIYO_PUBLIC_KEY,
    vitalsSampleRate: e.VITALS_SAMPLE_RATE,
    klaviyoList:
      e.KLAVIYO_PRIVATE_KEY && e.KLAVIYO_LIST_ID
        ? { privateKey: e.KLAVIYO_PRIVATE_KEY, listId: e.KLAVIYO_LIST_ID }
        : undefined,
    marketingOptInDefault: e.MARKETING_OPT_IN_DEFAULT,
    orderRetentionYears: e.ORDER_RETENTION_YEARS,
    abandonedCart: {
      reminderDelayMinutes: e.ABANDONED_CART_REMINDER_MINUTES,
      tokenTtlHours: e.ABANDONED_CART_TOKEN_HOURS,
    },
    jobsPollMs: e.JOBS_POLL_MS,
    catalogCacheCheckMs: e.CATALOG_CACHE_CHECK_MS,
    searchRateLimit: e.SEARCH_RATE_LIMIT,
    searchCacheAnswers: e.SEARCH_CACHE_ANSWERS,
    googlePlaces:
      e.GOOGLE_PLACES_API_KEY && e.GOOGLE_PLACE_ID
        ? { apiKey: e.GOOGLE_PLACES_API_KEY, placeId: e.GOOGLE_PLACE_ID }
        : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${brand.name} <${e.CONTACT_EMAIL}>` },
    freeShippingEmail: e.FREE_SHIPPING_EMAIL,
    pricing: {
      freeShippingEmail: e.FREE_SHIPPING_EMAIL,
      taxShipping: e.TAX_SHIPPING,
      // British Columbia first: the checkout's province list and the shipping note read it in order.
      shippingArea: {
        provinces: [...e.SHIPPING_PROVINCES].sort((a, b) => Number(b === 'BC') - Number(a === 'BC')),
        rates: Object.fromEntries(
          e.SHIPPING_PROVINCES.flatMap((code) =>
            e.SHIPPING_RATES[code] ? [[code, e.SHIPPING_RATES[code]]] : [],
          ),
        ),
      },
    },
    contactEmail: e.CONTACT_EMAIL,
    businessAddress: e.BUSINESS_ADDRESS ?? DEMO_BUSINESS_ADDRESS,
    business: {
      legalName: e.BUSINESS_LEGAL_NAME,
      address: e.BUSINESS_ADDRESS ?? DEMO_BUSINESS_ADDRESS,
      gstHstNumber: e.GST_HST_NUMBER ?? null,
    },
    orderAlertEmail: e.ORDER_ALERT_EMAIL ?? e.CONTACT_EMAIL,
    instagramUrl: e.INSTAGRAM_URL ?? brand.instagramUrl,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    ...(s3 ? { s3 } : {}),
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    metrics:
      e.METRICS_TOKEN || e.METRICS_PORT !== undefined
        ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.HOST }
        : undefined,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    imageCacheBytes: e.IMAGE_CACHE_MB * 1024 * 1024,
    pageRenders: { perClientPerMinute: e.PAGE_RENDER_LIMIT, concurrency: e.PAGE_RENDER_CONCURRENCY },
    logLevel: e.LOG_LEVEL,
  };
}
