/**
 * "Download my data" (decision 0043): everything the shop holds about the signed-in owner, as one
 * JSON document. Secrets are left out (the password hash, token hashes, the text of e-mails, which
 * carries live links); so are records keyed only by an e-mail address the account has not proved
 * is its own (contact messages, newsletter sign-up, consents by address), since anyone can register
 * with someone else's address.
 */
import { asc, desc, eq, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import { ForbiddenError, NotFoundError } from '../../../domain/errors.js';
import { messages } from '../../../domain/messages.js';
import { privacyMessages, type DataExport } from '../../../domain/privacy.js';
import type { Database } from '../../db/client.js';
import {
  abandonedCarts,
  consentEvents,
  contactMessages,
  emailOutbox,
  marketingConsents,
  newsletterSubscribers,
  orders,
  paymentIntents,
  paymentMethods,
  productReviews,
  products,
  savedAddresses,
  subscriptionEvents,
  subscriptionItems,
  subscriptions,
  sessions,
  users,
} from '../../db/schema.js';
import { loadOrder } from '../orders/read.js';
import { timelineOf } from '../orders/timeline.js';
import type { Viewer } from '../../http/viewer.js';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
const lower = (column: SQLWrapper) => sql<string>`lower(${column})`;

export function createDataExport(db: Database) {
  return {
    /** The owner's own data only: nobody else's, an admin's request for someone else included. */
    async exportFor(viewer: Viewer, userId: number): Promise<DataExport> {
      if (viewer.id !== userId) throw new ForbiddenError(privacyMessages.ownDataOnly);
      const [account] = await db.select().from(users).where(eq(users.id, userId));
      if (!account) throw new NotFoundError(messages.userNotFound);
      const email = account.email.toLowerCase();
      const proven = account.emailVerifiedAt !== null;
      // Records keyed by address are the owner's once the address is proven theirs.
      const byAddress = <T>(query: () => Promise<T[]>) => (proven ? query() : Promise.resolve([] as T[]));

      const orderRows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      const orderList = [];
      for (const { id } of orderRows) {
        const order = await loadOrder(db, id);
        if (order) orderList.push({ ...order, timeline: await timelineOf(db, id) });
      }
      // Admins appear on a customer's timeline by their role, not by name: that is staff data.
      for (const order of orderList) {
        for (const event of order.timeline) if (event.actor.kind === 'admin') event.actor.name = null;
      }

      const consentRows = await db
        .select()
        .from(marketingConsents)
        .where(
          proven
            ? or(eq(marketingConsents.userId, userId), eq(lower(marketingConsents.email), email))
            : eq(marketingConsents.userId, userId),
        )
        .orderBy(asc(marketingConsents.id));
      const consentIds = consentRows.map((row) => row.id);
      const events =
        consentIds.length === 0
          ? []
          : await db
              .select()
              .from(consentEvents)
              .where(inArray(consentEvents.consentId, consentIds))
              .orderBy(asc(consentEvents.id));

      const [payments, newsletter, contact, carts, sessionRows, emails, book] = await Promise.all([
        db
          .select()
          .from(paymentIntents)
          .where(eq(paymentIntents.userId, userId))
          .orderBy(asc(paymentIntents.createdAt)),
        byAddress(() =>
          db
            .select()
            .from(newsletterSubscribers)
            .where(eq(lower(newsletterSubscribers.email), email)),
        ),
        byAddress(() =>
          db
            .select()
            .from(contactMessages)
            .where(eq(lower(contactMessages.email), email))
            .orderBy(asc(contactMessages.createdAt)),
        ),
        db
          .select()
          .from(abandonedCarts)
          .where(eq(abandonedCarts.userId, userId))
          .orderBy(asc(abandonedCarts.createdAt)),
        db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastSeenAt)),
        db
          .select()
          .from(emailOutbox)
          .where(
            inArray(
              lower(emailOutbox.to),
              [email, account.pendingEmail?.toLowerCase()].filter((x): x is string => Boolean(x)),
            ),
          )
          .orderBy(asc(emailOutbox.id)),
        db
          .select()
          .from(savedAddresses)
          .where(eq(savedAddresses.userId, userId))
          .orderBy(desc(savedAddresses.isDefault), asc(savedAddresses.id)),
      ]);
      const subscriptionRows = await db
        .select({ subscription: subscriptions, card: paymentMethods })
        .from(subscriptions)
        .leftJoin(paymentMethods, eq(paymentMethods.id, subscriptions.paymentMethodId))
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.id));
      const subscriptionIds = subscriptionRows.map((row) => row.subscription.id);
      const [subscribedItems, subscriptionHistory] =
        subscriptionIds.length === 0
          ? [[], []]
          : await Promise.all([
              db
                .select({
                  subscriptionId: subscriptionItems.subscriptionId,
                  productId: subscriptionItems.productId,
                  name: products.name,
                  quantity: subscriptionItems.quantity,
                })
                .from(subscriptionItems)
                .innerJoin(products, eq(products.id, subscriptionItems.productId))
                .where(inArray(subscriptionItems.subscriptionId, subscriptionIds))
                .orderBy(asc(subscriptionItems.productId)),
              db
                .select()
                .from(subscriptionEvents)
                .where(inArray(subscriptionEvents.subscriptionId, subscriptionIds))
                .orderBy(asc(subscriptionEvents.id)),
            ]);

      const reviewRows = await db
        .select({ review: productReviews, product: products.name })
        .from(productReviews)
        .innerJoin(products, eq(products.id, productReviews.productId))
        .where(eq(productReviews.userId, userId))
        .orderBy(asc(productReviews.id));

      const addresses: DataExport['addresses'] = [];
      const seen = new Set<string>();
      const addAddress = (source: 'account' | 'order', address: string) => {
        const key = address.trim().toLowerCase();
        if (!key || seen.has(key)) return;
        seen.add(key);
        addresses.push({ source, address });
      };
      if (account.address) addAddress('account', account.address);
      for (const order of orderList) {
        const line = [
          order.shipping_address,
          order.shipping_address2,
          order.shipping_city,
          order.shipping_state,
          order.shipping_postal_code,
          order.shipping_country,
        ]
          .filter(Boolean)
          .join(', ');
        addAddress('order', line);
      }

      return {
        format: 'northbite-data-export/1',
        exportedAt: new Date().toISOString(),
        account: {
          id: account.id,
          email: account.email,
          emailVerifiedAt: isoOrNull(account.emailVerifiedAt),
          pendingEmail: account.pendingEmail,
          firstName: account.firstName,
          lastName: account.lastName,
          phoneNumber: account.phoneNumber,
          address: account.address,
          hasPassword: account.passwordHash !== null,
          signsInWithGoogle: account.googleSubject !== null,
          isAdmin: account.isAdmin,
          isSubscribedEmail: account.isSubscribedEmail,
          isSubscribedPhone: account.isSubscribedPhone,
          createdAt: iso(account.createdAt),
          updatedAt: iso(account.updatedAt),
        },
        addresses,
        savedAddresses: book.map((row) => ({
          id: row.id,
          firstName: row.firstName,
          lastName: row.lastName,
          address1: row.address1,
          address2: row.address2,
          city: row.city,
          state: row.province as DataExport['savedAddresses'][number]['state'],
          postalCode: row.postalCode,
          country: row.country as DataExport['savedAddresses'][number]['country'],
          phoneNumber: row.phoneNumber,
          isDefault: row.isDefault,
          createdAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
        })),
        subscriptions: subscriptionRows.map(({ subscription: row, card }) => ({
          id: row.id,
          status: row.status,
          intervalWeeks: row.intervalWeeks,
          nextOrderAt: iso(row.nextOrderAt),
          pausedUntil: isoOrNull(row.pausedUntil),
          shippingInfo: row.shippingInfo,
          items: subscribedItems
            .filter((item) => item.subscriptionId === row.id)
            .map(({ productId, name, quantity }) => ({ productId, name, quantity })),
          card: card
            ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
            : null,
          cancelReason: row.cancelReason,
          canceledAt: isoOrNull(row.canceledAt),
          createdAt: iso(row.createdAt),
          history: subscriptionHistory
            .filter((event) => event.subscriptionId === row.id)
            .map((event) => ({ kind: event.kind, summary: event.summary, createdAt: iso(event.createdAt) })),
        })),
        orders: orderList,
        productReviews: reviewRows.map(({ review, product }) => ({
          product,
          rating: review.rating,
          title: review.title,
          text: review.text,
          showName: review.showName,
          status: review.status,
          reply: review.reply,
          createdAt: iso(review.createdAt),
          updatedAt: iso(review.updatedAt),
        })),
        payments: payments.map((row) => ({
          id: row.id,
          provider: row.provider,
          amountCents: row.amountCents,
          currency: row.currency,
          status: row.status,
          checkout: row.checkout,
          clientAddress: row.clientAddress,
          createdAt: iso(row.createdAt),
        })),
        marketingConsents: consentRows.map((row) => ({
          channel: row.channel,
          granted: row.granted,
          email: row.email,
          phoneNumber: row.phoneNumber,
          updatedAt: iso(row.updatedAt),
        })),
        consentEvents: events.map((row) => ({
          channel: row.channel,
          granted: row.granted,
          source: row.source,
          wording: row.wording,
          preTicked: row.preTicked,
          phoneNumber: row.phoneNumber,
          clientAddress: row.clientAddress,
          createdAt: iso(row.createdAt),
        })),
        newsletter: newsletter.map((row) => ({
          email: row.email,
          status: row.status,
          source: row.source,
          confirmedAt: isoOrNull(row.confirmedAt),
          createdAt: iso(row.createdAt),
        })),
        contactMessages: contact.map((row) => ({
          name: row.name,
          email: row.email,
          message: row.message,
          createdAt: iso(row.createdAt),
        })),
        savedCarts: carts.map((row) => ({
          email: row.email,
          items: row.cartItems,
          totalCents: row.totalCents,
          status: row.status,
          reminderSentAt: isoOrNull(row.reminderSentAt),
          createdAt: iso(row.createdAt),
        })),
        // Expired ones too, until housekeeping prunes them: the shop still holds them.
        sessions: sessionRows.map((row) => ({
          createdAt: iso(row.createdAt),
          lastSeenAt: iso(row.lastSeenAt),
          expiresAt: iso(row.expiresAt),
          userAgent: row.userAgent,
          kind: row.kind,
          current: row.tokenHash === viewer.tokenHash,
        })),
        emails: emails.map((row) => ({
          to: row.to,
          subject: row.subject,
          status: row.status,
          createdAt: iso(row.createdAt),
          sentAt: isoOrNull(row.sentAt),
        })),
      };
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExport>;
