import { useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../../domain/messages';
import { formatPrice } from '../../../../domain/money';
import { REASON_MAX, type Order } from '../../../../domain/orders';
import { userMessage } from '../../../api';
import { describedBy, FormField, inputClass } from '../../../components/account/form-field';
import { OrderRefunds, refundedLine } from '../../../components/orders/order-refunds';
import { FormError } from '../shared/states';
import { partsTotal } from '../../../../domain/refund-split';
import {
  defaultRefundAmount,
  lineRefundOf,
  parseRefundAmount,
  refundLeftCents,
  type LineSelection,
} from './orders';
import { refundOrder, type RefundChoice } from './orders-api';
import { RefundLines } from './refund-lines';

const REFUND_FAILED = 'Failed to refund the order. Please try again.';

/** A refund the form has checked, waiting for the admin's yes: `send` answers why it failed, or null. */
export interface RefundToConfirm {
  cents: number;
  reason: string;
  send: () => Promise<string | null>;
}

const NO_LINES: LineSelection = { quantities: {}, shipping: false };

/**
 * Refunds of the order (decision 0022): each one with its date, amount, reason and state, 'Refunded
 * $X of $Y', and a form for a full or partial refund: an amount, which starts at what is left, or
 * chosen lines and the shipping, which the server prices as the form shows (decision 0071). Money goes
 * only after the admin confirmed the amount: `onConfirm` gets the checked refund, and the order's
 * dialog asks beside itself (decision 0053). The Refund button is disabled while the request is out,
 * and a second send before that is ignored, so a double click refunds once.
 */
export function RefundSection({
  order,
  onRefunded,
  onBusyChange,
  onConfirm,
  disabled,
}: {
  order: Order;
  onRefunded: (order: Order) => void;
  onBusyChange: (busy: boolean) => void;
  onConfirm: (refund: RefundToConfirm) => void;
  disabled: boolean;
}) {
  const id = useId();
  const leftCents = refundLeftCents(order);
  const [mode, setMode] = useState<'amount' | 'lines'>('amount');
  const [amount, setAmount] = useState(() => defaultRefundAmount(order));
  const [selection, setSelection] = useState<LineSelection>(NO_LINES);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; lines?: string; reason?: string; form?: string }>(
    {},
  );
  const chosen = selection.shipping || Object.values(selection.quantities).some((units) => units > 0);
  const preview = mode === 'lines' && chosen ? lineRefundOf(order, selection) : null;
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const inFlight = useRef(false);
  // The card payment decides, not the paid box (decision 0039): the server refuses a payment never taken.
  const refundable = order.payment_intent_id !== null && leftCents > 0;

  function refund(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    const why = reason.trim();
    const byLines = mode === 'lines' ? lineRefundOf(order, selection) : null;
    const parsed: { cents: number } | { error: string } = byLines
      ? 'parts' in byLines
        ? { cents: partsTotal(byLines.parts) }
        : { error: byLines.problem }
      : parseRefundAmount(amount, leftCents);
    const problems = {
      ...('error' in parsed ? { [byLines ? 'lines' : 'amount']: parsed.error } : {}),
      ...(why === ''
        ? { reason: 'Please give a reason for the refund.' }
        : why.length > REASON_MAX
          ? { reason: `Please keep the reason under ${REASON_MAX} characters.` }
          : {}),
    };
    setErrors(problems);
    setDone(null);
    if ('error' in parsed || Object.keys(problems).length > 0) return;
    const choice: RefundChoice = byLines ? selection : { cents: parsed.cents };
    onConfirm({ cents: parsed.cents, reason: why, send: () => send(choice, parsed.cents, why) });
  }

  /** Sends the confirmed refund; answers why it failed (also shown under the form), or null. */
  async function send(choice: RefundChoice, cents: number, why: string): Promise<string | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setSending(true);
    onBusyChange(true);
    try {
      const updated = await refundOrder(order.id, choice, why);
      const last = updated.refunds.at(-1);
      setAmount(defaultRefundAmount(updated));
      setSelection(NO_LINES);
      setReason('');
      setErrors({});
      setDone(
        last?.status === 'pending'
          ? `The refund of ${formatPrice(cents)} is on its way through the payment provider.`
          : `${formatPrice(cents)} was refunded to the customer's card.`,
      );
      onRefunded(updated);
      return null;
    } catch (caught) {
      console.error('Failed to refund the order', caught);
      const message = userMessage(caught, REFUND_FAILED);
      setErrors({ form: message });
      return message;
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
          onSubmit={refund}
          noValidate
          aria-label="Refund"
          className={`mt-4 grid grid-cols-[minmax(0,1fr)] gap-4 border-t border-beige pt-4 sm:items-start ${
            mode === 'lines' ? 'sm:grid-cols-[minmax(0,1fr)_auto]' : 'sm:grid-cols-[10rem_minmax(0,1fr)_auto]'
          }`}
        >
          <fieldset className="sm:col-span-full">
            <legend className="sr-only">Refund by</legend>
            <div className="inline-flex rounded-full bg-white p-1 text-sm ring-1 ring-beige">
              {(
                [
                  ['amount', 'An amount'],
                  ['lines', 'Chosen lines'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className={`relative cursor-pointer rounded-full px-4 py-1.5 font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-maple ${
                    mode === value ? 'bg-cocoa text-cream' : 'text-cocoa'
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    value={value}
                    checked={mode === value}
                    onChange={() => {
                      setMode(value);
                      setErrors({});
                    }}
                    className="sr-only"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {mode === 'lines' ? (
            <div className="sm:col-span-full">
              <RefundLines
                id={`${id}-lines`}
                order={order}
                selection={selection}
                onChange={(next) => {
                  setSelection(next);
                  setErrors(({ lines: _, ...rest }) => rest);
                }}
                preview={preview}
                error={errors.lines ?? (preview && 'problem' in preview ? preview.problem : undefined)}
              />
            </div>
          ) : (
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
          )}
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
            <div className="sm:col-span-full">
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
