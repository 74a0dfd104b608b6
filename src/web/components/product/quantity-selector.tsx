import { Minus, Plus } from 'lucide-react';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../../domain/cart';

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
}

/**
 * Minus, the quantity, plus. Never goes below 1 (docs/product.md, Cart), nor above the per-line
 * limit or the units left.
 */
export function QuantitySelector({
  value,
  onChange,
  label,
  size = 'md',
  max = null,
  disabled = false,
}: QuantitySelectorProps) {
  const most = max === null ? MAX_QUANTITY : Math.max(MIN_QUANTITY, Math.min(MAX_QUANTITY, max));
  const button =
    size === 'sm'
      ? 'grid h-10 w-10 place-items-center text-cocoa disabled:opacity-40'
      : 'grid h-12 w-12 place-items-center text-cocoa disabled:opacity-40';
  return (
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
      <output
        className={`min-w-8 text-center text-sm font-semibold tabular-nums ${disabled ? 'opacity-40' : ''}`}
        aria-live="polite"
      >
        {value}
      </output>
      <button
        type="button"
        className={button}
        onClick={() => onChange(Math.min(most, value + 1))}
        disabled={disabled || value >= most}
        aria-label="Increase quantity"
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
