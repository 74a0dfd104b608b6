/**
 * Sections below the fold (decision 0037). Until the page has hydrated they carry
 * `content-visibility: auto` (the `below-fold` class in app.css): the first paint and hydration lay
 * out only what is near the screen. Then they are laid out one at a time, each in an idle moment of
 * its own, so the page ends fully laid out without one long task, and anything that measures it
 * afterwards (find-in-page, contrast checkers) sees every section where it is.
 *
 * When all are done, `<html>` carries `data-laid-out`; the browser journeys wait for it before they
 * run axe.
 */

type Idle = (step: () => void) => () => void;

const whenIdle: Idle = (step) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(step, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a macrotask between frames is the closest.
  const handle = window.setTimeout(step, 16);
  return () => window.clearTimeout(handle);
};

/** Lays out the page's waiting sections one per idle moment; answers a function that stops it. */
export function layOutBelowFold(idle: Idle = whenIdle): () => void {
  const root = document.documentElement;
  delete root.dataset.laidOut;
  let cancel = () => {};
  const step = () => {
    const next = document.querySelector<HTMLElement>('.below-fold:not([data-laid-out])');
    if (!next) {
      root.dataset.laidOut = '';
      return;
    }
    // React sets neither this style nor this attribute on these elements, so it never undoes them.
    next.style.contentVisibility = 'visible';
    next.dataset.laidOut = '';
    cancel = idle(step);
  };
  cancel = idle(step);
  return () => cancel();
}
