/**
 * The sweep that turns every paid intent into its order (decision 0013): money taken always ends as
 * an order, even when the browser, the webhook and the request that took the card all failed to
 * make it.
 *
 * It looks at intents that have no order yet, asks the provider (never our own status column) what
 * became of each, and finishes the paid ones through `placeOrder` (checkout/place-order.ts), which creates the order and
 * its confirmation e-mail exactly once. Runs at start-up and every minute on every instance; several
 * instances share the work by claiming rows with SKIP LOCKED. An unpaid intent is asked about less
 * often as it ages (after 1, 2, 4, 8 ... minutes) and no more after RECONCILE_WINDOW, so abandoned
 * checkouts cost a handful of provider calls each. Each pass first lets go of the checkouts that
 * expired unpaid (checkout/expiry.ts).
 */
import { and, eq, gt, inArray, isNull, notExists, notInArray, or, sql } from 'drizzle-orm';
import {
  FINAL_UNPAID_INTENT_STATUSES,
  type PaymentIntentStatus,
  type ProviderIntentStatus,
} from '../../../domain/payment-intents.js';
import type { Database } from '../../db/client.js';
import { orders, paymentIntents } from '../../db/schema.js';
import { expireIntents, letGoOfIntent } from './expiry.js';
import type { PaymentProvider } from '../payments/provider.js';
import type { PlaceOrder } from './place-order.js';

/** An intent older than this is no longer asked about (a checkout is paid within minutes). */
export const RECONCILE_WINDOW = '7 days';
/** The final unpaid statuses an intent row can hold ('missing' is only ever a provider answer). */
const STORED_FINAL_UNPAID = FINAL_UNPAID_INTENT_STATUSES.filter(
  (status): status is Exclude<typeof status, 'missing'> & PaymentIntentStatus => status !== 'missing',
);
/** Intents asked about per claim; rounds continue while full batches come back. */
const BATCH = 25;

export interface ReconcileResult {
  /** Intents asked about. */
  checked: number;
  /** Orders created for paid intents that had none. */
  created: number;
  /** Paid intents that could not be finished (logged; asked about again later). */
  failed: number;
  /**
   * Unpaid intents past their expiry that were cancelled and gave their stock back (decision 0022).
   */
  expired: number;
}

export interface Reconciler {
  /** One pass over the intents that are due; safe on several instances at once. */
  run(): Promise<ReconcileResult>;
  /** A pass now (start-up), then one every `intervalMs`; a pass still running is not doubled. */
  start(intervalMs: number): void;
  /** Stops the timer; waits for a pass under way at most STOP_WAIT_MS. */
  stop(): Promise<void>;
}

/**
 * A pass cut short is harmless (the next start asks again); a slow provider must not hold a shutdown
 * open longer than this.
 */
const STOP_WAIT_MS = 5_000;

export function createReconciler({
  db,
  provider,
  placeOrder,
  onError,
  onPass,
  onPassFailed,
}: {
  db: Database;
  provider: PaymentProvider;
  /** Makes the order of a paid intent (checkout/place-order.ts). */
  placeOrder: PlaceOrder;
  /** One intent could not be reconciled (it is asked about again later). */
  onError: (error: unknown, intentId: string) => void;
  /** A pass finished; `first` is the start-up pass. */
  onPass: (result: ReconcileResult, first: boolean) => void;
  /** A pass failed as a whole (the database is away). */
  onPassFailed: (error: unknown) => void;
}): Reconciler {
  /** Claims due intents: marking them asked-about now is what keeps other instances off them. */
  async function claim(): Promise<string[]> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: paymentIntents.id })
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.provider, provider.name),
            notInArray(paymentIntents.status, [...STORED_FINAL_UNPAID]),
            gt(paymentIntents.createdAt, sql`now() - ${RECONCILE_WINDOW}::interval`),
            // Asked about after 1, 2, 4, 8 ... minutes of age: each wait as long as the age it had.
            or(
              isNull(paymentIntents.reconciledAt),
              sql`${paymentIntents.reconciledAt} < now() - greatest(interval '1 minute', ${paymentIntents.reconciledAt} - ${paymentIntents.createdAt})`,
            ),
            notExists(
              tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntents.id)),
            ),
          ),
        )
        .orderBy(paymentIntents.createdAt)
        .limit(BATCH)
        .for('update', { of: paymentIntents, skipLocked: true });
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      await tx
        .update(paymentIntents)
        .set({ reconciledAt: sql`now()` })
        .where(inArray(paymentIntents.id, ids));
      return ids;
    });
  }

  let timer: NodeJS.Timeout | undefined;
  let passing: Promise<void> | undefined;
  let passes = 0;

  const reconciler: Reconciler = {
    async run() {
      const result: ReconcileResult = { checked: 0, created: 0, failed: 0, expired: 0 };
      const expiry = await expireIntents({ db, provider, placeOrder, onError });
      result.expired = expiry.expired;
      result.created += expiry.paid;
      for (;;) {
        const ids = await claim();
        for (const id of ids) {
          result.checked++;
          try {
            const state = await provider.retrieveIntent(id);
            if (state.status === 'succeeded') {
              const finished = await placeOrder(id, state.amountReceivedCents);
              if (finished.created) result.created++;
            } else if (
              (FINAL_UNPAID_INTENT_STATUSES as readonly ProviderIntentStatus[]).includes(state.status)
            ) {
              // Never paid, and never will be: remember it so the sweep stops asking, and give its
              // stock back.
              await letGoOfIntent(db, id, state.status === 'missing' ? 'canceled' : state.status);
            }
          } catch (error) {
            result.failed++;
            onError(error, id);
          }
        }
        if (ids.length < BATCH) return result;
      }
    },
    start(intervalMs) {
      const pass = () => {
        passing ??= reconciler
          .run()
          .then((result) => onPass(result, passes++ === 0), onPassFailed)
          .finally(() => {
            passing = undefined;
          });
      };
      pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await Promise.race([passing, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
  return reconciler;
}
