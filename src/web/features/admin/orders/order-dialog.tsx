import { useId, useState, type FormEvent } from 'react';
import { formatPrice } from '../../../../domain/money';
import type { Order, OrderStatus } from '../../../../domain/orders';
import { userMessage } from '../../../api';
import { StatusBadge } from '../../../components/orders/status-badge';
import { AdminDialog, closeDialogOf } from '../shared/admin-dialog';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { dateTimeFormat } from '../shared/ui';
import { OrderFacts } from './order-facts';
import { OrderStatusForm, type ShippingErrors } from './order-status-form';
import { OrderTimeline } from './order-timeline';
import {
  refundLeftCents,
  shippingInput,
  shippingProblem,
  statusChange,
  statusOptions,
  type ShippingInput,
} from './orders';
import { updateOrder } from './orders-api';
import { PaidBadge } from './paid-badge';
import { RefundSection, type RefundToConfirm } from './refund-section';

const UPDATE_FAILED = 'Failed to update the order. Please try again.';

/**
 * One order for an admin: items, amounts, customer and shipping address, and its status, paid flag
 * and shipping details (carrier and tracking number, decision 0023), saved together in one request
 * (PATCH /api/orders/:id/status) so they never half change. The status select offers only the moves
 * the order may make (ORDER_TRANSITIONS; Refunded never by hand), and cancelling asks first, saying
 * what will be refunded. Refunds, in full or in part, go through the payment provider (POST
 * /api/orders/:id/refunds, decision 0022). The order's timeline (decision 0023) is read when the
 * dialog opens and again after each save or refund.
 */
export function OrderDialog({
  order,
  onSaved,
  onClose,
}: {
  order: Order;
  onSaved: (order: Order) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [current, setCurrent] = useState(order);
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [paid, setPaid] = useState(order.is_paid);
  const [shipping, setShipping] = useState<ShippingInput>(() => shippingInput(order));
  const [shippingErrors, setShippingErrors] = useState<ShippingErrors>({});
  /** Bumped by each save and refund: the timeline is read again. */
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [confirmingRefund, setConfirmingRefund] = useState<RefundToConfirm | null>(null);
  const change = statusChange(current, status, paid, shipping);
  const leftCents = refundLeftCents(current);
  // Cancelling a card-paid order refunds what is left of it (decision 0022), ticked paid or not
  // (decision 0039).
  const cancelRefunds = current.payment_intent_id !== null && leftCents > 0;

  function show(updated: Order) {
    setCurrent(updated);
    setStatus(updated.status);
    setPaid(updated.is_paid);
    setShipping(shippingInput(updated));
    setShippingErrors({});
    setVersion((n) => n + 1);
    onSaved(updated);
  }

  function editShipping(next: Partial<ShippingInput>) {
    setShipping((before) => ({ ...before, ...next }));
    setShippingErrors({});
    setSaved(false);
  }

  /** Sends the change; answers why it failed, or null. */
  async function send(): Promise<string | null> {
    if (!change) return null;
    setError(null);
    setSaved(false);
    try {
      show(await updateOrder(current.id, change));
      setSaved(true);
      return null;
    } catch (caught) {
      console.error('Failed to update order status', caught);
      return userMessage(caught, UPDATE_FAILED);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!change) return;
    // The tracking number is checked here first, with the field's own message.
    const invalid = shippingProblem(shipping);
    setShippingErrors(invalid ?? {});
    if (invalid) {
      setError(null);
      document.getElementById(`${formId}-${invalid.trackingNumber ? 'tracking' : 'carrier'}`)?.focus();
      return;
    }
    // Canceled is final, and may move money: asked first.
    if (change.status === 'Canceled') return setConfirmingCancel(true);
    setBusy(true);
    const problem = await send();
    setBusy(false);
    if (problem) setError(problem);
  }

  return (
    <>
      <AdminDialog
        title={`Order #${current.id}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            Placed {dateTimeFormat.format(new Date(current.created_at))}
            <StatusBadge status={current.status} />
            <PaidBadge paid={current.is_paid} />
          </span>
        }
        size="lg"
        busy={busy || refunding}
        onClose={onClose}
        footer={
          <>
            <p role="status" className="w-full text-sm font-medium text-forest sm:mr-auto sm:w-auto">
              {saved && !change ? 'Saved.' : ''}
            </p>
            <button
              type="button"
              className="btn-outline"
              disabled={busy || refunding}
              onClick={(event) => closeDialogOf(event.currentTarget)}
            >
              Close
            </button>
            <button type="submit" form={formId} className="btn-primary" disabled={busy || !change}>
              {busy ? 'Saving...' : 'Save changes'}
            </button>
          </>
        }
      >
        <div className="space-y-6">
          <OrderStatusForm
            id={formId}
            order={current}
            options={statusOptions(current.status)}
            status={status}
            paid={paid}
            shipping={shipping}
            shippingErrors={shippingErrors}
            error={error}
            cancelRefundsCents={cancelRefunds ? leftCents : 0}
            onStatus={(next) => {
              setStatus(next);
              setSaved(false);
            }}
            onPaid={(next) => {
              setPaid(next);
              setSaved(false);
            }}
            onShipping={editShipping}
            onSubmit={(event) => void save(event)}
          />

          <OrderFacts id={formId} order={current} />
          {/* The customer's receipt with the GST/HST number, to print or send again (decision 0069). */}
          <p className="text-sm">
            <a
              href={`/orders/${current.id}/receipt`}
              target="_blank"
              rel="noopener"
              className="font-semibold text-maple-dark underline underline-offset-4"
            >
              Receipt<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>

          <RefundSection
            order={current}
            onRefunded={(updated) => {
              show(updated);
              setSaved(false);
            }}
            onBusyChange={setRefunding}
            onConfirm={setConfirmingRefund}
            disabled={busy}
          />

          <OrderTimeline orderId={current.id} version={version} />
        </div>
      </AdminDialog>
      {/* Beside the order's dialog, not in it: a close or Escape in one must not reach the other. */}
      {confirmingCancel && (
        <ConfirmDialog
          title={`Cancel order #${current.id}?`}
          confirmLabel="Cancel order"
          busyLabel="Canceling..."
          cancelLabel="Keep order"
          onConfirm={send}
          onClose={() => setConfirmingCancel(false)}
        >
          {cancelRefunds
            ? `The remaining ${formatPrice(leftCents)} will be refunded to the customer's card. Canceled orders are final.`
            : 'Canceled orders are final: the order cannot be reopened.'}
        </ConfirmDialog>
      )}
      {/* Money leaves the shop: the amount is confirmed first (decision 0053). */}
      {confirmingRefund && (
        <ConfirmDialog
          title={`Refund ${formatPrice(confirmingRefund.cents)} to the customer's card?`}
          confirmLabel="Confirm refund"
          busyLabel="Refunding..."
          cancelLabel="Don't refund"
          onConfirm={confirmingRefund.send}
          onClose={() => setConfirmingRefund(null)}
        >
          <span className="block">Reason: {confirmingRefund.reason}</span>
          <span className="mt-1 block">
            {confirmingRefund.cents === leftCents && current.status !== 'Canceled'
              ? 'This is everything left to refund: the order becomes Refunded. '
              : ''}
            A refund cannot be undone.
          </span>
        </ConfirmDialog>
      )}
    </>
  );
}
