/** Order Management's calls: the list the route's clientLoader reads, and the two changes to an order. */
import { centsToDollars } from '../../../../domain/money';
import { orderSchema, type Order } from '../../../../domain/orders';
import { adminRequest, fetchPagedList, loadPart, type Loaded, type PagedList } from '../shared/admin-api';
import { orderQuery, ordersPath, type LineSelection, type StatusChange } from './orders';

export type OrdersData = Loaded<PagedList<Order>>;

/** The page of orders the address asks for (?status=&q=&page=, or ?order=N). */
export function loadOrders(params: URLSearchParams, signal: AbortSignal): Promise<OrdersData> {
  return loadPart(signal, 'Failed to fetch orders', () =>
    fetchPagedList(orderSchema, ordersPath(orderQuery(params)), signal),
  );
}

/** PATCH /api/orders/:id/status: the status, paid flag and shipping details in one request. */
export const updateOrder = (id: number, change: StatusChange): Promise<Order> =>
  adminRequest(orderSchema, `/api/orders/${id}/status`, { method: 'PATCH', body: change });

/** What a refund gives back: an amount, or chosen lines and the shipping (decision 0071). */
export type RefundChoice = { cents: number } | LineSelection;

/** POST /api/orders/:id/refunds (decision 0022): the money goes through the payment provider. */
export const refundOrder = (id: number, choice: RefundChoice, reason: string): Promise<Order> =>
  adminRequest(orderSchema, `/api/orders/${id}/refunds`, {
    method: 'POST',
    body:
      'cents' in choice
        ? { amount: centsToDollars(choice.cents), reason }
        : {
            lines: Object.entries(choice.quantities)
              .filter(([, quantity]) => quantity > 0)
              .map(([itemId, quantity]) => ({ item_id: Number(itemId), quantity })),
            shipping: choice.shipping,
            reason,
          },
  });

/** GET /api/orders/:id/timeline (decision 0023). */
export const timelinePath = (id: number) => `/api/orders/${id}/timeline`;
