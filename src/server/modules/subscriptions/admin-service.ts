/**
 * The owner's side of subscriptions (decision 0057): one subscription whole (its history and its
 * renewal attempts), and pause or cancel on the customer's behalf. The changes are the customer's
 * own (service.ts), with the admin named as the one who made them.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type {
  AdminSubscriptionDetail,
  AdminSubscriptionEvent,
  RenewalAttempt,
} from '../../../domain/subscription-schemas.js';
import type { Database } from '../../db/client.js';
import { subscriptionRenewals } from '../../db/schema.js';
import type { SubscriptionsService } from './service.js';

export function createAdminSubscriptions(db: Database, subscriptions: SubscriptionsService) {
  async function detail(id: number): Promise<AdminSubscriptionDetail> {
    const subscription = await subscriptions.adminGet(id);
    const [history, attempts] = await Promise.all([
      subscriptions.history(id),
      db
        .select()
        .from(subscriptionRenewals)
        .where(eq(subscriptionRenewals.subscriptionId, id))
        .orderBy(
          desc(subscriptionRenewals.cycle),
          desc(subscriptionRenewals.attempt),
          asc(subscriptionRenewals.id),
        ),
    ]);
    const events: AdminSubscriptionEvent[] = history.map((row) => ({
      id: row.id,
      kind: row.kind,
      summary: row.summary,
      actor: { kind: row.actorKind, name: row.actorName },
      created_at: row.createdAt.toISOString(),
    }));
    const renewals: RenewalAttempt[] = attempts.map((row) => ({
      cycle: row.cycle,
      attempt: row.attempt,
      status: row.status as RenewalAttempt['status'],
      reason: row.reason as RenewalAttempt['reason'],
      order_id: row.orderId,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    }));
    return { ...subscription, events, renewals };
  }

  return {
    detail,

    /** Paused for the customer: until a day, or until resumed. Answers the subscription after it. */
    async pause(adminId: number, id: number, until: string | null | undefined) {
      await subscriptions.pause({ admin: adminId }, id, until);
      return detail(id);
    },

    /** Cancelled for the customer, with an optional reason. Answers the subscription after it. */
    async cancel(adminId: number, id: number, reason: string | null | undefined) {
      await subscriptions.cancel({ admin: adminId }, id, reason);
      return detail(id);
    },
  };
}

export type AdminSubscriptions = ReturnType<typeof createAdminSubscriptions>;
