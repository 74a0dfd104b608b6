import { useCallback, useState } from 'react';

/**
 * What the loader answered, with the changes made here since (a row saved, a message marked read)
 * laid over it. The overlay belongs to the answer it was made on: when the loader answers again (a
 * new page, a reload), the fresh answer shows as it is.
 */
export function useLocalCopy<T>(source: T): [T, (change: (current: T) => T) => void] {
  const [local, setLocal] = useState<{ source: T; value: T } | null>(null);
  const value = local !== null && local.source === source ? local.value : source;
  const update = useCallback(
    (change: (current: T) => T) =>
      setLocal((before) => ({
        source,
        value: change(before !== null && before.source === source ? before.value : source),
      })),
    [source],
  );
  return [value, update];
}
