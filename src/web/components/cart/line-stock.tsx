import { SOLD_OUT, stockLabel } from '../../../domain/stock';
import type { LineStock } from '../../features/cart/cart-stock';

/**
 * Beside a cart line: 'Sold out', 'Only N left' when it asks for more or few are left, else nothing.
 * A line that holds exactly what is left shows nothing here: its stepper says so (decision 0052).
 */
export function LineStockNote({ quantity, stock }: { quantity: number; stock: LineStock }) {
  if (stock.left === null) return null;
  if (!stock.soldOut && quantity === stock.left) return null;
  if (stock.soldOut || quantity > stock.left) {
    return (
      <p className="text-sm font-semibold text-danger" data-testid="line-stock">
        {stock.soldOut ? SOLD_OUT : `Only ${stock.left} left`}
      </p>
    );
  }
  const label = stockLabel(stock.left);
  if (!label) return null;
  return (
    <p className="text-sm font-semibold text-maple-dark" data-testid="line-stock">
      {label}
    </p>
  );
}

/** Why Proceed to Checkout is disabled: each line that asks for more than is left, as the server says it. */
export function CheckoutBlocked({ problems, id }: { problems: readonly string[]; id: string }) {
  if (problems.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      className="space-y-1 rounded-2xl bg-danger/5 px-4 py-3 text-sm font-medium text-danger ring-1 ring-danger/30"
      data-testid="checkout-blocked"
    >
      {problems.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
    </div>
  );
}
