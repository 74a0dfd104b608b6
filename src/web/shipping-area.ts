import { useRouteLoaderData } from 'react-router';
import { DEFAULT_SHIPPING_AREA, type ShippingArea } from '../domain/shipping-areas';

/**
 * Where the shop ships (SHIPPING_PROVINCES and SHIPPING_RATES, decision 0068), as the root loader
 * gives it to every page: the checkout's province list, the address forms' rule, shipping's price
 * and the note beside it.
 */
export function useShippingArea(): ShippingArea {
  const root = useRouteLoaderData('root') as { shippingArea?: ShippingArea } | undefined;
  return root?.shippingArea ?? DEFAULT_SHIPPING_AREA;
}
