import { formatPrice } from '../../../../domain/money';
import type { Order } from '../../../../domain/orders';
import { partsTotal, type LineRefund } from '../../../../domain/refund-split';
import { shippingLeftToRefund, unitsLeftToRefund, type LineSelection } from './orders';

/**
 * The refund form's lines (decision 0071): how many units of each line to give back, and whether
 * the shipping goes too, with what that comes to (goods, shipping and each tax) as the server
 * will work it out.
 */
export function RefundLines({
  id,
  order,
  selection,
  onChange,
  preview,
  error,
}: {
  id: string;
  order: Order;
  selection: LineSelection;
  onChange: (selection: LineSelection) => void;
  preview: LineRefund | null;
  error: string | undefined;
}) {
  const unitsLeft = unitsLeftToRefund(order);
  const shippingLeft = shippingLeftToRefund(order);
  return (
    <fieldset aria-describedby={`${id}-total`} className="min-w-0">
      <legend className="text-sm font-semibold text-cocoa">Lines to refund</legend>
      <ul className="mt-2 divide-y divide-beige rounded-xl bg-white ring-1 ring-beige">
        {order.items.map((item) => {
          const left = unitsLeft[item.id] ?? 0;
          const selectId = `${id}-item-${item.id}`;
          return (
            <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <label htmlFor={selectId} className="min-w-0">
                <span className="block font-medium">{item.product_name}</span>
                <span className="block text-xs text-muted">
                  {formatPrice(item.price)} each ·{' '}
                  {left === 0 ? 'all refunded' : `${left} of ${item.quantity} left to refund`}
                </span>
              </label>
              <select
                id={selectId}
                value={selection.quantities[item.id] ?? 0}
                disabled={left === 0}
                onChange={(event) =>
                  onChange({
                    ...selection,
                    quantities: { ...selection.quantities, [item.id]: Number(event.target.value) },
                  })
                }
                className="block w-20 shrink-0 rounded-xl border border-beige bg-white px-3 py-2 text-ink tabular-nums focus:border-maple focus:ring-2 focus:ring-maple/30 disabled:bg-sand/60 disabled:text-muted"
              >
                {Array.from({ length: left + 1 }, (_, units) => (
                  <option key={units} value={units}>
                    {units}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
        <li className="px-3 py-2 text-sm">
          <label className="flex items-center gap-3">
            <input
              type="checkbox"
              checked={selection.shipping}
              disabled={shippingLeft <= 0}
              onChange={(event) => onChange({ ...selection, shipping: event.target.checked })}
              className="h-5 w-5 rounded border-beige accent-maple"
            />
            <span>
              Shipping{' '}
              <span className="text-muted">
                ({shippingLeft > 0 ? `${formatPrice(shippingLeft)} left to refund` : 'refunded'})
              </span>
            </span>
          </label>
        </li>
      </ul>
      <p id={`${id}-total`} aria-live="polite" className="mt-2 text-sm" data-testid="refund-lines-total">
        {error ? (
          <span className="font-medium text-danger">{error}</span>
        ) : preview && 'parts' in preview ? (
          <>
            <span className="font-semibold">Refund {formatPrice(partsTotal(preview.parts))}</span>
            <span className="text-muted">
              : goods {formatPrice(preview.parts.goodsCents)}, shipping{' '}
              {formatPrice(preview.parts.shippingCents)}
              {preview.parts.taxes
                .filter((tax) => tax.amountCents > 0)
                .map((tax) => `, ${tax.code} ${formatPrice(tax.amountCents)}`)
                .join('')}
              .
            </span>
          </>
        ) : (
          <span className="text-muted">Choose the units and the shipping to give back.</span>
        )}
      </p>
    </fieldset>
  );
}
