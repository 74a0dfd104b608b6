/**
 * Deleting an account (decision 0043), the one way for both the owner ("Delete my account") and an
 * admin (DELETE /api/users/{id}). In one transaction: the account row goes (its sessions, links,
 * saved carts and address book with it, decision 0049); its orders stay for the tax record with their personal fields anonymised;
 * the records kept by its addresses (newsletter, contact messages, consents, sign-in failures, the
 * outbox, job payloads) are deleted; a last e-mail to the old address and, with KLAVIYO_PRIVATE_KEY,
 * a Klaviyo deletion request are queued. Nothing is half-written: a failure rolls all of it back.
 */
import { and, eq, inArray, isNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { brand } from '../../../domain/brand.js';
import { NotFoundError } from '../../../domain/errors.js';
import { messages } from '../../../domain/messages.js';
import { ERASED } from '../../../domain/privacy.js';
import { farewellCleanupJobPayloadSchema } from '../../../domain/stored/job-payloads.js';
import type { Database, Transaction } from '../../db/client.js';
import {
  abandonedCarts,
  authFailures,
  consentEvents,
  contactMessages,
  emailOutbox,
  jobs,
  marketingConsents,
  newsletterSubscribers,
  orderEvents,
  orderRefunds,
  orders,
  paymentIntents,
  productReviews,
  productReviewVotes,
  stockMovements,
  users,
} from '../../db/schema.js';
import { defineJob, enqueueJob, type JobHandler } from '../jobs/queue.js';
import { brandedHtml } from '../mail/layout.js';
import type { Mailer } from '../mail/mailer.js';
import type { TransactionalEmail } from '../mail/outbox.js';
import { REFUND_JOB } from '../orders/service.js';
import { bumpCatalogVersion } from '../product-reviews/service.js';
import { klaviyoDeleteJob } from './klaviyo-deletion.js';

/** Deletes the farewell e-mail's outbox row once it has gone out: it holds the old address. */
export const farewellCleanupJob = defineJob('privacy.forget-farewell', farewellCleanupJobPayloadSchema);
export const FAREWELL_CLEANUP_JOB = farewellCleanupJob.type;
/** Backoff from 30 s doubling: 12 attempts wait for the mail server for about a day and a half. */
const FAREWELL_CLEANUP_ATTEMPTS = 12;

type Executor = Pick<Transaction, 'update' | 'select' | 'execute'>;

const fsa = (value: SQLWrapper) =>
  sql`upper(left(regexp_replace(coalesce(${value}, ''), '\\s', '', 'g'), 3))`;

/**
 * Replaces the personal fields of the payment intents matched by `where`: the checkout snapshot's
 * names, street, phone and e-mail (its postal code down to the district, as on the order), and the
 * client address the checkout came from. Lines and totals stay.
 */
export async function anonymiseIntents(tx: Executor, where: SQL | undefined): Promise<void> {
  const info = sql`(${paymentIntents.checkout} -> 'shippingInfo')`;
  await tx
    .update(paymentIntents)
    .set({
      checkout: sql`case when ${paymentIntents.checkout} ? 'shippingInfo' then jsonb_set(
        ${paymentIntents.checkout}, '{shippingInfo}',
        (${info} - 'address2') || jsonb_build_object(
          'firstName', ${ERASED}::text, 'lastName', ${ERASED}::text, 'address1', ${ERASED}::text,
          'phoneNumber', ${ERASED}::text, 'email', ${ERASED}::text,
          'postalCode', ${fsa(sql`${info} ->> 'postalCode'`)}))
        else ${paymentIntents.checkout} end`,
      clientAddress: null,
      updatedAt: new Date(),
    })
    .where(where);
}

/**
 * Anonymises the orders matched by `where`, for good (decision 0043): names, e-mail, phone, street
 * and tracking number are replaced; the postal code keeps its district; amounts, dates, items,
 * city, province and tax stay, so the books and the tax return still add up. The timeline's lines
 * that quote an address or the tracking number lose them, and so do the orders' payment intents.
 * Answers the orders it changed. Orders already anonymised are left alone.
 */
export async function anonymiseOrders(tx: Executor, where: SQL | undefined): Promise<number[]> {
  const due = await tx
    .select({ id: orders.id, intentId: orders.paymentIntentId })
    .from(orders)
    .where(and(isNull(orders.anonymisedAt), where))
    .for('update');
  if (due.length === 0) return [];
  const ids = due.map((row) => row.id);
  const matched = inArray(orders.id, ids);
  // First the lines that quote the order's personal fields, while the order still has them: the
  // e-mails' subjects and addresses (the owner's alert names the customer), the address changes,
  // the tracking number, and the refund reasons an admin typed.
  const scrub = (text: SQLWrapper) =>
    sql`replace(replace(replace(replace(replace(${text},
      ${orders.email}, ${ERASED}::text), ${orders.firstName}, ${ERASED}::text),
      ${orders.lastName}, ${ERASED}::text), ${orders.phoneNumber}, ${ERASED}::text),
      ${orders.shippingAddress}, ${ERASED}::text)`;
  await tx.execute(sql`update ${orderEvents} set summary = case ${orderEvents.kind}
      when 'address' then ${`Shipping address changed to ${ERASED}`}::text
      when 'email' then ${scrub(sql`regexp_replace(${orderEvents.summary}, ' to [^ ]*$', ${` to ${ERASED}`}::text)`)}
      when 'shipping' then regexp_replace(${orderEvents.summary}, 'tracking .*$', ${`tracking ${ERASED}`}::text)
      else ${scrub(orderEvents.summary)} end
    from ${orders} where ${orders.id} = ${orderEvents.orderId} and ${matched}`);
  await tx.execute(sql`update ${orderRefunds} set reason = ${scrub(orderRefunds.reason)}
    from ${orders} where ${orders.id} = ${orderRefunds.orderId} and ${matched}`);
  await tx
    .update(orders)
    .set({
      firstName: ERASED,
      lastName: ERASED,
      email: ERASED,
      phoneNumber: ERASED,
      shippingAddress: ERASED,
      shippingAddress2: null,
      shippingPostalCode: fsa(orders.shippingPostalCode),
      trackingNumber: null,
      anonymisedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(matched);
  const intentIds = due.map((row) => row.intentId).filter((id): id is string => id !== null);
  if (intentIds.length > 0) await anonymiseIntents(tx, inArray(paymentIntents.id, intentIds));
  return ids;
}

/** The last e-mail, to the address the account had: no name in it (it is about to be gone). */
export function farewellEmail(
  to: string,
  by: 'owner' | 'admin',
  { retentionYears, contactEmail }: { retentionYears: number; contactEmail: string },
): TransactionalEmail {
  const first =
    by === 'owner'
      ? `As you asked, we have deleted your ${brand.name} account.`
      : `Your ${brand.name} account has been deleted by the shop.`;
  const paragraphs = [
    first,
    'Your name, e-mail address, phone number and addresses are gone, and so are your sign-ins, ' +
      'saved carts, newsletter sign-up, marketing choices and messages to us. You will get no more ' +
      'e-mails from us after this one.',
    `Canada's tax rules ask us to keep the record of each sale, so your orders stay in our books ` +
      `for ${retentionYears} years: their amounts, dates, items and province, without your name or ` +
      'contact details.',
    `If you did not ask for this, or have a question, write to ${contactEmail}.`,
  ];
  const signOff = `The ${brand.name} team`;
  return {
    kind: 'transactional',
    to,
    subject: `Your ${brand.name} account has been deleted`,
    text: [...paragraphs, signOff].join('\n\n'),
    html: brandedHtml({ paragraphs, notes: [signOff] }),
  };
}

export interface ErasureDeps {
  db: Database;
  mailer: Pick<Mailer, 'enqueue' | 'deliverSoon'>;
  jobRunner: { runSoon(type?: string): void };
  /** KLAVIYO_PRIVATE_KEY is set: Klaviyo is asked to delete the profile too. */
  klaviyo: boolean;
  /** ORDER_RETENTION_YEARS, for the farewell e-mail. */
  retentionYears: number;
  /** Where the farewell e-mail says questions go. */
  contactEmail: string;
}

const lowerOf = (column: SQLWrapper) => sql`lower(${column})`;
/** `column` (lower-cased) contains one of `needles` (already lower-cased). */
const containsAny = (column: SQLWrapper, needles: string[]) =>
  or(...needles.map((needle) => sql`strpos(lower(coalesce(${column}, '')), ${needle}) > 0`));

export function createErasure({ db, mailer, jobRunner, klaviyo, retentionYears, contactEmail }: ErasureDeps) {
  return {
    /**
     * Deletes the account `userId` as described at the top of this file. `by` says who asked, for
     * the last e-mail's wording. Throws NotFoundError when there is no such account.
     */
    async eraseAccount(userId: number, by: 'owner' | 'admin'): Promise<void> {
      await db.transaction(async (tx) => {
        const [account] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!account) throw new NotFoundError(messages.userNotFound);
        const own = [account.email, account.pendingEmail]
          .filter((x): x is string => Boolean(x))
          .map((x) => x.toLowerCase());
        const shipped = await tx
          .selectDistinct({ email: sql<string>`lower(${orders.email})` })
          .from(orders)
          .where(and(eq(orders.userId, userId), ne(orders.email, ERASED)));
        // Every address the person used: theirs, and the ones their orders were e-mailed to.
        const all = [...new Set([...own, ...shipped.map((row) => row.email)])];

        await anonymiseOrders(tx, eq(orders.userId, userId));
        await anonymiseIntents(tx, eq(paymentIntents.userId, userId));
        // Where they acted as an admin, the name they had then goes too.
        await tx.update(orderEvents).set({ actorName: ERASED }).where(eq(orderEvents.actorId, userId));
        await tx.update(stockMovements).set({ adminName: ERASED }).where(eq(stockMovements.adminId, userId));

        const consents = await tx
          .select({ id: marketingConsents.id })
          .from(marketingConsents)
          .where(or(eq(marketingConsents.userId, userId), inArray(lowerOf(marketingConsents.email), own)));
        const consentIds = consents.map((row) => row.id);
        await tx
          .delete(consentEvents)
          .where(
            or(
              inArray(lowerOf(consentEvents.email), own),
              ...(consentIds.length > 0 ? [inArray(consentEvents.consentId, consentIds)] : []),
            ),
          );
        if (consentIds.length > 0) {
          await tx.delete(marketingConsents).where(inArray(marketingConsents.id, consentIds));
        }
        await tx.delete(newsletterSubscribers).where(inArray(lowerOf(newsletterSubscribers.email), own));
        await tx.delete(contactMessages).where(inArray(lowerOf(contactMessages.email), own));
        await tx
          .delete(abandonedCarts)
          .where(or(eq(abandonedCarts.userId, userId), inArray(lowerOf(abandonedCarts.email), own)));
        await tx.delete(authFailures).where(
          inArray(
            authFailures.key,
            own.map((email) => `account:${email}`),
          ),
        );
        // E-mails to them or about them (the owner's new-order alert quotes the address), sent or not.
        await tx
          .delete(emailOutbox)
          .where(
            or(
              inArray(lowerOf(emailOutbox.to), all),
              inArray(lowerOf(emailOutbox.replyTo), all),
              containsAny(emailOutbox.subject, all),
              containsAny(emailOutbox.text, all),
              containsAny(emailOutbox.html, all),
            ),
          );
        // Job payloads that carry an address (a Klaviyo sign-up waiting, a reminder); refunds carry
        // none and are the record of money sent back (decision 0019).
        await tx
          .delete(jobs)
          .where(and(ne(jobs.type, REFUND_JOB), containsAny(sql`${jobs.payload}::text`, all)));
        // Their product reviews go (decision 0063), and their helpful votes stop counting; a product
        // whose published reviews change has a new average, so the catalogue's version moves.
        const reviewsGone = await tx
          .delete(productReviews)
          .where(eq(productReviews.userId, userId))
          .returning({ status: productReviews.status });
        await tx
          .update(productReviews)
          .set({ helpfulCount: sql`greatest(${productReviews.helpfulCount} - 1, 0)` })
          .where(
            inArray(
              productReviews.id,
              tx
                .select({ id: productReviewVotes.reviewId })
                .from(productReviewVotes)
                .where(eq(productReviewVotes.userId, userId)),
            ),
          );
        if (reviewsGone.some((review) => review.status === 'published')) await bumpCatalogVersion(tx);
        await tx.delete(users).where(eq(users.id, userId));

        const farewellId = await mailer.enqueue(
          tx,
          farewellEmail(account.email, by, { retentionYears, contactEmail }),
        );
        await enqueueJob(tx, {
          job: farewellCleanupJob,
          payload: { emailId: farewellId },
          runAt: new Date(Date.now() + 60_000),
          maxAttempts: FAREWELL_CLEANUP_ATTEMPTS,
        });
        if (klaviyo) {
          await enqueueJob(tx, { job: klaviyoDeleteJob, payload: { email: account.email } });
        }
      });
      mailer.deliverSoon();
      if (klaviyo) jobRunner.runSoon();
    },
  };
}

export type Erasure = ReturnType<typeof createErasure>;

/**
 * Deletes the farewell e-mail's outbox row once the mail server has it (or gave up, or there is no
 * mail server): retried while it is still waiting to go out.
 */
export function farewellCleanupHandler(db: Database): JobHandler<typeof farewellCleanupJob> {
  return async ({ emailId: id }) => {
    const [row] = await db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    if (!row) return;
    if (row.status === 'pending' || row.status === 'sending') {
      throw new Error('the farewell e-mail has not gone out yet');
    }
    await db.delete(emailOutbox).where(eq(emailOutbox.id, id));
  };
}
