/** Whether the cart drawer is open: one small store shared by the header, Add to Cart and the drawer. */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openCartDrawer = () => set(true);
export const closeCartDrawer = () => set(false);
export const setCartDrawerOpen = (next: boolean) => set(next);

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}
