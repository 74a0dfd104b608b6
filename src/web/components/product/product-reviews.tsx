import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ProductReviewPage, PublicProductReview } from '../../../domain/product-review-schemas';
import type { ReviewSort } from '../../../domain/product-reviews';
import { apiRequest } from '../../api';
import { useStoredUser } from '../../features/session/stored-session';
import { StarRating } from './star-rating';
import { monthDayYear } from '../../dates';

const ReviewForm = lazy(() => import('./review-form'));

/** The page of a product without published reviews. */
const noReviews: ProductReviewPage = {
  summary: { average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
  sort: 'newest',
  page: 1,
  page_size: 5,
  pages: 0,
  reviews: [],
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function ReviewCard({ review, onHelpful }: { review: PublicProductReview; onHelpful: () => void }) {
  return (
    <li className="border-b border-beige py-6 last:border-0">
      <StarRating value={review.rating} />
      <h3 className="mt-2 font-display text-lg font-semibold break-words">{review.title}</h3>
      <p className="mt-1 text-sm text-muted">
        <span className="font-semibold text-ink">{review.author}</span>
        {review.author === 'Verified buyer' ? ' · ' : ' · Verified buyer · '}
        <time dateTime={review.created_at}>{monthDayYear(review.created_at)}</time>
      </p>
      <p className="mt-3 leading-relaxed break-words whitespace-pre-line text-ink">{review.text}</p>
      {review.reply && (
        <div className="mt-4 rounded-2xl bg-sand p-4 text-sm">
          <p className="font-semibold text-cocoa">Reply from Northbite</p>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{review.reply.text}</p>
        </div>
      )}
      <button
        type="button"
        onClick={onHelpful}
        className="mt-3 inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-maple-dark hover:bg-sand"
      >
        Helpful ({review.helpful_count})
      </button>
    </li>
  );
}

/**
 * The product's reviews from verified buyers (docs/product.md, Product reviews; decision 0063):
 * average, count and distribution, the first page newest first as the server rendered it, then
 * sorting and paging through the API, a "helpful" vote, and the write/edit form, whose code loads
 * only for a signed-in shopper (review-form.tsx).
 */
export default function ProductReviews({
  slug,
  initial,
}: {
  slug: string;
  /** The first page, newest first, as the server read it; null when there is none. */
  initial: ProductReviewPage | null;
}) {
  const [view, setView] = useState(initial ?? noReviews);
  const [note, setNote] = useState<string | null>(null);
  const user = useStoredUser();
  const { summary } = view;
  const path = `/products/${slug}`;
  const section = useRef<HTMLElement>(null);

  // A link to #reviews (the admin's review list, a link a shopper shares) lands here. This section's
  // code loads apart and the server sends it last, so the browser's own jump to the fragment on a
  // first load, and React Router's after a navigation, can look for it before it exists and leave
  // the page at the top. A page that is elsewhere already (a restored position) stays there.
  useEffect(() => {
    if (window.location.hash === '#reviews' && window.scrollY === 0) {
      section.current?.scrollIntoView({ behavior: 'instant' });
    }
  }, []);

  async function show(sort: ReviewSort, page: number) {
    try {
      setView(await apiRequest<ProductReviewPage>(`/api/products/${slug}/reviews?sort=${sort}&page=${page}`));
      setNote(null);
    } catch {
      setNote('Reviews could not be loaded. Please try again.');
    }
  }

  async function helpful(review: PublicProductReview) {
    if (!user) return setNote('Sign in to mark a review as helpful.');
    try {
      const { helpful_count } = await apiRequest<{ helpful_count: number }>(
        `/api/product-reviews/${review.id}/helpful`,
        { method: 'POST', body: {} },
      );
      setView((v) => ({
        ...v,
        reviews: v.reviews.map((r) => (r.id === review.id ? { ...r, helpful_count } : r)),
      }));
      setNote(null);
    } catch (error) {
      setNote(error instanceof Error ? error.message : 'Please try again.');
    }
  }

  const sortButton = (sort: ReviewSort, label: string) => (
    <button
      type="button"
      aria-pressed={view.sort === sort}
      onClick={() => void show(sort, 1)}
      className="min-h-11 rounded-full px-4 text-sm font-semibold text-cocoa ring-1 ring-beige aria-pressed:bg-cocoa aria-pressed:text-white"
    >
      {label}
    </button>
  );

  return (
    <section
      ref={section}
      id="reviews"
      aria-labelledby="reviews-title"
      className="below-fold container-page max-w-4xl scroll-mt-24 py-16"
    >
      <h2 id="reviews-title" className="section-title text-center">
        Customer reviews
      </h2>
      {summary.count === 0 ? (
        <p className="mt-6 text-center text-muted">No reviews yet.</p>
      ) : (
        <div className="mt-8 grid gap-8 md:grid-cols-[16rem_1fr]">
          <div>
            <p className="flex items-center gap-3">
              <span className="font-display text-4xl font-semibold text-cocoa">{summary.average}</span>
              <StarRating value={summary.average} size="lg" />
            </p>
            <p className="mt-1 text-sm text-muted">Based on {plural(summary.count, 'review')}</p>
            <ul className="mt-4 space-y-1.5 text-sm" aria-label="Reviews by rating">
              {([5, 4, 3, 2, 1] as const).map((stars) => (
                <li key={stars} className="flex items-center gap-2">
                  <span className="w-12 shrink-0 text-muted">{plural(stars, 'star')}</span>
                  <span className="h-2 flex-1 overflow-hidden rounded-full bg-sand" aria-hidden="true">
                    <span
                      className="block h-full bg-maple"
                      style={{ width: `${(summary.distribution[stars] / summary.count) * 100}%` }}
                    />
                  </span>
                  <span className="w-8 shrink-0 text-right text-muted">
                    {summary.distribution[stars]}
                    <span className="sr-only">
                      {' '}
                      {summary.distribution[stars] === 1 ? 'review' : 'reviews'}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            {summary.count > 1 && (
              <div className="flex gap-2" role="group" aria-label="Sort reviews">
                {sortButton('newest', 'Newest')}
                {sortButton('helpful', 'Most helpful')}
              </div>
            )}
            <ul aria-label="Reviews">
              {view.reviews.map((review) => (
                <ReviewCard key={review.id} review={review} onHelpful={() => void helpful(review)} />
              ))}
            </ul>
            {view.pages > 1 && (
              <nav aria-label="Review pages" className="flex items-center justify-between gap-2 pt-4 text-sm">
                <button
                  type="button"
                  disabled={view.page <= 1}
                  onClick={() => void show(view.sort, view.page - 1)}
                  className="min-h-11 rounded-full px-4 font-semibold text-cocoa ring-1 ring-beige disabled:opacity-40"
                >
                  Previous
                </button>
                <span className="text-muted">
                  Page {view.page} of {view.pages}
                </span>
                <button
                  type="button"
                  disabled={view.page >= view.pages}
                  onClick={() => void show(view.sort, view.page + 1)}
                  className="min-h-11 rounded-full px-4 font-semibold text-cocoa ring-1 ring-beige disabled:opacity-40"
                >
                  Next
                </button>
              </nav>
            )}
          </div>
        </div>
      )}
      {note && (
        <p role="status" className="mt-4 text-center text-sm font-medium text-danger">
          {note}
        </p>
      )}
      <div
        id="write-review"
        className="mt-10 scroll-mt-24 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige"
      >
        {user ? (
          <Suspense fallback={null}>
            <ReviewForm slug={slug} />
          </Suspense>
        ) : (
          <p className="text-center text-sm text-muted">
            Bought this?{' '}
            <Link
              to="/login"
              state={{ from: `${path}#write-review` }}
              className="font-semibold text-maple-dark underline"
            >
              Sign in
            </Link>{' '}
            to review it. Reviews are from verified buyers only.
          </p>
        )}
      </div>
    </section>
  );
}
