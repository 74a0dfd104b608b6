/**
 * What the accounts API tests share (users.test.ts, account-links.test.ts): the app with Google
 * sign-in, callers from fresh client addresses, users made straight in the database, and checks of
 * the answers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, expect } from 'vitest';
import { userSchema, type User } from '../../../domain/accounts.js';
import { messages } from '../../../domain/messages.js';
import type { AppOptions } from '../../app.js';
import { sessions, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { hashPassword } from './passwords.js';

export const GOOGLE_CLIENT_ID = 'northbite-test.apps.googleusercontent.com';
export const GOOGLE_KID = 'google-test-key';
export const PASSWORD = 'Maple-Crunch-2024';
export const USER_KEYS = Object.keys(userSchema.shape).sort();
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const DAY_MS = 24 * 60 * 60 * 1000;

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

// Live bindings: set by setUpUsersApp's beforeAll, read by the test file after it.
export let t: TestApp;
let googlePrivateKey: PrivateKey;
export let strangerPrivateKey: PrivateKey;
/** argon2id of PASSWORD, for users inserted straight into the database. */
export let knownHash: string;

/**
 * Registers the test file's app (Google sign-in configured with a key pair of the test's own) and
 * closes it after the file. `env` adds settings, such as an SMTP server.
 */
export function setUpUsersApp(
  options: {
    /** Read when the app is made, after the file's earlier beforeAll hooks (an SMTP server's URL). */
    env?: () => Record<string, string>;
    app?: Partial<Omit<AppOptions, 'config' | 'database'>>;
  } = {},
) {
  beforeAll(async () => {
    const google = await generateKeyPair('RS256');
    const stranger = await generateKeyPair('RS256');
    googlePrivateKey = google.privateKey;
    strangerPrivateKey = stranger.privateKey;
    const publicJwk = { ...(await exportJWK(google.publicKey)), kid: GOOGLE_KID, alg: 'RS256', use: 'sig' };
    t = await createTestApp({
      seed: false,
      env: { GOOGLE_CLIENT_ID, ...options.env?.() },
      app: { googleKeys: createLocalJWKSet({ keys: [publicJwk] }), ...options.app },
    });
    knownHash = await hashPassword(PASSWORD);
  });
  afterAll(() => t?.close());
}

// ---------------------------------------------------------------------------------------------
// Helpers

let ipSeq = 0;
/** A client address nobody used before, so rate limits and the throttle never leak across tests. */
export const freshIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

let emailSeq = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${++emailSeq}.${randomBytes(3).toString('hex')}@example.ca`;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export interface CallOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is with content-type application/json (malformed bodies, `null`). */
  raw?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export function call(method: Method, url: string, options: CallOptions = {}, app = t.app) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.raw !== undefined) {
    payload = options.raw;
    headers['content-type'] = 'application/json';
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  return app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? freshIp(),
    ...(payload !== undefined ? { payload } : {}),
  });
}

export interface Auth {
  token: string;
  user: User;
}

export const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Maple',
  email: uniqueEmail(),
  password: PASSWORD,
  ...overrides,
});

export async function register(overrides: Record<string, unknown> = {}, app = t.app): Promise<Auth> {
  const res = await call('POST', '/api/users/register', { body: registration(overrides) }, app);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Auth;
}

export const login = (email: string, password: string, ip?: string, app = t.app) =>
  call('POST', '/api/users/login', { body: { email, password }, ...(ip ? { ip } : {}) }, app);

export async function registerAdmin(app = t.app, database = t.database): Promise<Auth> {
  const auth = await register({}, app);
  await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, auth.user.id));
  return { ...auth, user: { ...auth.user, isAdmin: true } };
}

/** A user written straight to the database: no hashing cost, password PASSWORD unless given. */
export async function insertUser(values: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: uniqueEmail('direct'),
      passwordHash: knownHash,
      firstName: 'Direct',
      lastName: 'User',
      ...values,
    })
    .returning();
  return row!;
}

/** A live session for a user without going through login (the store keeps only the SHA-256). */
export async function mintToken(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.database.db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + DAY_MS) });
  return token;
}

export const userRow = async (id: number) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
export const usersWithEmail = (email: string) =>
  t.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
export const sessionsOf = (userId: number) =>
  t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

export function expectMessage(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['message']);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.message).toBe(message);
}

export function expectApiUser(user: unknown) {
  expect(Object.keys(user as object).sort()).toEqual(USER_KEYS);
  expect(() => userSchema.parse(user)).not.toThrow();
}

export async function expectSignedIn(token: string, userId: number) {
  const res = await call('GET', `/api/users/${userId}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json() as { user: User }).user.id).toBe(userId);
}

export async function expectSignedOut(token: string, userId: number) {
  expectMessage(await call('GET', `/api/users/${userId}`, { token }), 401, messages.signInRequired);
}

export interface GoogleTokenOptions {
  key?: PrivateKey | Uint8Array;
  alg?: string;
  kid?: string;
  issuer?: string;
  audience?: string;
  subject?: string | null;
  issuedAt?: number;
  expiresAt?: number;
}

export async function googleToken(claims: Record<string, unknown> = {}, options: GoogleTokenOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = {
    email: uniqueEmail('google'),
    email_verified: true,
    given_name: 'Gia',
    family_name: 'Google',
    ...claims,
  };
  for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? GOOGLE_KID })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? GOOGLE_CLIENT_ID)
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 3600);
  const subject = options.subject === undefined ? `g-${randomBytes(8).toString('hex')}` : options.subject;
  if (subject !== null) jwt.setSubject(subject);
  return jwt.sign(options.key ?? googlePrivateKey);
}

export const googleLogin = (token: unknown, app = t.app) =>
  call('POST', '/api/users/google', { body: token === undefined ? {} : { token } }, app);
