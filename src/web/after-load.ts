/**
 * Runs `run` once the page has loaded and the browser is idle, so that it never competes with the
 * first paint or hydration (Klaviyo's script, the Web Vitals reporter). Answers what cancels it.
 */
export function whenIdleAfterLoad(run: () => void): () => void {
  let cancelled = false;
  let timer: number | undefined;
  const go = () => {
    if (!cancelled) run();
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(go, { timeout: 3000 });
    else timer = window.setTimeout(go, 1);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
    window.removeEventListener('load', whenIdle);
  };
}
