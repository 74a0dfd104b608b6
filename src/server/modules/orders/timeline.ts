/**
 * An order's timeline (decision 0023): one row per thing that happened to it, written in the
 * transaction of the change itself, with who did it. It is the audit trail of admin actions on
 * orders too.
 */
import { asc, eq } from 'drizzle-orm';
import type { OrderEvent, OrderEventKind } from '../../../domain/fulfilment.js';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/orders.js';
import type { Database, Transaction } from '../../db/client.js';
import { orderEvents, users } from '../../db/schema.js';

/** Who did it. Admins are named as they were at the time. */
export interface Actor {
  kind: 'customer' | 'admin' | 'system';
  id: number | null;
  name: string | null;
}

export const SYSTEM: Actor = { kind: 'system', id: null, name: null };
export const customer = (id: number | null): Actor => ({ kind: 'customer', id, name: null });

/** The admin as the timeline names them: first and last name, or the e-mail when they have none. */
export async function adminActor(executor: Pick<Database, 'select'>, userId: number): Promise<Actor> {
  const [row] = await executor
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const name = row ? `${row.firstName} ${row.lastName}`.trim() || row.email : null;
  return { kind: 'admin', id: userId, name };
}

/** The timeline's line for an e-mail queued about the order. */
export const emailSummary = (email: { to: string; subject: string }) =>
  `E-mail '${email.subject}' to ${email.to}`;

/** The timeline's line for a status change; `statusReached` reads it back. */
export const statusSummary = (from: OrderStatus, to: OrderStatus) => `Status ${from} → ${to}`;

/** The status a status event's line moved the order to, or null for a line that is none. */
export function statusReached(summary: string): OrderStatus | null {
  const to = /^Status .+ → (.+)$/.exec(summary)?.[1];
  return (ORDER_STATUSES as readonly string[]).includes(to ?? '') ? (to as OrderStatus) : null;
}

export async function recordEvent(
  tx: Pick<Transaction, 'insert'>,
  orderId: number,
  kind: OrderEventKind,
  summary: string,
  actor: Actor,
): Promise<void> {
  await recordEvents(tx, orderId, [{ kind, summary, actor }]);
}

/** Several events of one order in one statement, in the given order (their ids ascend with it). */
export async function recordEvents(
  tx: Pick<Transaction, 'insert'>,
  orderId: number,
  events: readonly { kind: OrderEventKind; summary: string; actor: Actor }[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(orderEvents).values(
    events.map(({ kind, summary, actor }) => ({
      orderId,
      kind,
      summary: summary.slice(0, 500),
      actorKind: actor.kind,
      actorId: actor.id,
      actorName: actor.name,
    })),
  );
}

/** The order's events, oldest first. */
export async function timelineOf(db: Pick<Database, 'select'>, orderId: number): Promise<OrderEvent[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    kind: row.kind as OrderEventKind,
    summary: row.summary,
    actor: { kind: row.actorKind, name: row.actorName },
  }));
}
