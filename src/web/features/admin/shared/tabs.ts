/**
 * The dashboard's tabs (docs/product.md, Screens), in order, then Subscriptions (decision 0057), the
 * Overview and the Inbox (decision 0023); the selected one is the `tab` query parameter.
 */
export const ADMIN_TABS = [
  { id: 'products', label: 'Product Management' },
  { id: 'orders', label: 'Order Management' },
  { id: 'users', label: 'User Management' },
  { id: 'recipes', label: 'Recipe Management' },
  { id: 'subscriptions', label: 'Subscriptions' },
  { id: 'overview', label: 'Overview' },
  { id: 'inbox', label: 'Inbox' },
  // Product reviews from verified buyers (decision 0063).
  { id: 'reviews', label: 'Reviews' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['id'];

/** The tab a `?tab=` value names; anything else opens Product Management, the default. */
export function parseTab(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? 'products';
}
