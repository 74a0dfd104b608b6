/**
 * The review request (docs/product.md, Product reviews; decision 0063): REVIEW_REQUEST_DELAY_DAYS
 * after an order reached Delivered, one e-mail asks its customer what they thought of the products
 * they received, each with a link to its review form. It is about that order and nothing else (no
 * offer, no other product, no "shop again"): a transactional e-mail, sent whatever the marketing
 * consent (decision 0044), like the order's other e-mails.
 *
 * Once per order: the Delivered transition queues one job per order (its dedupe key), and the job
 * writes the e-mail and a `review_requests` row for the order in one transaction that first takes
 * that row, so a retry, a restart or a second instance finds it and sends nothing.
 */
import { and, eq } from 'drizzle-orm';
import { greeting } from '../../../domain/email-names.js';
import { REVIEW_REQUEST_DELAY_DAYS } from '../../../domain/product-reviews.js';
import { ERASED } from '../../../domain/privacy.js';
import { reviewRequestJobPayloadSchema } from '../../../domain/stored/job-payloads.js';
import type { Database, Transaction } from '../../db/client.js';
import { orderItems, products, reviewRequests } from '../../db/schema.js';
import { defineJob, enqueueJob, type JobHandler } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import type { TransactionalEmail } from '../mail/outbox.js';
import { compose } from './order-emails.js';
import { loadOrder } from './read.js';
import { recipientOf } from './recipient.js';
import { emailSummary, recordEvent, SYSTEM } from './timeline.js';

export const reviewRequestJob = defineJob('reviews.request', reviewRequestJobPayloadSchema);
const DAY_MS = 86_400_000;

/** Queues the order's review request for a week from now, in the Delivered change's transaction. */
export async function queueReviewRequest(tx: Transaction, orderId: number, now = new Date()): Promise<void> {
  await enqueueJob(tx, {
    job: reviewRequestJob,
    payload: { orderId },
    runAt: new Date(now.getTime() + REVIEW_REQUEST_DELAY_DAYS * DAY_MS),
    // One per order: a Delivered reached again (after a correction) moves the date, never adds one.
    dedupeKey: `${reviewRequestJob.type}:${orderId}`,
  });
}

export interface ReviewableProduct {
  name: string;
  slug: string;
}

/** The request for `products` of the order; the names are the order's, the links the shop's. */
export function reviewRequestEmail(
  order: { id: number; email: string; firstName: string | null },
  items: readonly ReviewableProduct[],
  publicUrl: string,
): TransactionalEmail {
  const link = (item: ReviewableProduct) => `${publicUrl}/products/${item.slug}#write-review`;
  return compose(order.email, `How was your order #${order.id}?`, {
    paragraphs: [
      greeting(order.firstName),
      `Order #${order.id} was delivered about a week ago. If you have a minute, tell other shoppers what you thought of what you received: a rating and a few words are enough.`,
      `Reviews are from verified buyers only; you can edit yours at any time.`,
    ],
    ...(items.length === 1
      ? { button: { label: `Review ${items[0]!.name}`, href: link(items[0]!) } }
      : { links: items.map((item) => ({ label: `Review ${item.name}`, href: link(item) })) }),
    notes: ['You receive this once, about this order only.'],
  });
}

/** The job: writes the e-mail once per order, if the order is still Delivered and has its customer. */
export function reviewRequestHandler(
  db: Database,
  mailer: Pick<Mailer, 'enqueue' | 'deliverSoon'>,
  publicUrl: string,
): JobHandler<typeof reviewRequestJob> {
  return async ({ orderId }) => {
    const sent = await db.transaction(async (tx) => {
      // Taking the order's row first: a second runner waits here, then finds it and stops.
      const [claimed] = await tx
        .insert(reviewRequests)
        .values({ orderId })
        .onConflictDoNothing()
        .returning({ orderId: reviewRequests.orderId });
      if (!claimed) return false;
      const order = await loadOrder(tx, orderId);
      // Refunded, canceled or anonymised since: nothing to ask about, nobody to ask.
      if (!order || order.status !== 'Delivered' || order.email === ERASED || order.user_id === null) {
        return false;
      }
      const items = await tx
        .selectDistinct({ name: products.name, slug: products.slug })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(and(eq(orderItems.orderId, orderId), eq(products.isActive, true)))
        .orderBy(products.name);
      if (items.length === 0) return false;
      const { confirmed } = await recipientOf(tx, order);
      const email = reviewRequestEmail(
        { id: order.id, email: order.email, firstName: confirmed ? order.first_name : null },
        items,
        publicUrl,
      );
      await mailer.enqueue(tx, email);
      await recordEvent(tx, orderId, 'email', emailSummary(email), SYSTEM);
      return true;
    });
    if (sent) mailer.deliverSoon();
  };
}
