import { Truck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CARRIERS, type OrderEvent } from '../../../domain/fulfilment';
import { messages } from '../../../domain/messages';
import { centsToDollars, formatPrice } from '../../../domain/money';
import { orderSchema, type Order, type OrderStatus } from '../../../domain/orders';
import { adminRequest, failureText } from '../../features/admin/admin-api';
import {
  actorLabel,
  defaultRefundAmount,
  isCarrier,
  orderTimelineSchema,
  parseRefundAmount,
  refundLeftCents,
  shippingInput,
  shippingProblem,
  statusChange,
  statusOptions,
  type ShippingInput,
} from '../../features/admin/orders';
import { describedBy, FormField, inputClass } from '../account/form-field';
import { AddressBlock, orderAddress } from '../checkout/address-block';
import { OrderLines } from '../orders/order-lines';
import { OrderRefunds, refundedLine } from '../orders/order-refunds';
import { TrackingLink } from '../orders/parcel-tracking';
import { StatusBadge } from '../orders/status-badge';
import { AdminDialog, closeDialogOf } from './admin-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './states';
import { dateTimeFormat } from './ui';

const UPDATE_FAILED = 'Failed to update the order. Please try again.';
const REFUND_FAILED = 'Failed to refund the order. Please try again.';
const REASON_MAX = 500;

/**
 * One order for an admin: items, amounts, customer and shipping address, and its status, paid flag
 * and shipping details (carrier and tracking number, issue 17), saved together in one request (PATCH
 * /api/orders/:id/status) so they never half change. The status select offers only the moves the
 * order may make (ORDER_TRANSITIONS; Refunded never by hand), and cancelling asks first, saying what
 * will be refunded. Refunds, in full or in part, go through the payment provider (POST
 * /api/orders/:id/refunds, issue 16). The order's timeline (issue 17) is read when the dialog opens
 * and again after each save or refund.
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
  const [shippingErrors, setShippingErrors] = useState<{ carrier?: string; trackingNumber?: string }>({});
  /** Bumped by each save and refund: the timeline is read again. */
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const change = statusChange(current, status, paid, shipping);
  const options = statusOptions(current.status);
  const final = options.length === 1;
  const leftCents = refundLeftCents(current);
  // Cancelling a paid order refunds what is left of it (issue 16).
  const cancelRefunds = current.is_paid && leftCents > 0;

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
      show(
        await adminRequest(orderSchema, `/api/orders/${current.id}/status`, {
          method: 'PATCH',
          body: change,
        }),
      );
      setSaved(true);
      return null;
    } catch (caught) {
      console.error('Failed to update order status', caught);
      return failureText(caught, UPDATE_FAILED);
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

  const statusHint = final
    ? `This order is ${current.status.toLowerCase()}, which is final.`
    : status === 'Canceled' && status !== current.status
      ? cancelRefunds
        ? `Canceling refunds the remaining ${formatPrice(leftCents)} to the customer's card.`
        : 'Canceled is final: the order cannot be reopened.'
      : null;

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
                disabled={final}
                aria-describedby={statusHint ? `${formId}-status-hint` : undefined}
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
                onChange={(event) => {
                  setPaid(event.target.checked);
                  setSaved(false);
                }}
                className="h-5 w-5 rounded border-beige accent-maple"
              />
              Paid
            </label>
            {statusHint && (
              <p id={`${formId}-status-hint`} className="text-sm text-muted sm:col-span-2">
                {statusHint}
              </p>
            )}
            <ShippingFields
              id={formId}
              order={current}
              status={status}
              value={shipping}
              errors={shippingErrors}
              disabled={final}
              onChange={editShipping}
            />
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

          <RefundSection
            order={current}
            onRefunded={(updated) => {
              show(updated);
              setSaved(false);
            }}
            onBusyChange={setRefunding}
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
    </>
  );
}

/**
 * The carrier and the tracking number (issue 17), saved with the status. Picking Shipped brings them
 * forward (a maple ring, the hint about the customer's e-mail) without moving anything: the hint and
 * the saved line are always there, only their words change. What is saved shows under them, with the
 * carrier's tracking page in a new tab.
 */
function ShippingFields({
  id,
  order,
  status,
  value,
  errors,
  disabled,
  onChange,
}: {
  id: string;
  order: Order;
  status: OrderStatus;
  value: ShippingInput;
  errors: { carrier?: string; trackingNumber?: string };
  disabled: boolean;
  onChange: (next: Partial<ShippingInput>) => void;
}) {
  const carrierId = `${id}-carrier`;
  const numberId = `${id}-tracking`;
  const hintId = `${id}-shipping-hint`;
  const shipped = status === 'Shipped';
  const shipsNow = shipped && order.status !== 'Shipped';
  const typed = value.trackingNumber.trim().replace(/\s+/g, ' ');
  // What the customer's e-mail will give them to follow the parcel by.
  const by = value.carrier === 'Other' ? 'tracking number' : 'tracking link';
  // The server e-mails the customer when the order ships, and again for a new number once it has.
  const hint = shipsNow
    ? typed
      ? `When you save, the customer gets an e-mail that the order is on its way, with the ${by}.`
      : 'When you save, the customer gets an e-mail that the order is on its way. Add the number for the link.'
    : shipped && typed && typed !== order.tracking_number
      ? `When you save, the customer gets an e-mail with the new ${by}.`
      : 'The customer sees the carrier, the number and the tracking link on their order page.';
  const describe = (error: string | undefined, errorId: string) => ({
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${errorId} ${hintId}` : hintId,
  });

  return (
    <fieldset
      disabled={disabled}
      className={`rounded-2xl bg-white p-4 transition-shadow sm:col-span-2 ${
        shipped ? 'shadow-sm ring-2 ring-maple' : 'ring-1 ring-beige'
      }`}
      data-testid="admin-shipping"
    >
      <legend className="float-left flex w-full items-center gap-2 text-sm font-semibold text-cocoa">
        <Truck className={`h-4 w-4 ${shipped ? 'text-maple' : 'text-muted'}`} aria-hidden="true" />
        Shipping details
      </legend>
      <div className="clear-both grid gap-4 pt-1 sm:grid-cols-2">
        <FormField id={carrierId} label="Carrier" error={errors.carrier}>
          <select
            id={carrierId}
            value={value.carrier}
            onChange={(event) => {
              const carrier = event.target.value;
              onChange({ carrier: isCarrier(carrier) ? carrier : '' });
            }}
            {...describe(errors.carrier, `${carrierId}-error`)}
            className={`${inputClass} disabled:bg-sand/60 disabled:text-muted`}
          >
            <option value="">None</option>
            {CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {carrier}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={numberId} label="Tracking number" error={errors.trackingNumber}>
          <input
            id={numberId}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={value.trackingNumber}
            onChange={(event) => onChange({ trackingNumber: event.target.value })}
            {...describe(errors.trackingNumber, `${numberId}-error`)}
            className={`${inputClass} font-mono disabled:bg-sand/60 disabled:text-muted`}
          />
        </FormField>
      </div>
      <p id={hintId} className={`mt-3 text-sm ${shipped ? 'text-ink' : 'text-muted'}`}>
        {hint}
      </p>
      <p className="mt-1 text-sm break-words text-muted" data-testid="admin-tracking-saved">
        {order.tracking_number ? (
          <>
            Saved: {order.carrier ?? 'no carrier'}{' '}
            <span className="font-mono text-ink">{order.tracking_number}</span>
            {order.tracking_url && (
              <>
                {' · '}
                <TrackingLink
                  href={order.tracking_url}
                  className="inline-flex items-center gap-1 font-semibold text-maple-dark underline underline-offset-4 hover:text-maple"
                >
                  {`Track on ${order.carrier}`}
                </TrackingLink>
              </>
            )}
          </>
        ) : order.carrier ? (
          `Saved: ${order.carrier}, no tracking number yet.`
        ) : (
          'No shipping details saved yet.'
        )}
      </p>
    </fieldset>
  );
}

const DOT_CLASSES: Record<OrderEvent['actor']['kind'], string> = {
  admin: 'bg-maple',
  customer: 'bg-forest',
  system: 'bg-muted',
};

/**
 * The order's timeline (issue 17, GET /api/orders/:id/timeline), oldest first: what happened, when,
 * and who did it. Read when the dialog opens and whenever `version` changes (after a save or a
 * refund); the events already shown stay while it is read again.
 */
function OrderTimeline({ orderId, version }: { orderId: number; version: number }) {
  const id = useId();
  const [attempt, setAttempt] = useState(0);
  // Which reading the state answers: a save, a refund or a retry asks for a new one.
  const request = `${orderId}:${version}:${attempt}`;
  const [state, setState] = useState<{ request: string; events: OrderEvent[] | null; failed: boolean }>({
    request: '',
    events: null,
    failed: false,
  });
  const { events, failed } = state;
  const loading = state.request !== request;

  useEffect(() => {
    const controller = new AbortController();
    adminRequest(orderTimelineSchema, `/api/orders/${orderId}/timeline`, { signal: controller.signal })
      .then((list) => setState({ request, events: list, failed: false }))
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load the order timeline', caught);
        setState((before) => ({ ...before, request, failed: true }));
      });
    return () => controller.abort();
  }, [orderId, request]);

  return (
    <section aria-labelledby={`${id}-title`} aria-busy={loading} className="border-t border-beige pt-5">
      <div className="flex items-baseline justify-between gap-4">
        <h3 id={`${id}-title`} className="font-display text-lg font-semibold">
          Timeline
        </h3>
        <p className="text-xs text-muted">{loading && events ? 'Updating...' : ''}</p>
      </div>
      {failed && (
        <p role="alert" className="mt-2 flex flex-wrap items-center gap-x-3 text-sm font-medium text-danger">
          Failed to load the timeline.
          <button
            type="button"
            className="inline-flex min-h-11 items-center font-semibold text-maple-dark underline underline-offset-4"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </p>
      )}
      {events === null ? (
        !failed && <p className="mt-2 text-sm text-muted">Loading the timeline...</p>
      ) : events.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nothing has happened to this order yet.</p>
      ) : (
        <ol aria-labelledby={`${id}-title`} className="mt-3" data-testid="order-timeline">
          {events.map((event, index) => (
            <li
              key={event.id}
              className="relative grid grid-cols-[0.75rem_minmax(0,1fr)] gap-x-3 pb-3 last:pb-0"
              data-testid="timeline-event"
            >
              {index < events.length - 1 && (
                <span aria-hidden="true" className="absolute top-4 bottom-0 left-[5px] w-0.5 bg-beige" />
              )}
              <span
                aria-hidden="true"
                className={`mt-1.5 h-3 w-3 rounded-full ring-2 ring-white ${DOT_CLASSES[event.actor.kind]}`}
              />
              <div className="min-w-0 sm:flex sm:items-baseline sm:justify-between sm:gap-4">
                <p className="text-sm break-words text-ink">{event.summary}</p>
                <p className="text-xs text-muted sm:shrink-0 sm:text-right">
                  <time dateTime={event.at}>{dateTimeFormat.format(new Date(event.at))}</time>
                  {' · '}
                  <span data-testid="timeline-actor">{actorLabel(event.actor)}</span>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * Refunds of the order (issue 16): each one with its date, amount, reason and state, 'Refunded $X of
 * $Y', and a form for a full or partial refund. The amount starts at what is left. The Refund button
 * is disabled while the request is out, and a second press before that is ignored, so a double click
 * refunds once.
 */
function RefundSection({
  order,
  onRefunded,
  onBusyChange,
  disabled,
}: {
  order: Order;
  onRefunded: (order: Order) => void;
  onBusyChange: (busy: boolean) => void;
  disabled: boolean;
}) {
  const id = useId();
  const leftCents = refundLeftCents(order);
  const [amount, setAmount] = useState(() => defaultRefundAmount(order));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const inFlight = useRef(false);
  const refundable = order.is_paid && order.payment_intent_id !== null && leftCents > 0;

  async function refund(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = parseRefundAmount(amount, leftCents);
    const why = reason.trim();
    const problems = {
      ...('error' in parsed ? { amount: parsed.error } : {}),
      ...(why === ''
        ? { reason: 'Please give a reason for the refund.' }
        : why.length > REASON_MAX
          ? { reason: `Please keep the reason under ${REASON_MAX} characters.` }
          : {}),
    };
    setErrors(problems);
    setDone(null);
    if ('error' in parsed || Object.keys(problems).length > 0) return;
    inFlight.current = true;
    setSending(true);
    onBusyChange(true);
    try {
      const updated = await adminRequest(orderSchema, `/api/orders/${order.id}/refunds`, {
        method: 'POST',
        body: { amount: centsToDollars(parsed.cents), reason: why },
      });
      const last = updated.refunds.at(-1);
      setAmount(defaultRefundAmount(updated));
      setReason('');
      setDone(
        last?.status === 'pending'
          ? `The refund of ${formatPrice(parsed.cents)} is on its way through the payment provider.`
          : `${formatPrice(parsed.cents)} was refunded to the customer's card.`,
      );
      onRefunded(updated);
    } catch (caught) {
      console.error('Failed to refund the order', caught);
      setErrors({ form: failureText(caught, REFUND_FAILED) });
    } finally {
      inFlight.current = false;
      setSending(false);
      onBusyChange(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-cream p-4 ring-1 ring-beige">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`${id}-title`} className="font-display text-lg font-semibold">
          Refunds
        </h3>
        <p className="text-sm font-semibold text-cocoa" data-testid="admin-refunded">
          {refundedLine(order)}
        </p>
      </div>
      {order.refunds.length > 0 ? (
        <div className="mt-1">
          <OrderRefunds order={order} showFailed showTotal={false} />
        </div>
      ) : (
        <p className="mt-1 text-sm text-muted">No refunds yet.</p>
      )}
      {!refundable ? (
        <p className="mt-3 text-sm text-muted">
          {order.payment_intent_id && order.refunds.length > 0 && leftCents === 0
            ? 'Everything paid for this order has been refunded.'
            : messages.orderNotPaid}
        </p>
      ) : (
        <form
          onSubmit={(event) => void refund(event)}
          noValidate
          aria-label="Refund"
          className="mt-4 grid gap-4 border-t border-beige pt-4 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start"
        >
          <FormField
            id={`${id}-amount`}
            label="Amount (CAD)"
            error={errors.amount}
            hint={`Up to ${formatPrice(leftCents)}.`}
          >
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-[calc(50%+2px)] left-4 -translate-y-1/2 text-muted"
              >
                $
              </span>
              <input
                id={`${id}-amount`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                {...describedBy(`${id}-amount`, errors.amount, true)}
                className={`${inputClass} pl-8 tabular-nums`}
              />
            </div>
          </FormField>
          <FormField id={`${id}-reason`} label="Reason" error={errors.reason} hint="The customer sees it.">
            <input
              id={`${id}-reason`}
              type="text"
              autoComplete="off"
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...describedBy(`${id}-reason`, errors.reason, true)}
              className={inputClass}
            />
          </FormField>
          <button
            type="submit"
            className="btn-accent w-full sm:mt-6 sm:w-auto"
            disabled={sending || disabled}
          >
            {sending ? 'Refunding...' : 'Refund'}
          </button>
          {errors.form && (
            <div className="sm:col-span-3">
              <FormError>{errors.form}</FormError>
            </div>
          )}
        </form>
      )}
      <p role="status" className={done ? 'mt-3 text-sm font-medium text-forest' : ''}>
        {done ?? ''}
      </p>
    </section>
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
