/** Customer reviews and how the storefront shows them (docs/product.md, Catalogue). */

/** A review as GET /api/google-reviews returns it. */
export interface Review {
  name: string;
  rating: number;
  text: string;
  /** ISO date or date-time */
  date: string;
  profilePhoto: string | null;
}

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
