/** Customer reviews and how the storefront shows them (SPEC §9). */
import { z } from 'zod';

export const reviewSchema = z.object({
  name: z.string(),
  rating: z.number(),
  text: z.string(),
  /** ISO date */
  date: z.string(),
  profilePhoto: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export interface DisplayedReview extends Review {
  /** first word of the name */
  displayName: string;
  /** whole stars out of 5 */
  stars: number;
}

/** The reviews to show: highest rating first, top three, first names only, whole stars. */
export function reviewsToShow(reviews: readonly Review[], limit = 3): DisplayedReview[] {
  return [...reviews]
    .sort((a, b) => b.rating - a.rating)
    .slice(0, limit)
    .map((review) => ({
      ...review,
      displayName: review.name.trim().split(/\s+/)[0] ?? '',
      stars: Math.min(5, Math.max(0, Math.round(review.rating))),
    }));
}
