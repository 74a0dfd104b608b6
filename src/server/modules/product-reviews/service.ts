/**
 * Product reviews from verified buyers (docs/product.md, Product reviews; decision 0063): who may
 * write one, the published list with its summary, the owner's moderation, the helpful votes and the
 * owner's settings. The rules themselves are in src/domain/product-reviews.ts.
 *
 * Only published reviews reach the catalogue (each product's `rating`) and the product page, both
 * answered from the catalogue snapshot and the page cache (catalog/cache.ts): a change to what is
 * published bumps the catalogue's version in its own transaction, so every instance rebuilds its
 * snapshot and pages, and this one at once (`onPublishedChange`). Helpful votes do not: a cached page
 * shows the counts of its last build, the API the live ones.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Product } from '../../../domain/catalog.js';
import { ForbiddenError, NotFoundError } from '../../../domain/errors.js';
import type {
  AdminProductReview,
  AdminProductReviewPage,
  AdminProductReviewsQuery,
  MyProductReview,
  ProductReviewFields,
  ProductReviewModeration,
  ProductReviewPage,
  ProductReviewsQuery,
  PublicProductReview,
} from '../../../domain/product-review-schemas.js';
import {
  ADMIN_REVIEW_PAGE_SIZE,
  DEFAULT_REVIEW_SETTINGS,
  hasReceived,
  pageCount,
  productReviewMessages,
  ratingSummary,
  REVIEW_PAGE_SIZE,
  reviewAuthor,
  reviewDisplayName,
  statusAfterWrite,
  type RatingSummary,
  type ReviewSettings,
  type ReviewStatus,
} from '../../../domain/product-reviews.js';
import { reviewSettingsRecordSchema } from '../../../domain/stored/shop-settings.js';
import { parseStored } from '../../../domain/stored/versions.js';
import type { Database, Transaction } from '../../db/client.js';
import {
  catalogState,
  orderItems,
  orders,
  productReviews,
  productReviewVotes,
  products,
  shopSettings,
  users,
} from '../../db/schema.js';
import type { Viewer } from '../../http/viewer.js';

const SETTINGS_KEY = 'reviews';

type Executor = Pick<Database, 'update'>;

/**
 * Moves the catalogue's version on (catalog/cache.ts), in the transaction that changed what is
 * published: every instance's snapshot, product ratings and cached pages follow.
 */
export async function bumpCatalogVersion(tx: Executor): Promise<void> {
  await tx
    .update(catalogState)
    .set({ version: sql`${catalogState.version} + 1` })
    .where(eq(catalogState.id, 1));
}

type ReviewRow = typeof productReviews.$inferSelect;
interface Author {
  firstName: string;
  lastName: string;
}

const authorOf = (row: ReviewRow, user: Author) =>
  reviewAuthor(row.showName ? reviewDisplayName(user.firstName, user.lastName) : null);
const replyOf = (row: ReviewRow) =>
  row.reply ? { text: row.reply, date: (row.repliedAt ?? row.updatedAt).toISOString() } : null;

function publicReview(row: ReviewRow, user: Author): PublicProductReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    text: row.text,
    author: authorOf(row, user),
    created_at: row.createdAt.toISOString(),
    helpful_count: row.helpfulCount,
    reply: replyOf(row),
  };
}

export interface ProductReviewsOptions {
  db: Database;
  /** The shop's active products (the catalogue snapshot): a hidden product takes no reviews. */
  getProduct: (slug: string) => Promise<Product | null>;
  /** After a change to what is published committed: this instance's snapshot checks at once. */
  onPublishedChange: () => void;
}

export function createProductReviewsService({ db, getProduct, onPublishedChange }: ProductReviewsOptions) {
  async function productOf(slug: string): Promise<Product> {
    const product = await getProduct(slug);
    if (!product) throw new NotFoundError(productReviewMessages.productNotFound);
    return product;
  }

  async function settings(): Promise<ReviewSettings> {
    const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, SETTINGS_KEY));
    if (!row) return DEFAULT_REVIEW_SETTINGS;
    return parseStored('the review settings', reviewSettingsRecordSchema, row.value);
  }

  async function summaryOf(productId: number): Promise<RatingSummary> {
    const rows = await db
      .select({ rating: productReviews.rating, n: count() })
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'published')))
      .groupBy(productReviews.rating);
    return ratingSummary(Object.fromEntries(rows.map((row) => [row.rating, row.n])));
  }

  async function eligibility(userId: number, productId: number): Promise<boolean> {
    const rows = await db
      .select({ status: orders.status, isPaid: orders.isPaid, paidAt: orders.paidAt })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId)));
    return hasReceived(rows);
  }

  async function mine(viewer: Viewer, product: Product): Promise<MyProductReview> {
    const [[account], [own], eligible] = await Promise.all([
      db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, viewer.id)),
      db
        .select()
        .from(productReviews)
        .where(and(eq(productReviews.productId, product.id), eq(productReviews.userId, viewer.id))),
      eligibility(viewer.id, product.id),
    ]);
    return {
      eligible,
      reason: eligible ? null : productReviewMessages.notEligible,
      displayName: account ? reviewDisplayName(account.firstName, account.lastName) : null,
      review: own
        ? {
            id: own.id,
            rating: own.rating,
            title: own.title,
            text: own.text,
            showName: own.showName,
            status: own.status,
          }
        : null,
    };
  }

  /** Runs `change` in a transaction; a change to what is published tells the catalogue after commit. */
  async function changing<T>(change: (tx: Transaction) => Promise<{ result: T; published: boolean }>) {
    const { result, published } = await db.transaction(async (tx) => {
      const outcome = await change(tx);
      if (outcome.published) await bumpCatalogVersion(tx);
      return outcome;
    });
    if (published) onPublishedChange();
    return result;
  }

  return {
    settings,

    async updateSettings(next: ReviewSettings): Promise<ReviewSettings> {
      const value = { moderation: next.moderation };
      await db
        .insert(shopSettings)
        .values({ key: SETTINGS_KEY, value })
        .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: new Date() } });
      return value;
    },

    /** Published reviews of an active product, a page at a time, with the summary of all of them. */
    async list(slug: string, { sort, page }: ProductReviewsQuery): Promise<ProductReviewPage> {
      const product = await productOf(slug);
      return this.listFor(product.id, { sort, page });
    },

    async listFor(productId: number, { sort, page }: ProductReviewsQuery): Promise<ProductReviewPage> {
      const summary = await summaryOf(productId);
      const rows =
        summary.count <= (page - 1) * REVIEW_PAGE_SIZE
          ? []
          : await db
              .select({ review: productReviews, firstName: users.firstName, lastName: users.lastName })
              .from(productReviews)
              .innerJoin(users, eq(users.id, productReviews.userId))
              .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'published')))
              .orderBy(
                ...(sort === 'helpful' ? [desc(productReviews.helpfulCount)] : []),
                desc(productReviews.createdAt),
                desc(productReviews.id),
              )
              .limit(REVIEW_PAGE_SIZE)
              .offset((page - 1) * REVIEW_PAGE_SIZE);
      return {
        summary,
        sort,
        page,
        page_size: REVIEW_PAGE_SIZE,
        pages: pageCount(summary.count, REVIEW_PAGE_SIZE),
        reviews: rows.map(({ review, ...author }) => publicReview(review, author)),
      };
    },

    /** The caller's review of the product (for the form), and whether they may write one. */
    async mine(viewer: Viewer, slug: string): Promise<MyProductReview> {
      return mine(viewer, await productOf(slug));
    },

    /**
     * Writes the caller's review of the product, or edits the one they wrote: only a customer who
     * received it (403 otherwise). With moderation on, the review (again) waits for the owner.
     */
    async write(
      viewer: Viewer,
      slug: string,
      input: ProductReviewFields,
    ): Promise<{ created: boolean; mine: MyProductReview }> {
      const product = await productOf(slug);
      if (!(await eligibility(viewer.id, product.id))) {
        throw new ForbiddenError(productReviewMessages.notEligible);
      }
      const current = await settings();
      const created = await changing(async (tx) => {
        const [existing] = await tx
          .select()
          .from(productReviews)
          .where(and(eq(productReviews.productId, product.id), eq(productReviews.userId, viewer.id)))
          .for('update');
        const status = statusAfterWrite(existing?.status ?? null, current);
        const now = new Date();
        const fields = {
          rating: input.rating,
          title: input.title,
          text: input.text,
          showName: input.showName,
          status,
          updatedAt: now,
          ...(status === 'published' ? { publishedAt: now } : {}),
        };
        if (existing) {
          await tx.update(productReviews).set(fields).where(eq(productReviews.id, existing.id));
        } else {
          // Two first submissions at once: the unique index lets one in, the other edits it.
          await tx
            .insert(productReviews)
            .values({ productId: product.id, userId: viewer.id, ...fields })
            .onConflictDoUpdate({
              target: [productReviews.productId, productReviews.userId],
              set: fields,
            });
        }
        return {
          result: !existing,
          published: existing?.status === 'published' || status === 'published',
        };
      });
      return { created, mine: await mine(viewer, product) };
    },

    /** One "helpful" vote per signed-in shopper and published review; not for one's own. */
    async voteHelpful(viewer: Viewer, reviewId: number): Promise<{ helpful_count: number }> {
      return db.transaction(async (tx) => {
        const [review] = await tx
          .select({ userId: productReviews.userId, status: productReviews.status })
          .from(productReviews)
          .where(eq(productReviews.id, reviewId));
        if (!review || review.status !== 'published') throw new NotFoundError(productReviewMessages.notFound);
        if (review.userId === viewer.id) throw new ForbiddenError(productReviewMessages.ownVote);
        const added = await tx
          .insert(productReviewVotes)
          .values({ reviewId, userId: viewer.id })
          .onConflictDoNothing()
          .returning({ reviewId: productReviewVotes.reviewId });
        const [row] = await tx
          .update(productReviews)
          .set({ helpfulCount: sql`${productReviews.helpfulCount} + ${added.length}` })
          .where(eq(productReviews.id, reviewId))
          .returning({ helpful_count: productReviews.helpfulCount });
        return row!;
      });
    },

    /** The admin's list, newest first, of one status or all. */
    async adminList({ status, page }: AdminProductReviewsQuery): Promise<AdminProductReviewPage> {
      const where = status ? eq(productReviews.status, status) : undefined;
      const [{ total }] = (await db.select({ total: count() }).from(productReviews).where(where)) as [
        { total: number },
      ];
      const rows = await db
        .select({
          review: productReviews,
          firstName: users.firstName,
          lastName: users.lastName,
          product: { id: products.id, name: products.name, slug: products.slug },
        })
        .from(productReviews)
        .innerJoin(users, eq(users.id, productReviews.userId))
        .innerJoin(products, eq(products.id, productReviews.productId))
        .where(where)
        .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
        .limit(ADMIN_REVIEW_PAGE_SIZE)
        .offset((page - 1) * ADMIN_REVIEW_PAGE_SIZE);
      return {
        page,
        pages: pageCount(total, ADMIN_REVIEW_PAGE_SIZE),
        total,
        reviews: rows.map(({ review, product, ...author }) => adminReview(review, author, product)),
      };
    },

    /** Publish, hide, reply (or remove the reply). */
    async moderate(id: number, change: ProductReviewModeration): Promise<AdminProductReview> {
      return changing(async (tx) => {
        const [before] = await tx
          .select()
          .from(productReviews)
          .where(eq(productReviews.id, id))
          .for('update');
        if (!before) throw new NotFoundError(productReviewMessages.notFound);
        const now = new Date();
        const status: ReviewStatus = change.status ?? before.status;
        await tx
          .update(productReviews)
          .set({
            status,
            ...(status === 'published' && before.status !== 'published' ? { publishedAt: now } : {}),
            ...(change.reply !== undefined
              ? { reply: change.reply, repliedAt: change.reply ? now : null }
              : {}),
            updatedAt: now,
          })
          .where(eq(productReviews.id, id));
        const [row] = await tx
          .select({
            review: productReviews,
            firstName: users.firstName,
            lastName: users.lastName,
            product: { id: products.id, name: products.name, slug: products.slug },
          })
          .from(productReviews)
          .innerJoin(users, eq(users.id, productReviews.userId))
          .innerJoin(products, eq(products.id, productReviews.productId))
          .where(eq(productReviews.id, id));
        const { review, product, ...author } = row!;
        return {
          result: adminReview(review, author, product),
          published: before.status === 'published' || status === 'published',
        };
      });
    },
  };
}

function adminReview(
  row: ReviewRow,
  author: Author,
  product: { id: number; name: string; slug: string },
): AdminProductReview {
  return {
    id: row.id,
    status: row.status,
    rating: row.rating,
    title: row.title,
    text: row.text,
    author: authorOf(row, author),
    product,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    helpful_count: row.helpfulCount,
    reply: replyOf(row),
  };
}

export type ProductReviewsService = ReturnType<typeof createProductReviewsService>;

/** The ids of the products a user's published reviews are of (erasure: their ratings change). */
export async function hasPublishedReviews(tx: Pick<Database, 'select'>, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.status, 'published')))
    .orderBy(asc(productReviews.id))
    .limit(1);
  return Boolean(row);
}
