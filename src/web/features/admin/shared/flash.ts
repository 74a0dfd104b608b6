import { useCallback, useEffect, useRef, useState } from 'react';

export type FlashTone = 'success' | 'error';
export interface Flash {
  id: number;
  tone: FlashTone;
  text: string;
}

/** How long a message stays: long enough to read twice, short enough not to pile up. */
const SHOW_MS: Record<FlashTone, number> = { success: 5000, error: 9000 };

/**
 * A short message after an action (saved, deleted, failed), shown for a few seconds. Failures are
 * also logged by the caller, so nothing is lost when the message goes.
 */
export function useFlash(): {
  flash: Flash | null;
  show: (tone: FlashTone, text: string) => void;
  dismiss: () => void;
} {
  const [flash, setFlash] = useState<Flash | null>(null);
  const counter = useRef(0);

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), SHOW_MS[flash.tone]);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const show = useCallback((tone: FlashTone, text: string) => {
    counter.current += 1;
    setFlash({ id: counter.current, tone, text });
  }, []);
  const dismiss = useCallback(() => setFlash(null), []);
  return { flash, show, dismiss };
}
