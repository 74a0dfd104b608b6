import { BadgeCheck, Star } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import type { DisplayedReview } from '../../../domain/reviews';

function Stars({ count }: { count: number }) {
  return (
    <p className="flex gap-0.5 text-maple" aria-label={`${count} out of 5 stars`} role="img">
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className={`h-5 w-5 ${i < count ? 'fill-current' : 'text-beige'}`} aria-hidden="true" />
      ))}
    </p>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', timeZone: 'UTC' });

export function ReviewsSection({ reviews }: { reviews: DisplayedReview[] | null }) {
  return (
    <section aria-labelledby="reviews-title" className="bg-sand py-16 md:py-24">
      <div className="container-page">
        <h2 id="reviews-title" className="section-title text-center">
          What Our Snack Lovers Are Saying
        </h2>
        {reviews === null || reviews.length === 0 ? (
          <p className="mt-8 text-center text-muted">{messages.reviewsFailed}</p>
        ) : (
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {reviews.map((review) => (
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
                  <p className="text-xs text-muted">{dateFormat.format(new Date(review.date))}</p>
                </figure>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 text-center">
          <Link to="/shop" className="btn-primary">
            Try Now
          </Link>
        </div>
      </div>
    </section>
  );
}
