import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { MIN_QUANTITY, quantityLimit, quantityLimitMessage, readQuantityEntry } from '../../../domain/cart';

interface QuantitySelectorProps {
  value: number;
  onChange: (quantity: number) => void;
  /** What the quantity is of, for screen readers: "Quantity of Maple Almond Granola". */
  label: string;
  size?: 'sm' | 'md';
  /**
   * The most the shopper can have: the units left when the product's stock is counted (decision
   * 0022).
   */
  max?: number | null;
  disabled?: boolean;
  /** The quantity can be typed too: the cart page's number input, between minus and plus. */
  editable?: boolean;
  /**
   * With `editable`: typing 0, or leaving the field empty, asks the owner to confirm removing the line
   * (decision 0052). Without it, such an entry is put back to the current quantity.
   */
  onRemoveRequest?: () => void;
}

/**
 * Minus, the quantity, plus: the one stepper of product cards, product pages, the cart drawer and
 * the cart page (docs/product.md, Cart). Never below 1; at the per-line limit or the units left it
 * stops, disables plus and says why beside it, politely announced (decision 0052).
 */
export function QuantitySelector({
  value,
  onChange,
  label,
  size = 'md',
  max = null,
  disabled = false,
  editable = false,
  onRemoveRequest,
}: QuantitySelectorProps) {
  const limit = quantityLimit(max);
  const most = limit.most;
  const noteId = useId();
  // At the limit, and not for a sold-out product: its own note says so already.
  const note = !disabled && limit.reason !== 'sold-out' && value === most ? quantityLimitMessage(limit) : '';

  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The cart changed elsewhere (the buttons, the drawer, another tab): follow it.
    setShown(value);
    setText(String(value));
  }

  const button =
    size === 'sm'
      ? 'grid h-10 w-10 place-items-center text-cocoa disabled:opacity-40'
      : 'grid h-12 w-12 place-items-center text-cocoa disabled:opacity-40';
  const number = `text-center text-sm font-semibold tabular-nums ${disabled ? 'opacity-40' : ''}`;

  return (
    <div className="inline-flex flex-col items-start">
      <div
        className="inline-flex items-center rounded-full border border-beige bg-white"
        role="group"
        aria-label={label}
      >
        <button
          type="button"
          className={button}
          onClick={() => onChange(Math.max(MIN_QUANTITY, value - 1))}
          disabled={disabled || value <= MIN_QUANTITY}
          aria-label="Decrease quantity"
        >
          <Minus className="h-4 w-4" aria-hidden="true" />
        </button>
        {editable ? (
          <input
            type="number"
            inputMode="numeric"
            min={MIN_QUANTITY}
            max={most}
            value={text}
            disabled={disabled}
            aria-label="Quantity"
            aria-describedby={noteId}
            onChange={(event) => {
              const raw = event.target.value;
              setText(raw);
              const entry = readQuantityEntry(raw, limit);
              if (entry.kind === 'set') {
                // Above the limit: the field shows where it stopped, the note says why.
                if (entry.limited) setText(String(entry.quantity));
                if (entry.quantity !== value) onChange(entry.quantity);
              } else if (entry.kind === 'remove') {
                onRemoveRequest?.();
              }
            }}
            onBlur={(event) => {
              if (readQuantityEntry(text).kind === 'empty' && !event.target.validity.badInput) {
                onRemoveRequest?.();
              }
              setText(String(value));
            }}
            className={`h-10 w-12 rounded-md bg-transparent ${number} [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none`}
          />
        ) : (
          <output className={`min-w-8 ${number}`} aria-live="polite">
            {value}
          </output>
        )}
        <button
          type="button"
          className={button}
          onClick={() => onChange(Math.min(most, value + 1))}
          disabled={disabled || value >= most}
          aria-label="Increase quantity"
          aria-describedby={noteId}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <p
        id={noteId}
        aria-live="polite"
        data-testid="quantity-limit"
        className={note ? 'mt-1 px-1 text-xs font-semibold text-maple-dark' : undefined}
      >
        {note}
      </p>
    </div>
  );
}
