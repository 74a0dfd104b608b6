import type { Order } from '../../../../domain/orders';
import { AddressBlock, orderAddress } from '../../../components/checkout/address-block';
import { OrderLines } from '../../../components/orders/order-lines';

/** What the order is: its items and amounts, the customer, the shipping address and the payment. */
export function OrderFacts({ id, order }: { id: string; order: Order }) {
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby={`${id}-items`}>
        <h3 id={`${id}-items`} className="font-display text-lg font-semibold">
          Items and amounts
        </h3>
        <div className="mt-1">
          <OrderLines order={order} />
        </div>
      </section>
      <div className="space-y-6">
        <section aria-labelledby={`${id}-customer`}>
          <h3 id={`${id}-customer`} className="font-display text-lg font-semibold">
            Customer
          </h3>
          <p className="mt-2 text-sm text-ink">
            {order.first_name} {order.last_name}
          </p>
          <p className="text-sm break-words text-muted">{order.email}</p>
          <p className="mt-1 text-xs text-muted">
            {order.user_id === null ? 'Account deleted' : `Account #${order.user_id}`}
          </p>
        </section>
        <section aria-labelledby={`${id}-address`}>
          <h3 id={`${id}-address`} className="font-display text-lg font-semibold">
            Shipping address
          </h3>
          <div className="mt-2">
            <AddressBlock address={orderAddress(order)} testId="admin-order-address" />
          </div>
        </section>
        {order.payment_intent_id && (
          <section aria-labelledby={`${id}-payment`}>
            <h3 id={`${id}-payment`} className="font-display text-lg font-semibold">
              Payment
            </h3>
            <p className="mt-2 font-mono text-xs break-all text-muted">{order.payment_intent_id}</p>
          </section>
        )}
      </div>
    </div>
  );
}
