/**
 * Where an order stands, as the order page's tracker shows it (docs/product.md, Orders; decision
 * 0053): the four steps of the way to the door with the current one, and the date each was reached
 * where the order records it. Canceled and Refunded leave the way: they are a state of their own,
 * not a step.
 */
import { cancelBlockedReason, type Order, type OrderStatus } from './orders.js';

export const PROGRESS_STEPS = [
  { label: 'Placed', status: 'Pending' },
  { label: 'Preparing', status: 'In Progress' },
  { label: 'Shipped', status: 'Shipped' },
  { label: 'Delivered', status: 'Delivered' },
] as const satisfies readonly { label: string; status: OrderStatus }[];

export type StepState = 'done' | 'current' | 'upcoming';

export interface ProgressStep {
  label: (typeof PROGRESS_STEPS)[number]['label'];
  state: StepState;
  /** ISO time the order reached the step, or null when it has not or the order does not say */
  at: string | null;
}

export type OrderProgress =
  | { kind: 'steps'; steps: ProgressStep[]; headline: string }
  | { kind: 'ended'; status: 'Canceled' | 'Refunded'; at: string | null; headline: string };

const HEADLINES: Record<(typeof PROGRESS_STEPS)[number]['status'], string> = {
  Pending: 'We have your order and will start preparing it soon.',
  'In Progress': 'We are preparing your order.',
  Shipped: 'Your order is on its way.',
  Delivered: 'Your order has been delivered.',
};

export function orderProgress(order: Pick<Order, 'status' | 'created_at' | 'status_dates'>): OrderProgress {
  const { status } = order;
  if (status === 'Canceled' || status === 'Refunded') {
    return {
      kind: 'ended',
      status,
      at: order.status_dates[status] ?? null,
      headline: cancelBlockedReason(status)!,
    };
  }
  const current = PROGRESS_STEPS.findIndex((step) => step.status === status);
  const steps = PROGRESS_STEPS.map((step, index): ProgressStep => {
    const state: StepState = index < current ? 'done' : index === current ? 'current' : 'upcoming';
    // Placed is when the order was made; a later step is when it last moved there. A step skipped on
    // the way (Pending straight to Shipped) has no date.
    const at =
      state === 'upcoming'
        ? null
        : index === 0
          ? order.created_at
          : (order.status_dates[step.status] ?? null);
    return { label: step.label, state, at };
  });
  return { kind: 'steps', steps, headline: HEADLINES[status] };
}
