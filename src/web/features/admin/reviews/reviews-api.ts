/** The Reviews tab's calls (decision 0063): the page of reviews the address asks for, the settings, moderation. */
import {
  adminProductReviewPageSchema,
  adminProductReviewSchema,
  reviewSettingsSchema,
  type AdminProductReview,
  type AdminProductReviewPage,
  type ProductReviewModerationInput,
} from '../../../../domain/product-review-schemas';
import { REVIEW_STATUSES, type ReviewSettings, type ReviewStatus } from '../../../../domain/product-reviews';
import { adminRequest, loadPart, type Loaded } from '../shared/admin-api';

export interface ReviewsData {
  status: ReviewStatus | null;
  list: Loaded<AdminProductReviewPage>;
  settings: Loaded<ReviewSettings>;
}

/** `?reviewStatus=` (pending by default: what waits for the owner) and `?reviewPage=`. */
export function reviewsQuery(params: URLSearchParams): { status: ReviewStatus | null; page: number } {
  const raw = params.get('reviewStatus') ?? 'pending';
  const status = REVIEW_STATUSES.find((s) => s === raw) ?? null;
  const page = Math.max(1, Math.floor(Number(params.get('reviewPage')) || 1));
  return { status, page };
}

export async function loadReviews(params: URLSearchParams, signal: AbortSignal): Promise<ReviewsData> {
  const { status, page } = reviewsQuery(params);
  const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
  const [list, settings] = await Promise.all([
    loadPart(signal, 'Failed to fetch reviews', () =>
      adminRequest(adminProductReviewPageSchema, `/api/admin/product-reviews?${query.toString()}`, {
        signal,
      }),
    ),
    loadPart(signal, 'Failed to fetch review settings', () =>
      adminRequest(reviewSettingsSchema, '/api/admin/review-settings', { signal }),
    ),
  ]);
  return { status, list, settings };
}

/** Publish, hide, or reply; answers the review as saved. */
export const moderateReview = (
  id: number,
  change: ProductReviewModerationInput,
): Promise<AdminProductReview> =>
  adminRequest(adminProductReviewSchema, `/api/admin/product-reviews/${id}`, {
    method: 'PATCH',
    body: change,
  });

export const saveReviewSettings = (settings: ReviewSettings): Promise<ReviewSettings> =>
  adminRequest(reviewSettingsSchema, '/api/admin/review-settings', { method: 'PUT', body: settings });
