import { useShippingAreaNote } from '../../shipping-note';

/**
 * The cart's shipping row, for a <dl>: free from the threshold, otherwise priced at checkout by
 * city, with where the shop ships said beside it (docs/product.md, Prices, shipping and tax).
 */
export function ShippingLine({ free }: { free: boolean }) {
  const note = useShippingAreaNote();
  return (
    <div className="grid grid-cols-[1fr_auto] gap-x-4">
      <dt>Shipping</dt>
      <dd className="text-right">{free ? 'Free' : 'Calculated at checkout'}</dd>
      <dd className="col-span-2 text-xs text-muted" data-testid="shipping-area">
        {note}
      </dd>
    </div>
  );
}
