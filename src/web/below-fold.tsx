/**
 * Sections below the fold of the catalogue pages, and the footer (decision 0076, which takes up what
 * decision 0037 learned). In the server's document they carry the `below-fold` class of app.css,
 * `content-visibility: auto`: the first paint and hydration lay out only what is near the screen,
 * which on a slow phone is most of the page's style and layout work. After hydration they are laid
 * out one at a time, each in an idle moment of its own, so the page ends fully laid out without one
 * long task, and whatever measures it afterwards (find-in-page, contrast checkers, a restored scroll
 * position) sees every section where it is. Then `<html>` carries `data-laid-out` (the browser
 * journeys wait for it before they run axe) and the rule below lays out every section of the pages
 * that follow at once: the deferral is for a document's first load only.
 *
 * A scroll position must never be restored onto skipped sections (they count as 700 px whatever
 * their height), so everything is laid out at once before one is:
 * - on a reload, or a return to a page from another site, React Router restores the position from an
 *   inline script while the page is still loading: `BelowFoldScript` runs just before it and lays
 *   everything out when session storage holds a position for this history entry (and stops the
 *   browser's own restoration, which would place it on the skipped layout), or the address has a
 *   #fragment to go to;
 * - on Back and Forward within the shop, React Router restores it in a layout effect right after the
 *   new page renders: a `popstate` listener lays everything out first;
 * - without scripts nothing is deferred (the `<noscript>` rule), since nothing would lay the
 *   sections out before the browser restores a position itself.
 *
 * The rule is adopted (`document.adoptedStyleSheets`), not written into the document: React owns
 * `<html>` and `<head>`, and a script that changed them before hydration would be a mismatch.
 * Every browser that supports `content-visibility` supports adopted stylesheets.
 */
import { useEffect } from 'react';
import { useNonce } from './nonce';

/** What lays out every waiting section, once it applies. */
const LAY_OUT_ALL = '.below-fold{content-visibility:visible}';

/** Where React Router's <ScrollRestoration> keeps positions, by history entry key (its default). */
const POSITIONS_KEY = 'react-router-scroll-positions';

const ADOPT =
  `var c=new CSSStyleSheet();c.replaceSync('${LAY_OUT_ALL}');` +
  'document.adoptedStyleSheets=document.adoptedStyleSheets.concat(c)';

/**
 * The inline script: everything laid out now when a position or a #fragment is about to be used.
 * React Router gives a page that is left back to the browser's own restoration (it sets
 * `history.scrollRestoration` to 'auto' as the page hides), and the browser may already have
 * restored the position onto the skipped sections and would keep adjusting it while the page
 * loads; so when a position is stored the browser is told to stop, and the script goes there at
 * once. React Router's own script, right after, finds the page there already (it would scroll
 * smoothly, from the top, since the page's `scroll-behavior` is smooth).
 */
const SCRIPT =
  `(function(){try{var k=history.state&&history.state.key,p=JSON.parse(sessionStorage.getItem('${POSITIONS_KEY}')||'{}');` +
  `var y=k&&p[k],r=typeof y==='number';if(r||location.hash.length>1){${ADOPT}}` +
  `if(r){history.scrollRestoration='manual';scrollTo({top:y,left:0,behavior:'instant'})}}catch(e){}})()`;

const SCRIPT_ID = 'below-fold-script';

/**
 * The script's text: written by the server; in the browser read back from the document, so that
 * hydration finds the same text and the page's scripts carry no copy of it (as the stylesheet's).
 */
function scriptText(): string {
  if (import.meta.env.SSR) return SCRIPT;
  return document.getElementById(SCRIPT_ID)?.textContent ?? '';
}

/** Rendered just before React Router's <ScrollRestoration>, so that it runs first. */
export function BelowFoldScript() {
  const nonce = useNonce();
  return <script id={SCRIPT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptText() }} />;
}

/** In <head>: with scripts off, nothing waits to be laid out. */
export function BelowFoldWithoutScripts() {
  return (
    <noscript>
      <style>{LAY_OUT_ALL}</style>
    </noscript>
  );
}

let allLaidOut = false;

/** Lays out every waiting section at once, now and on the pages that follow; marks `<html>`. */
function layOutAll(): void {
  if (!allLaidOut) {
    allLaidOut = true;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(LAY_OUT_ALL);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  document.documentElement.dataset.laidOut = '';
}

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

/**
 * After hydration: lays out the waiting sections one per idle moment, then all of them for good.
 * A Back or Forward before it is done lays them all out at once. Answers a function that stops it.
 */
export function layOutBelowFold(idle: Idle = whenIdle): () => void {
  let cancel = () => {};
  const now = () => {
    cancel();
    window.removeEventListener('popstate', now);
    layOutAll();
  };
  const step = () => {
    const next = document.querySelector<HTMLElement>('.below-fold:not([data-laid-out])');
    if (!next) return now();
    // React sets neither this style nor this attribute on these elements, so it never undoes them.
    next.style.contentVisibility = 'visible';
    next.dataset.laidOut = '';
    cancel = idle(step);
  };
  window.addEventListener('popstate', now);
  cancel = idle(step);
  return () => {
    cancel();
    window.removeEventListener('popstate', now);
  };
}

/** Starts `layOutBelowFold` once, after the document has hydrated. */
export function useLayOutBelowFold(): void {
  useEffect(() => layOutBelowFold(), []);
}
