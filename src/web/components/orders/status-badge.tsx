import { STATUS_COLOURS, type OrderStatus } from '../../../domain/orders';

// docs/product.md, Orders: Canceled red, Shipped blue, In Progress dark green, Delivered green,
// others purple.
const COLOUR_CLASSES: Record<(typeof STATUS_COLOURS)[OrderStatus], string> = {
  red: 'bg-red-100 text-red-800 ring-red-300',
  blue: 'bg-blue-100 text-blue-800 ring-blue-300',
  'dark-green': 'bg-forest text-white ring-forest-dark',
  green: 'bg-green-100 text-green-800 ring-green-300',
  purple: 'bg-purple-100 text-purple-800 ring-purple-300',
};

/** An order's status in its colour. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const colour = STATUS_COLOURS[status];
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ${COLOUR_CLASSES[colour]}`}
      data-testid="order-status"
      data-colour={colour}
    >
      {status}
    </span>
  );
}
