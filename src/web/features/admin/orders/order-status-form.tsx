import type { FormEvent } from 'react';
import { formatPrice } from '../../../../domain/money';
import type { Order, OrderStatus } from '../../../../domain/orders';
import { inputClass } from '../../../components/account/form-field';
import { FormError } from '../shared/states';
import type { ShippingInput } from './orders';
import { ShippingFields } from './shipping-fields';

export type ShippingErrors = { carrier?: string; trackingNumber?: string };

/**
 * The part of the order dialog that is saved: the status (only the moves the order may make), the
 * paid flag and the shipping details. Its submit button sits in the dialog's footer (`form={id}`).
 */
export function OrderStatusForm({
  id,
  order,
  options,
  status,
  paid,
  shipping,
  shippingErrors,
  error,
  cancelRefundsCents,
  onStatus,
  onPaid,
  onShipping,
  onSubmit,
}: {
  id: string;
  order: Order;
  /** the statuses the select offers; one alone means the order's status is final */
  options: OrderStatus[];
  status: OrderStatus;
  paid: boolean;
  shipping: ShippingInput;
  shippingErrors: ShippingErrors;
  error: string | null;
  /** what cancelling would refund (0: nothing, the order is not paid or already refunded) */
  cancelRefundsCents: number;
  onStatus: (status: OrderStatus) => void;
  onPaid: (paid: boolean) => void;
  onShipping: (next: Partial<ShippingInput>) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  const final = options.length === 1;
  const statusHint = final
    ? `This order is ${order.status.toLowerCase()}, which is final.`
    : status === 'Canceled' && status !== order.status
      ? cancelRefundsCents > 0
        ? `Canceling refunds the remaining ${formatPrice(cancelRefundsCents)} to the customer's card.`
        : 'Canceled is final: the order cannot be reopened.'
      : null;

  return (
    <form
      id={id}
      onSubmit={onSubmit}
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
          onChange={(event) => onStatus(event.target.value as OrderStatus)}
          disabled={final}
          aria-describedby={statusHint ? `${id}-status-hint` : undefined}
          className={`${inputClass} disabled:bg-sand/60 disabled:text-muted`}
        >
          {options.map((value) => (
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
          onChange={(event) => onPaid(event.target.checked)}
          className="h-5 w-5 rounded border-beige accent-maple"
        />
        Paid
      </label>
      {statusHint && (
        <p id={`${id}-status-hint`} className="text-sm text-muted sm:col-span-2">
          {statusHint}
        </p>
      )}
      <ShippingFields
        id={id}
        order={order}
        status={status}
        value={shipping}
        errors={shippingErrors}
        disabled={final}
        onChange={onShipping}
      />
      {error && (
        <div className="sm:col-span-2">
          <FormError>{error}</FormError>
        </div>
      )}
    </form>
  );
}
