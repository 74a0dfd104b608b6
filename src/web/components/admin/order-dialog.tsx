import { useId, useState, type FormEvent } from 'react';
import { ORDER_STATUSES, orderSchema, type Order, type OrderStatus } from '../../../domain/orders';
import { adminRequest, failureText } from '../../features/admin/admin-api';
import { statusChange } from '../../features/admin/orders';
import { inputClass } from '../account/form-field';
import { AddressBlock, orderAddress } from '../checkout/address-block';
import { OrderLines } from '../orders/order-lines';
import { StatusBadge } from '../orders/status-badge';
import { AdminDialog, closeDialogOf } from './admin-dialog';
import { FormError } from './states';
import { dateTimeFormat } from './ui';

const UPDATE_FAILED = 'Failed to update the order. Please try again.';

/**
 * One order for an admin: items, amounts, customer and shipping address, and its status and paid flag,
 * saved together in one request (PATCH /api/orders/:id/status) so they never half change.
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const change = statusChange(current, status, paid);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!change) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const updated = await adminRequest(orderSchema, `/api/orders/${current.id}/status`, {
        method: 'PATCH',
        body: change,
      });
      setCurrent(updated);
      setStatus(updated.status);
      setPaid(updated.is_paid);
      setSaved(true);
      onSaved(updated);
    } catch (caught) {
      console.error('Failed to update order status', caught);
      setError(failureText(caught, UPDATE_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const moneyWarning =
    status !== current.status && (status === 'Canceled' || status === 'Refunded')
      ? 'Changing the status does not refund the payment: refunds are made with the payment provider.'
      : null;

  return (
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
      busy={busy}
      onClose={onClose}
      footer={
        <>
          <p role="status" className="w-full text-sm font-medium text-forest sm:mr-auto sm:w-auto">
            {saved && !change ? 'Saved.' : ''}
          </p>
          <button
            type="button"
            className="btn-outline"
            disabled={busy}
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
        <form
          id={formId}
          onSubmit={save}
          aria-label="Status and payment"
          className="grid gap-4 rounded-2xl bg-cream p-4 ring-1 ring-beige sm:grid-cols-2 sm:items-end"
        >
          <div>
            <label htmlFor="order-status" className="text-sm font-semibold text-cocoa">
              Status
            </label>
            <select
              id="order-status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as OrderStatus);
                setSaved(false);
              }}
              className={inputClass}
            >
              {ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
          <label className="flex min-h-12 items-center gap-3 rounded-2xl border border-beige bg-white px-4 py-3 text-sm font-semibold text-cocoa">
            <input
              type="checkbox"
              checked={paid}
              onChange={(event) => {
                setPaid(event.target.checked);
                setSaved(false);
              }}
              className="h-5 w-5 rounded border-beige accent-maple"
            />
            Paid
          </label>
          {moneyWarning && <p className="text-sm text-muted sm:col-span-2">{moneyWarning}</p>}
          {error && (
            <div className="sm:col-span-2">
              <FormError>{error}</FormError>
            </div>
          )}
        </form>

        <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby={`${formId}-items`}>
            <h3 id={`${formId}-items`} className="font-display text-lg font-semibold">
              Items and amounts
            </h3>
            <div className="mt-1">
              <OrderLines order={current} />
            </div>
          </section>
          <div className="space-y-6">
            <section aria-labelledby={`${formId}-customer`}>
              <h3 id={`${formId}-customer`} className="font-display text-lg font-semibold">
                Customer
              </h3>
              <p className="mt-2 text-sm text-ink">
                {current.first_name} {current.last_name}
              </p>
              <p className="text-sm break-words text-muted">{current.email}</p>
              <p className="mt-1 text-xs text-muted">
                {current.user_id === null ? 'Account deleted' : `Account #${current.user_id}`}
              </p>
            </section>
            <section aria-labelledby={`${formId}-address`}>
              <h3 id={`${formId}-address`} className="font-display text-lg font-semibold">
                Shipping address
              </h3>
              <div className="mt-2">
                <AddressBlock address={orderAddress(current)} testId="admin-order-address" />
              </div>
            </section>
            {current.payment_intent_id && (
              <section aria-labelledby={`${formId}-payment`}>
                <h3 id={`${formId}-payment`} className="font-display text-lg font-semibold">
                  Payment
                </h3>
                <p className="mt-2 font-mono text-xs break-all text-muted">{current.payment_intent_id}</p>
              </section>
            )}
          </div>
        </div>
      </div>
    </AdminDialog>
  );
}

export function PaidBadge({ paid }: { paid: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ${
        paid ? 'bg-white text-forest ring-forest/40' : 'bg-white text-muted ring-beige'
      }`}
    >
      {paid ? 'Paid' : 'Not paid'}
    </span>
  );
}
