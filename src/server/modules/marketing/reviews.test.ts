import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../db/seed/index.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app.js';
import { createDatabaseImageStore } from '../images/database-store.js';
import { createReviewsService, GOOGLE_CACHE_MS, GOOGLE_RETRY_MS } from './reviews.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoCatalogue(database.db, createDatabaseImageStore(database.db));
});
afterAll(() => database.destroy());

const log = pino({ level: 'silent' });
const places = { apiKey: 'key-123', placeId: 'ChIJ-place' };
const googleBody = {
  reviews: [
    {
      rating: 5,
      text: { text: 'Best cookies in Vancouver.' },
      publishTime: '2026-10-01T12:00:00Z',
      authorAttribution: { displayName: 'Jordan Lee', photoUri: 'https://lh3.googleusercontent.com/a/x' },
    },
    { rating: 4, originalText: { text: 'Great granola.' }, authorAttribution: { displayName: 'Sam' } },
    { rating: 5 }, // no text: left out
  ],
};

function fakeGoogle(answers: (() => Response)[]) {
  const calls: { url: string; headers: Headers }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: new Headers(init?.headers) });
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    return next();
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('reviews service', () => {
  it('reads Google Places with the key and field mask, maps the reviews and caches them for a day', async () => {
    let clock = Date.parse('2026-11-01T00:00:00Z');
    const google = fakeGoogle([() => Response.json(googleBody), () => Response.json(googleBody)]);
    const service = createReviewsService({
      db: database.db,
      log,
      places,
      fetch: google.fetchImpl,
      now: () => clock,
    });

    const first = await service.list();
    expect(first).toEqual([
      {
        name: 'Jordan Lee',
        rating: 5,
        text: 'Best cookies in Vancouver.',
        date: '2026-10-01T12:00:00Z',
        profilePhoto: 'https://lh3.googleusercontent.com/a/x',
      },
      {
        name: 'Sam',
        rating: 4,
        text: 'Great granola.',
        date: new Date(clock).toISOString(),
        profilePhoto: null,
      },
    ]);
    expect(google.calls[0]?.url).toBe('https://places.googleapis.com/v1/places/ChIJ-place');
    expect(google.calls[0]?.headers.get('x-goog-api-key')).toBe('key-123');
    expect(google.calls[0]?.headers.get('x-goog-fieldmask')).toBe('reviews');

    clock += GOOGLE_CACHE_MS - 1;
    await service.list();
    expect(google.calls).toHaveLength(1);
    clock += 2;
    await service.list();
    expect(google.calls).toHaveLength(2);
  });

  it('falls back to the stored reviews when Google fails, and asks again later', async () => {
    let clock = 0;
    const google = fakeGoogle([
      () => new Response('quota', { status: 429 }),
      () => Response.json(googleBody),
    ]);
    const service = createReviewsService({
      db: database.db,
      log,
      places,
      fetch: google.fetchImpl,
      now: () => clock,
    });
    const fallback = await service.list();
    expect(fallback.length).toBeGreaterThanOrEqual(5);
    expect(fallback.map((r) => r.name)).not.toContain('Jordan Lee');
    clock += GOOGLE_RETRY_MS + 1;
    expect((await service.list())[0]?.name).toBe('Jordan Lee');
  });

  it('uses the stored reviews when Google is not configured', async () => {
    const service = createReviewsService({ db: database.db, log });
    const list = await service.list();
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list[0]!.rating).toBeGreaterThanOrEqual(list.at(-1)!.rating);
  });
});
