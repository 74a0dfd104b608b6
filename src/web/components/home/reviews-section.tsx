import { BadgeCheck, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { reviewsToShow, type DisplayedReview, type Review } from '../../../domain/reviews';
import { apiRequest } from '../../api';
import { Spinner } from '../spinner';
import { monthYear } from '../../dates';

function Stars({ count }: { count: number }) {
  return (
    <p className="flex gap-0.5 text-maple" aria-label={`${count} out of 5 stars`} role="img">
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className={`h-5 w-5 ${i < count ? 'fill-current' : 'text-beige'}`} aria-hidden="true" />
      ))}
    </p>
  );
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; reviews: DisplayedReview[] };

/**
 * 'What Our Snack Lovers Are Saying': the three best reviews from GET /api/google-reviews, loaded in
 * the browser (loading spinner, error, loaded). It sits far below the fold, so the page does
 * not wait for it.
 */
export function ReviewsSection() {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<{ reviews: Review[] }>('/api/google-reviews', { signal: controller.signal })
      .then(({ reviews }) => setState({ status: 'loaded', reviews: reviewsToShow(reviews) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Failed to load reviews', error);
        setState({ status: 'error' });
      });
    return () => controller.abort();
  }, []);

  return (
    <section aria-labelledby="reviews-title" className="below-fold bg-sand py-16 md:py-24">
      <div className="container-page">
        <h2 id="reviews-title" className="section-title text-center">
          What Our Snack Lovers Are Saying
        </h2>
        <div className="mt-10 flex min-h-64 flex-col justify-center" aria-busy={state.status === 'loading'}>
          {state.status === 'loading' && <Spinner label="Loading reviews" />}
          {(state.status === 'error' || (state.status === 'loaded' && state.reviews.length === 0)) && (
            <p className="text-center text-muted">{messages.reviewsFailed}</p>
          )}
          {state.status === 'loaded' && state.reviews.length > 0 && (
            <ul className="grid gap-6 md:grid-cols-3" data-testid="reviews">
              {state.reviews.map((review) => (
                <li key={review.name + review.date}>
                  <figure className="flex h-full flex-col gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige">
                    <Stars count={review.stars} />
                    <blockquote className="flex-1 leading-relaxed text-ink">“{review.text}”</blockquote>
                    <figcaption className="flex items-center justify-between gap-2 text-sm">
                      <span className="font-semibold text-cocoa">{review.displayName}</span>
                      <span className="inline-flex items-center gap-1 text-forest">
                        <BadgeCheck className="h-4 w-4" aria-hidden="true" />
                        Verified
                      </span>
                    </figcaption>
                    <p className="text-xs text-muted">{monthYear(review.date)}</p>
                  </figure>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="mt-10 text-center">
          <Link to="/shop" className="btn-primary">
            Try Now
          </Link>
        </div>
      </div>
    </section>
  );
}
