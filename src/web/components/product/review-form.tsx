import { useEffect, useState, type FormEvent } from 'react';
import { productReviewInputSchema, type MyProductReview } from '../../../domain/product-review-schemas';
import { productReviewMessages, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '../../../domain/product-reviews';
import { apiRequest, userMessage } from '../../api';
import { describedBy, FormField, inputClass } from '../account/form-field';

const RATINGS = [
  [5, 'Excellent'],
  [4, 'Good'],
  [3, 'Okay'],
  [2, 'Poor'],
  [1, 'Bad'],
] as const;

/**
 * The signed-in shopper's review of the product (decision 0063), loaded after hydration: whether they
 * may write one (they received it) and the one they wrote, to edit. Loaded on demand by
 * product-reviews.tsx, so the page's first load does not carry it.
 */
export default function ReviewForm({ slug }: { slug: string }) {
  const [mine, setMine] = useState<MyProductReview | null>(null);
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [showName, setShowName] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function fill(answer: MyProductReview) {
    setMine(answer);
    if (answer.review) {
      setRating(answer.review.rating);
      setTitle(answer.review.title);
      setText(answer.review.text);
      setShowName(answer.review.showName);
    }
  }

  useEffect(() => {
    apiRequest<MyProductReview>(`/api/products/${slug}/reviews/mine`).then(fill, (caught: unknown) =>
      setError(userMessage(caught, productReviewMessages.loadFailed)),
    );
  }, [slug]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = productReviewInputSchema.safeParse({ rating, title, text, showName });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? productReviewMessages.saveFailed);
    setBusy(true);
    try {
      const answer = await apiRequest<MyProductReview>(`/api/products/${slug}/reviews`, {
        method: 'POST',
        body: parsed.data,
      });
      fill(answer);
      setError(null);
      setDone(
        answer.review?.status === 'published'
          ? productReviewMessages.published
          : productReviewMessages.submitted,
      );
    } catch (caught) {
      setError(userMessage(caught, productReviewMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  }

  if (!mine) {
    return error ? (
      <p className="text-sm text-danger">{error}</p>
    ) : (
      <p className="text-sm text-muted">Loading...</p>
    );
  }
  if (!mine.eligible) return <p className="text-center text-sm text-muted">{mine.reason}</p>;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h3 className="font-display text-xl font-semibold">
        {mine.review ? 'Edit your review' : 'Write a review'}
      </h3>
      {mine.review?.status === 'pending' && !done && (
        <p className="text-sm text-muted">Your review is waiting for our check before it appears.</p>
      )}
      <fieldset>
        <legend className="text-sm font-semibold text-cocoa">Your rating</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {RATINGS.map(([value, label]) => (
            <label
              key={value}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-4 text-sm ring-1 ring-beige has-checked:bg-cocoa has-checked:text-white"
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="accent-maple"
              />
              {value} – {label}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField id="review-title" label="Title">
        <input
          id="review-title"
          value={title}
          maxLength={REVIEW_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          className={inputClass}
        />
      </FormField>
      <FormField id="review-text" label="Your review" error={error ?? undefined}>
        <textarea
          id="review-text"
          value={text}
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
          {...describedBy('review-text', error ?? undefined)}
          className={inputClass}
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          checked={showName}
          onChange={(e) => setShowName(e.target.checked)}
          disabled={!mine.displayName}
          className="h-5 w-5 accent-maple"
        />
        {mine.displayName ? `Show my name as ${mine.displayName}` : 'Show my name'} (otherwise: Verified
        buyer)
      </label>
      {done && (
        <p role="status" className="text-sm font-medium text-forest">
          {done}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Saving...' : mine.review ? 'Update review' : 'Submit review'}
      </button>
    </form>
  );
}
