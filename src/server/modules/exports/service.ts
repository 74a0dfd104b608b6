/**
 * CSV exports for the owner's spreadsheets and accountant (decision 0023): orders (one row per
 * item), customers (with their consent flags) and newsletter sign-ups. Each is streamed: rows are
 * read a page at a time by id (keyset paging) and written out as they come, so 100,000 orders never
 * sit in memory at once. csv-stringify writes the CSV with every cell quoted. Every text cell goes
 * through `neutraliseCsvText` (domain/csv.ts), which puts a ' before a formula character wherever a
 * field could start, also after a `;` or `,` inside the cell (Excel in fr-CA splits lines on `;`),
 * so a spreadsheet never runs a shopper's text. Amounts the shop writes itself are `Figure`s,
 * written as they are, so that a spreadsheet reads them as numbers (a negative one too).
 */
import { Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { neutraliseCsvText } from '../../../domain/csv.js';
import { centsToDollars } from '../../../domain/money.js';
import type { Database } from '../../db/client.js';
import {
  consentEvents,
  newsletterSubscribers,
  orderItems,
  orderRefunds,
  orders,
  users,
} from '../../db/schema.js';

/** Rows read per query. */
const PAGE = 1000;

/** Text the shop itself writes as a number (an amount): written as it is, never neutralised. */
export class Figure {
  constructor(readonly text: string) {}
}
/** A cell: text (neutralised), a number, or one of the shop's own figures. */
export type Cell = string | number | Figure;

const dollars = (cents: number) => new Figure(centsToDollars(cents).toFixed(2));
const iso = (date: Date | null) => date?.toISOString() ?? '';
const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/** Pages through a table by id: `fetch(after)` answers the next page of rows with ids above `after`. */
async function* pages<T extends { id: number }>(fetch: (after: number) => Promise<T[]>): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after);
    for (const row of rows) yield row;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

const cellText = (cell: Cell): string | number =>
  cell instanceof Figure ? cell.text : typeof cell === 'string' ? neutraliseCsvText(cell) : cell;

/** The CSV of `records`, streamed: every cell quoted, text neutralised, figures as they are. */
export function csv(columns: string[], records: AsyncIterable<Cell[]> | Iterable<Cell[]>): Stringifier {
  const out = stringify({ header: true, columns, quoted: true, quoted_empty: true, bom: true });
  Readable.from(
    (async function* () {
      for await (const record of records) yield record.map(cellText);
    })(),
  )
    .on('error', (error) => out.destroy(error))
    .pipe(out);
  return out;
}

export const ORDER_COLUMNS = [
  'order_id',
  'created_at',
  'status',
  'paid',
  'email',
  'first_name',
  'last_name',
  'phone',
  'address',
  'address2',
  'city',
  'province',
  'postal_code',
  'product',
  'sku',
  'quantity',
  'unit_price',
  'line_total',
  'order_subtotal',
  'order_shipping',
  'order_gst',
  'order_total',
  'order_refunded',
  'carrier',
  'tracking_number',
];

export function createExportsService(db: Database) {
  return {
    /** One row per order line, oldest order first; the order's own figures repeat on each line. */
    orders(): Stringifier {
      // Lines and refunds are read per page of orders, not per order.
      async function* rows() {
        let batch: (typeof orders.$inferSelect)[] = [];
        const flush = async function* () {
          const ids = batch.map((o) => o.id);
          const [lines, refunds] = await Promise.all([
            db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
            db
              .select({
                orderId: orderRefunds.orderId,
                cents: sql<number>`sum(${orderRefunds.amountCents})::int`,
              })
              .from(orderRefunds)
              .where(and(inArray(orderRefunds.orderId, ids), eq(orderRefunds.status, 'succeeded')))
              .groupBy(orderRefunds.orderId),
          ]);
          const refunded = new Map(refunds.filter((r) => r.cents).map((r) => [r.orderId, r.cents]));
          for (const o of batch) {
            for (const line of lines.filter((l) => l.orderId === o.id)) {
              yield [
                o.id,
                iso(o.createdAt),
                o.status,
                yesNo(o.isPaid),
                o.email,
                o.firstName,
                o.lastName,
                o.phoneNumber,
                o.shippingAddress,
                o.shippingAddress2 ?? '',
                o.shippingCity,
                o.shippingState,
                o.shippingPostalCode,
                line.productName,
                line.sku ?? '',
                line.quantity,
                dollars(line.priceCents),
                dollars(line.priceCents * line.quantity),
                dollars(o.subtotalCents),
                dollars(o.shippingCents),
                dollars(o.taxCents),
                dollars(o.totalCents),
                dollars(refunded.get(o.id) ?? 0),
                o.carrier ?? '',
                o.trackingNumber ?? '',
              ];
            }
          }
          batch = [];
        };
        for await (const order of pages((after) =>
          db.select().from(orders).where(gt(orders.id, after)).orderBy(asc(orders.id)).limit(PAGE),
        )) {
          batch.push(order);
          if (batch.length === PAGE) yield* flush();
        }
        if (batch.length > 0) yield* flush();
      }
      return csv(ORDER_COLUMNS, rows());
    },

    /** Every account, with what it agreed to be sent. */
    customers(): Stringifier {
      async function* rows() {
        for await (const u of pages((after) =>
          db.select().from(users).where(gt(users.id, after)).orderBy(asc(users.id)).limit(PAGE),
        )) {
          yield [
            u.id,
            u.email,
            u.firstName,
            u.lastName,
            u.phoneNumber ?? '',
            yesNo(u.emailVerifiedAt !== null),
            yesNo(u.isSubscribedEmail),
            yesNo(u.isSubscribedPhone),
            yesNo(u.isAdmin),
            iso(u.createdAt),
          ];
        }
      }
      return csv(
        [
          'id',
          'email',
          'first_name',
          'last_name',
          'phone',
          'email_confirmed',
          'email_marketing',
          'sms_marketing',
          'admin',
          'created_at',
        ],
        rows(),
      );
    },

    newsletter(): Stringifier {
      async function* rows() {
        for await (const s of pages((after) =>
          db
            .select()
            .from(newsletterSubscribers)
            .where(gt(newsletterSubscribers.id, after))
            .orderBy(asc(newsletterSubscribers.id))
            .limit(PAGE),
        )) {
          yield [s.id, s.email, s.source, s.status, iso(s.confirmedAt), iso(s.createdAt)];
        }
      }
      return csv(['id', 'email', 'source', 'status', 'confirmed_at', 'created_at'], rows());
    },

    /**
     * Every grant and withdrawal of marketing consent, oldest first (decision 0042): the proof CASL
     * asks the sender to produce (who, which channel, how, the words shown, when, from where).
     */
    consentLog(): Stringifier {
      async function* rows() {
        for await (const e of pages((after) =>
          db
            .select()
            .from(consentEvents)
            .where(gt(consentEvents.id, after))
            .orderBy(asc(consentEvents.id))
            .limit(PAGE),
        )) {
          yield [
            e.id,
            iso(e.createdAt),
            e.email,
            e.channel,
            e.granted ? 'granted' : 'withdrawn',
            e.source,
            e.wording,
            e.preTicked === null ? '' : yesNo(e.preTicked),
            e.phoneNumber ?? '',
            e.clientAddress ?? '',
          ];
        }
      }
      return csv(
        [
          'id',
          'at',
          'email',
          'channel',
          'action',
          'source',
          'wording',
          'box_pre_ticked',
          'phone_number',
          'client_address',
        ],
        rows(),
      );
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
