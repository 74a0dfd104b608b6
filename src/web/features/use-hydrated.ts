import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** False during the server render and hydration, true afterwards: for views that only the browser knows. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
