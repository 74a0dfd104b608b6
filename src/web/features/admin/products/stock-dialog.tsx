import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, userMessage } from '../../../api';
import { describedBy, FormField, inputClass } from '../../../components/account/form-field';
import { AdminDialog, closeDialogOf } from '../shared/admin-dialog';
import { FormError } from '../shared/states';
import { dateTimeFormat } from '../shared/ui';
import { useAdminResource } from '../shared/use-admin-resource';
import {
  movementAfter,
  movementText,
  parseAdjustment,
  STOCK_NOTE_MAX,
  STOCK_REASON_LABELS,
  STOCK_REASONS,
  type AdjustmentInput,
  type AdminProduct,
} from './products';
import { adjustStock, stockHistoryPath, stockHistorySchema, type AdjustmentReply } from './products-api';

const ADJUST_FAILED = 'Failed to adjust the stock. Please try again.';
/** How many of the latest history entries the dialog shows. */
const RECENT = 10;

/**
 * A product's stock (decision 0039): what can be sold, what checkouts hold, the count on hand, an
 * 'Adjust stock' form for units received or gone and why, and the latest entries of its history.
 * Each adjustment changes the count by its delta on the server, so two admins adjusting at once
 * both count; the list and the history show the result.
 */
export function StockDialog({
  product,
  onAdjusted,
  onClose,
}: {
  product: AdminProduct;
  onAdjusted: (reply: AdjustmentReply) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [counts, setCounts] = useState({
    stock: product.stock ?? 0,
    reserved: product.reserved,
    onHand: product.on_hand ?? 0,
  });
  const [input, setInput] = useState<AdjustmentInput>({ delta: '', reason: '', note: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof AdjustmentInput | 'form', string>>>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const inFlight = useRef(false);
  const history = useAdminResource(stockHistorySchema, stockHistoryPath(product.id, RECENT), {
    version,
    failure: 'Failed to load the stock history',
  });
  const heldCounted = counts.onHand - counts.stock;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = parseAdjustment(input);
    setDone(null);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    inFlight.current = true;
    setSending(true);
    try {
      const reply = await adjustStock(product.id, parsed.value);
      setCounts({ stock: reply.stock ?? 0, reserved: reply.reserved, onHand: reply.on_hand ?? 0 });
      setInput({ delta: '', reason: '', note: '' });
      setDone(`${movementText(reply.movement)}: ${movementAfter(reply.movement)}.`);
      setVersion((n) => n + 1);
      onAdjusted(reply);
    } catch (error) {
      console.error('Failed to adjust the stock', error);
      const message = userMessage(error, ADJUST_FAILED);
      // More than is on hand: the message says what is there, beside the number.
      if (error instanceof ApiError && error.status === 409) setErrors({ delta: message });
      else setErrors({ form: message });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  const set = (field: keyof AdjustmentInput) => (value: string) =>
    setInput((before) => ({ ...before, [field]: value }));

  return (
    <AdminDialog
      title={`Stock of ${product.name}`}
      description="Record units received or gone. The count changes by the number you enter."
      busy={sending}
      onClose={onClose}
      footer={
        <button
          type="button"
          className="btn-outline"
          disabled={sending}
          onClick={(event) => closeDialogOf(event.currentTarget)}
        >
          Close
        </button>
      }
    >
      <div className="space-y-6">
        <dl className="grid grid-cols-3 gap-3 text-center" data-testid="stock-counts">
          {[
            ['Can be sold', counts.stock],
            ['Held in checkouts', heldCounted],
            ['On hand', counts.onHand],
          ].map(([label, value]) => (
            <div key={label} className="rounded-2xl bg-cream px-3 py-3 ring-1 ring-beige">
              <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
              <dd className="mt-1 font-display text-2xl font-semibold text-cocoa tabular-nums">
                {Number(value).toLocaleString('en-CA')}
              </dd>
            </div>
          ))}
        </dl>
        {counts.reserved > heldCounted && (
          <p className="text-sm text-muted">
            {(counts.reserved - heldCounted).toLocaleString('en-CA')} more held in checkouts no longer count:
            they were taken away, and come from what can be sold if their checkout is paid.
          </p>
        )}

        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label="Adjust stock"
          className="grid gap-4 rounded-2xl bg-cream p-4 ring-1 ring-beige sm:grid-cols-[8rem_12rem_minmax(0,1fr)]"
        >
          <h3 className="font-display text-lg font-semibold sm:col-span-3">Adjust stock</h3>
          <FormField
            id={`${id}-delta`}
            label="Units"
            error={errors.delta}
            hint="e.g. 24 received, -6 spoiled"
          >
            <input
              id={`${id}-delta`}
              type="text"
              inputMode="text"
              autoComplete="off"
              value={input.delta}
              onChange={(event) => set('delta')(event.target.value)}
              {...describedBy(`${id}-delta`, errors.delta, true)}
              className={inputClass}
            />
          </FormField>
          <FormField id={`${id}-reason`} label="Reason" error={errors.reason}>
            <select
              id={`${id}-reason`}
              value={input.reason}
              onChange={(event) => set('reason')(event.target.value)}
              {...describedBy(`${id}-reason`, errors.reason)}
              className={inputClass}
            >
              <option value="">Choose a reason</option>
              {STOCK_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {STOCK_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-note`} label="Note (optional)" error={errors.note}>
            <input
              id={`${id}-note`}
              type="text"
              autoComplete="off"
              maxLength={STOCK_NOTE_MAX}
              value={input.note}
              onChange={(event) => set('note')(event.target.value)}
              {...describedBy(`${id}-note`, errors.note)}
              className={inputClass}
            />
          </FormField>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
            <button type="submit" className="btn-primary" disabled={sending}>
              {sending ? 'Saving...' : 'Adjust stock'}
            </button>
            <p role="status" className="text-sm font-medium text-forest">
              {done}
            </p>
          </div>
          {errors.form && (
            <div className="sm:col-span-3">
              <FormError>{errors.form}</FormError>
            </div>
          )}
        </form>

        <section aria-labelledby={`${id}-history`} aria-busy={history.loading}>
          <h3 id={`${id}-history`} className="font-display text-lg font-semibold">
            Recent changes
          </h3>
          {history.failed && (
            <p
              role="alert"
              className="mt-2 flex flex-wrap items-center gap-x-3 text-sm font-medium text-danger"
            >
              Failed to load the stock history.
              <button
                type="button"
                className="inline-flex min-h-11 items-center font-semibold text-maple-dark underline underline-offset-4"
                onClick={history.retry}
              >
                Try again
              </button>
            </p>
          )}
          {history.value === null ? (
            !history.failed && <p className="mt-2 text-sm text-muted">Loading the history...</p>
          ) : history.value.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No adjustments yet.</p>
          ) : (
            <ol className="mt-2 divide-y divide-beige" data-testid="stock-history">
              {history.value.map((movement) => (
                <li key={movement.id} className="py-2 sm:flex sm:items-baseline sm:justify-between sm:gap-4">
                  <div className="min-w-0">
                    <p className="text-sm font-semibold text-ink tabular-nums">{movementText(movement)}</p>
                    <p className="text-xs text-muted">
                      {movementAfter(movement)}
                      {movement.note ? ` · ${movement.note}` : ''}
                    </p>
                  </div>
                  <p className="text-xs text-muted sm:shrink-0 sm:text-right">
                    <time dateTime={movement.at}>{dateTimeFormat.format(new Date(movement.at))}</time>
                    {' · '}
                    {movement.by.name ?? 'a former admin'}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </AdminDialog>
  );
}
