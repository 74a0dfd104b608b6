import { useRouteLoaderData } from 'react-router';

/**
 * "Ships within British Columbia", as far as the shop ships (decision 0068): worked out by the root
 * loader, so the catalogue pages and the cart read a string, not the provinces' data.
 */
export function useShippingAreaNote(): string {
  const root = useRouteLoaderData('root') as { shippingNote?: string } | undefined;
  return root?.shippingNote ?? '';
}
