/**
 * Customer reviews: from Google Places when GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_ID are set (cached
 * for a day per instance), otherwise, or when Google fails, the reviews stored in the database.
 */
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Review } from '../../../domain/reviews.js';
import type { Database } from '../../db/client.js';
import { reviews } from '../../db/schema.js';

export const GOOGLE_CACHE_MS = 24 * 60 * 60 * 1000;
/** After a Google failure, serve stored reviews for a while before asking Google again. */
export const GOOGLE_RETRY_MS = 10 * 60 * 1000;
const PLACES_URL = 'https://places.googleapis.com/v1/places/';

export interface ReviewsService {
  list(): Promise<Review[]>;
}

export interface ReviewsOptions {
  db: Database;
  log: FastifyBaseLogger;
  places?: { apiKey: string; placeId: string };
  /** Injected in tests. */
  fetch?: typeof fetch;
  now?: () => number;
  placesUrl?: string;
}

interface PlacesReview {
  rating?: number;
  text?: { text?: string };
  originalText?: { text?: string };
  publishTime?: string;
  authorAttribution?: { displayName?: string; photoUri?: string };
}

export function createReviewsService({
  db,
  log,
  places,
  fetch: fetchImpl = fetch,
  now = Date.now,
  placesUrl = PLACES_URL,
}: ReviewsOptions): ReviewsService {
  let cache: { reviews: Review[]; until: number } | undefined;

  async function stored(): Promise<Review[]> {
    const rows = await db.select().from(reviews).orderBy(desc(reviews.rating), desc(reviews.reviewDate));
    return rows.map((r) => ({
      name: r.authorName,
      rating: r.rating,
      text: r.text,
      date: r.reviewDate,
      profilePhoto: r.profilePhotoUrl,
    }));
  }

  async function fromGoogle(apiKey: string, placeId: string): Promise<Review[]> {
    const response = await fetchImpl(`${placesUrl}${encodeURIComponent(placeId)}`, {
      headers: { 'X-Goog-Api-Key': apiKey, 'X-Goog-FieldMask': 'reviews' },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`Google Places answered ${response.status}`);
    const body = (await response.json()) as { reviews?: PlacesReview[] };
    return (body.reviews ?? [])
      .filter((r) => typeof r.rating === 'number' && (r.text?.text ?? r.originalText?.text))
      .map((r) => ({
        name: r.authorAttribution?.displayName ?? 'Google user',
        rating: r.rating as number,
        text: (r.text?.text ?? r.originalText?.text ?? '').trim(),
        date: r.publishTime ?? new Date(now()).toISOString(),
        profilePhoto: r.authorAttribution?.photoUri ?? null,
      }));
  }

  return {
    async list() {
      if (!places) return stored();
      if (cache && cache.until > now()) return cache.reviews;
      try {
        const fetched = await fromGoogle(places.apiKey, places.placeId);
        if (fetched.length === 0) throw new Error('Google Places returned no reviews');
        cache = { reviews: fetched, until: now() + GOOGLE_CACHE_MS };
      } catch (error) {
        log.warn({ err: error }, 'Google reviews unavailable; showing stored reviews');
        cache = { reviews: await stored(), until: now() + GOOGLE_RETRY_MS };
      }
      return cache.reviews;
    },
  };
}
