import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminProductReview } from '../../../../domain/product-review-schemas';
import {
  ADMIN_REVIEW_PAGE_SIZE,
  REVIEW_REPLY_MAX,
  REVIEW_STATUSES,
  type ReviewSettings,
} from '../../../../domain/product-reviews';
import { userMessage } from '../../../api';
import { FlashMessage } from '../shared/flash-message';
import { useFlash } from '../shared/flash';
import { useListParams, useReload } from '../shared/list-params';
import { Pager } from '../shared/pager';
import { EmptyState, LoadFailed } from '../shared/states';
import { dateFormat, ghostButton, panelClass, quietButton, toolbarInput } from '../shared/ui';
import { moderateReview, saveReviewSettings, type ReviewsData } from './reviews-api';

const STATUS_LABELS = { pending: 'Waiting', published: 'Published', hidden: 'Hidden' } as const;

function ReviewItem({
  review,
  onSaved,
  onFailed,
}: {
  review: AdminProductReview;
  onSaved: (text: string) => void;
  onFailed: (text: string) => void;
}) {
  const [reply, setReply] = useState(review.reply?.text ?? '');
  const [busy, setBusy] = useState(false);
  const replyId = `review-reply-${review.id}`;

  async function change(body: Parameters<typeof moderateReview>[1], done: string) {
    setBusy(true);
    try {
      await moderateReview(review.id, body);
      onSaved(done);
    } catch (error) {
      onFailed(userMessage(error, 'The review could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={`${panelClass} p-5`} data-testid="admin-review">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-muted">
          <Link
            to={`/products/${review.product.slug}#reviews`}
            className="font-semibold text-maple-dark underline"
          >
            {review.product.name}
          </Link>{' '}
          · {review.author} · {dateFormat.format(new Date(review.created_at))}
        </p>
        <span className="rounded-full bg-sand px-3 py-1 text-xs font-semibold text-cocoa">
          {STATUS_LABELS[review.status]}
        </span>
      </div>
      <p className="mt-2 font-semibold text-ink">
        {review.rating} out of 5 · <span className="break-words">{review.title}</span>
      </p>
      <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{review.text}</p>
      <label htmlFor={replyId} className="mt-4 block text-sm font-semibold text-cocoa">
        Your public reply
      </label>
      <textarea
        id={replyId}
        value={reply}
        rows={2}
        maxLength={REVIEW_REPLY_MAX}
        onChange={(e) => setReply(e.target.value)}
        className={`${toolbarInput} mt-1`}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        {review.status !== 'published' && (
          <button
            type="button"
            className="btn-primary min-h-11 px-5 py-2"
            disabled={busy}
            onClick={() => void change({ status: 'published' }, `Published "${review.title}".`)}
          >
            Publish
          </button>
        )}
        {review.status !== 'hidden' && (
          <button
            type="button"
            className={quietButton}
            disabled={busy}
            onClick={() => void change({ status: 'hidden' }, `Hid "${review.title}".`)}
          >
            Hide
          </button>
        )}
        <button
          type="button"
          className={ghostButton}
          disabled={busy || reply === (review.reply?.text ?? '')}
          onClick={() => void change({ reply }, reply ? 'Reply saved.' : 'Reply removed.')}
        >
          Save reply
        </button>
      </div>
    </li>
  );
}

/**
 * The Reviews tab (docs/product.md, Product reviews; decision 0063): reviews by status (waiting
 * first), publish, hide and reply, and whether new reviews wait for moderation.
 */
export function ReviewsTab({ data }: { data: ReviewsData | null }) {
  const { update, changing } = useListParams();
  const { reload } = useReload();
  const { flash, show, dismiss } = useFlash();
  const [settings, setSettings] = useState<ReviewSettings | null>(null);
  if (!data) return <p className="text-muted">Loading reviews...</p>;
  const moderation = settings ?? (data.settings.ok ? data.settings.value : null);

  const saved = (text: string) => {
    show('success', text);
    reload();
  };

  async function toggleModeration(next: boolean) {
    try {
      setSettings(await saveReviewSettings({ moderation: next }));
      show('success', next ? 'New reviews now wait for you.' : 'New reviews now appear at once.');
    } catch (error) {
      show('error', userMessage(error, 'The setting could not be saved. Please try again.'));
    }
  }

  return (
    <div className="space-y-4">
      <FlashMessage flash={flash} onDismiss={dismiss} />
      <div className={`${panelClass} flex flex-wrap items-end justify-between gap-4 p-5`}>
        <div>
          <label htmlFor="review-status" className="block text-sm font-semibold text-cocoa">
            Show
          </label>
          <select
            id="review-status"
            value={data.status ?? 'all'}
            onChange={(e) => update({ reviewStatus: e.target.value, reviewPage: null })}
            className={`${toolbarInput} mt-1`}
          >
            {REVIEW_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
            <option value="all">All reviews</option>
          </select>
        </div>
        {moderation && (
          <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              checked={moderation.moderation}
              onChange={(e) => void toggleModeration(e.target.checked)}
              className="h-5 w-5 accent-maple"
            />
            New reviews wait for my approval
          </label>
        )}
      </div>
      {!data.list.ok ? (
        <LoadFailed what="reviews" onRetry={reload} />
      ) : data.list.value.reviews.length === 0 ? (
        <EmptyState>No reviews here.</EmptyState>
      ) : (
        <>
          <ul className="space-y-4" aria-label="Reviews">
            {data.list.value.reviews.map((review) => (
              <ReviewItem
                key={`${review.id}-${review.updated_at}`}
                review={review}
                onSaved={saved}
                onFailed={(text) => show('error', text)}
              />
            ))}
          </ul>
          <div className={panelClass}>
            <Pager
              label="Review pages"
              page={data.list.value.page}
              pageSize={ADMIN_REVIEW_PAGE_SIZE}
              shown={data.list.value.reviews.length}
              total={data.list.value.total}
              loading={changing(['reviewPage', 'reviewStatus'])}
              onPage={(page) => update({ reviewPage: page })}
            />
          </div>
        </>
      )}
    </div>
  );
}
