/**
 * Abandoned-cart recovery (decision 0016).
 *
 * - capture: a signed-in shopper's cart at checkout, one open record per user, repriced from the
 *   catalogue. Skipped within 15 minutes of their last order, for administrators (an e-mailed
 *   link never signs an administrator in), and after a restore (that cart had its reminder). Answers a handle the browser may later delete it with.
 * - reminder: a job due ABANDONED_CART_REMINDER_MINUTES after the last capture sends one e-mail with
 *   a fresh restore token, unless the shopper ordered since or does not accept marketing e-mail. It
 *   is a commercial e-mail: the outbox writes it only with e-mail consent, with its unsubscribe
 *   link and headers (decision 0044).
 * - restore: the token (256 random bits, only its SHA-256 stored, bound to the user and their
 *   e-mail, expiring) is spent by the first GET, which answers the cart and a new session.
 */
import { and, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { SECRET_TOKEN_PATTERN } from '../../../domain/accounts.js';
import {
  abandonedCartMessages,
  restoreCartPath,
  SKIP_CAPTURE_AFTER_ORDER_MS,
} from '../../../domain/abandoned-cart.js';
import type { AbandonedCartCapture } from '../../../domain/abandoned-cart-schemas.js';
import { addToCart, emptyCart, toCartProduct, type Cart } from '../../../domain/cart.js';
import type { CartItemsInput } from '../../../domain/checkout.js';
import type { User } from '../../../domain/accounts.js';
import { ForbiddenError, InvalidError, NotFoundError } from '../../../domain/errors.js';
import { abandonedCartItemsSchema } from '../../../domain/stored/abandoned-cart-items.js';
import { reminderJobPayloadSchema } from '../../../domain/stored/job-payloads.js';
import { parseStored, StoredRecordError } from '../../../domain/stored/versions.js';
import type { Database } from '../../db/client.js';
import { abandonedCarts, orders, users } from '../../db/schema.js';
import type { CatalogService } from '../catalog/service.js';
import { defineJob, enqueueJob, PermanentJobError, type JobHandler, type JobRunner } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import type { Viewer } from '../../http/viewer.js';
import { hashToken, newToken, type SessionStore } from '../users/sessions.js';
import { toApiUser } from '../users/service.js';
import { reminderEmail } from './reminder-email.js';

export const reminderJob = defineJob('abandoned-cart.reminder', reminderJobPayloadSchema);
export const REMINDER_JOB = reminderJob.type;

/** A saved cart's items, parsed (decision 0047); throws a StoredRecordError naming the cart. */
const cartItemsOf = (cart: { id: number; cartItems: unknown }): CartItemsInput =>
  parseStored(`the items of abandoned cart ${cart.id}`, abandonedCartItemsSchema, cart.cartItems);

export interface AbandonedCartOptions {
  db: Database;
  catalog: CatalogService;
  sessions: SessionStore;
  mailer: Mailer;
  jobs: JobRunner;
  publicUrl: string;
  reminderDelayMinutes: number;
  tokenTtlHours: number;
  /**
   * The one-click unsubscribe link for an address, for the reminder's footer and List-Unsubscribe
   * header. Called before the reminder's transaction opens, so it may read the database.
   */
  unsubscribeUrl: (email: string) => Promise<string>;
}

export type CaptureResult =
  { token: string } | { token: null; skipped: 'recent-order' | 'administrator' | 'restored' };

export interface RestoredCart {
  cart: Cart;
  authToken: string;
  user: User;
}

export function createAbandonedCartService(options: AbandonedCartOptions) {
  const { db, catalog, sessions, mailer, jobs, publicUrl } = options;

  /**
   * The cart in the shape the browser stores, priced from today's catalogue. The catalogue
   * is read before any transaction opens: PGlite has one connection, so no query may wait inside one.
   */
  async function pricer(): Promise<(items: CartItemsInput) => Cart> {
    const products = new Map((await catalog.listProducts()).map((product) => [product.id, product]));
    return (items) => {
      let cart = emptyCart;
      for (const item of items) {
        const product = products.get(item.id);
        // A product hidden or deleted since is left out rather than failing the whole cart.
        if (product) cart = addToCart(cart, toCartProduct(product), item.quantity);
      }
      return cart;
    };
  }

  /** Sends the reminder for one saved cart, at most once (the job may run again after a crash). */
  const sendReminder: JobHandler<typeof reminderJob> = async ({ cartId }) => {
    const buildCart = await pricer();
    // Outside the transaction, like the catalogue above (PGlite has one connection).
    const [recipient] = await db
      .select({ email: users.email })
      .from(abandonedCarts)
      .innerJoin(users, eq(users.id, abandonedCarts.userId))
      .where(eq(abandonedCarts.id, cartId));
    if (!recipient) return;
    const unsubscribeUrl = await options.unsubscribeUrl(recipient.email);
    const sent = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ cart: abandonedCarts, user: users })
        .from(abandonedCarts)
        .innerJoin(users, eq(users.id, abandonedCarts.userId))
        .where(eq(abandonedCarts.id, cartId))
        .for('update', { of: abandonedCarts });
      if (!row || row.cart.status !== 'open' || row.cart.reminderSentAt) return false;
      // The account's flag mirrors its consent record, which the outbox checks (decision 0044).
      if (!row.user.isSubscribedEmail || row.user.isAdmin) return false;
      // The address changed since the link was made: no reminder rather than a link for another.
      if (row.user.email !== recipient.email) return false;
      const [ordered] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, row.user.id), gt(orders.createdAt, row.cart.updatedAt)))
        .limit(1);
      if (ordered) return false;
      let items: CartItemsInput;
      try {
        items = cartItemsOf(row.cart);
      } catch (error) {
        // No retry can read them: the job is parked, and the runner logs why (decision 0047).
        if (error instanceof StoredRecordError) throw new PermanentJobError(error.message);
        throw error;
      }
      const cart = buildCart(items);
      if (cart.items.length === 0) return false;

      const token = newToken();
      const emailId = await mailer.enqueue(
        tx,
        reminderEmail({
          to: row.user.email,
          // By name only to a confirmed address: whoever registered with it may not own it.
          firstName: row.user.emailVerifiedAt ? row.user.firstName : null,
          cart,
          link: `${publicUrl}${restoreCartPath(token)}`,
          unsubscribeUrl,
          validHours: options.tokenTtlHours,
        }),
      );
      // No e-mail consent on record (the outbox logged it): no reminder, and no link to restore.
      if (emailId === null) return false;
      const expiresAt = new Date(Date.now() + options.tokenTtlHours * 60 * 60 * 1000);
      await tx
        .update(abandonedCarts)
        .set({ tokenHash: hashToken(token), tokenExpiresAt: expiresAt, reminderSentAt: new Date() })
        .where(eq(abandonedCarts.id, cartId));
      return true;
    });
    if (sent) mailer.deliverSoon();
  };

  return {
    sendReminder,

    async capture(viewer: Viewer, input: AbandonedCartCapture): Promise<CaptureResult> {
      if (input.email.toLowerCase() !== viewer.email.toLowerCase()) {
        throw new ForbiddenError(abandonedCartMessages.notYours);
      }
      if (viewer.isAdmin) return { token: null, skipped: 'administrator' };
      // The browser skips too (it knows when it ordered); this covers other devices and old tabs.
      const [recent] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.userId, viewer.id),
            gt(orders.createdAt, sql`now() - ${`${SKIP_CAPTURE_AFTER_ORDER_MS} milliseconds`}::interval`),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      if (recent) return { token: null, skipped: 'recent-order' };
      // The reminder's link leads to /checkout, which saves the cart again: that cart has had its
      // one reminder, so it is not saved (nor reminded about) again while the link could be valid.
      const [restored] = await db
        .select({ id: abandonedCarts.id })
        .from(abandonedCarts)
        .where(
          and(
            eq(abandonedCarts.userId, viewer.id),
            eq(abandonedCarts.status, 'restored'),
            gt(abandonedCarts.restoredAt, sql`now() - ${`${options.tokenTtlHours} hours`}::interval`),
          ),
        )
        .limit(1);
      if (restored) return { token: null, skipped: 'restored' };

      const cart = (await pricer())(input.cartItems);
      const items = cart.items.map((item) => ({ id: item.id, quantity: item.quantity }));
      if (items.length === 0) throw new InvalidError('None of these products can be ordered any more.');
      const totalCents = Math.round(cart.totalPrice * 100);
      const handle = newToken();
      const runAt = new Date(Date.now() + options.reminderDelayMinutes * 60 * 1000);

      await db.transaction(async (tx) => {
        // A cart already reminded about is done with: this visit starts a new one with its own
        // reminder (and the old link stops working with the old record).
        await tx
          .delete(abandonedCarts)
          .where(
            and(
              eq(abandonedCarts.userId, viewer.id),
              eq(abandonedCarts.status, 'open'),
              isNotNull(abandonedCarts.reminderSentAt),
            ),
          );
        const [saved] = await tx
          .insert(abandonedCarts)
          .values({
            userId: viewer.id,
            email: viewer.email,
            cartItems: items,
            totalCents,
            handleHash: hashToken(handle),
          })
          .onConflictDoUpdate({
            target: abandonedCarts.userId,
            targetWhere: sql`${abandonedCarts.status} = 'open'`,
            set: {
              email: viewer.email,
              cartItems: items,
              totalCents,
              handleHash: hashToken(handle),
              updatedAt: new Date(),
            },
          })
          .returning({ id: abandonedCarts.id });
        // One reminder per saved cart; saving again before it went out moves it later.
        await enqueueJob(tx, {
          job: reminderJob,
          payload: { cartId: saved!.id },
          runAt,
          dedupeKey: `${REMINDER_JOB}:${saved!.id}`,
        });
      });
      if (options.reminderDelayMinutes === 0) jobs.runSoon();
      return { token: handle };
    },

    /** Spends a restore token: the cart and a new session, once. Anything else is a 404. */
    async restore(token: string, userAgent: string | undefined): Promise<RestoredCart> {
      const invalid = new NotFoundError(abandonedCartMessages.linkInvalid);
      if (!SECRET_TOKEN_PATTERN.test(token)) throw invalid;
      const buildCart = await pricer();
      return db.transaction(async (tx) => {
        // The update is the claim: of two requests with the same token, only one gets the row.
        const [spent] = await tx
          .update(abandonedCarts)
          .set({ status: 'restored', restoredAt: new Date(), updatedAt: new Date() })
          .where(
            and(
              eq(abandonedCarts.tokenHash, hashToken(token)),
              eq(abandonedCarts.status, 'open'),
              gt(abandonedCarts.tokenExpiresAt, sql`now()`),
            ),
          )
          .returning();
        if (!spent) throw invalid;
        const [user] = await tx.select().from(users).where(eq(users.id, spent.userId));
        // Bound to the address it was sent to: after an e-mail change the old inbox cannot sign in.
        if (!user || user.isAdmin || user.email.toLowerCase() !== spent.email.toLowerCase()) throw invalid;
        // Items that do not parse throw before the session is made: nothing is spent (the transaction
        // rolls back), and the request is answered 500 and logged with the cart and the issues.
        const cart = buildCart(cartItemsOf(spent));
        // A restore link is sent in a marketing e-mail and proves less than a sign-in: its session
        // can shop and pay, not change the account's e-mail or password (decision 0040).
        const authToken = await sessions.create(user.id, userAgent, tx, 'restore');
        return { cart, authToken, user: toApiUser(user) };
      });
    },

    /** Deletes the record a restore token or a capture handle belongs to; unknown tokens do nothing. */
    async remove(token: string): Promise<void> {
      if (!SECRET_TOKEN_PATTERN.test(token)) return;
      const hashed = hashToken(token);
      await db
        .delete(abandonedCarts)
        .where(
          and(
            or(eq(abandonedCarts.tokenHash, hashed), eq(abandonedCarts.handleHash, hashed)),
            inArray(abandonedCarts.status, ['open', 'restored']),
          ),
        );
    },
  };
}

export type AbandonedCartService = ReturnType<typeof createAbandonedCartService>;
