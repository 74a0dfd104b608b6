import { useNonce } from './nonce';

/** What the guard below keeps of a form submitted before its script was there. */
export interface HeldSubmit {
  form: HTMLFormElement;
  /** Each element's value and checked state, in the form's order, as the shopper left them. */
  fields: [value: string, checked: boolean][];
}

declare global {
  interface Window {
    heldSubmit?: HeldSubmit;
  }
}

/**
 * A form that names neither `action` nor `method` is sent by its script (newsletter, contact,
 * sign-in...). Submitted before that script has hydrated it (the first moments of a page, or a
 * below-the-fold section whose code is still on its way), the browser would send it itself: a GET
 * to the page's own address with every field in the query string, so an e-mail address or a
 * password in the history, the logs and the next page's Referer. This listener runs last, on the
 * window, and only when no script has handled the submission: it stops the browser and keeps the
 * form with what was typed in it, which `useHeldSubmit` (held-submit.ts) puts back and sends once the component is
 * there. Forms meant to work without scripts (search, order tracking) name their method.
 */
const SCRIPT =
  "addEventListener('submit',function(e){var f=e.target;if(!e.defaultPrevented&&f instanceof HTMLFormElement" +
  "&&!f.hasAttribute('action')&&!f.hasAttribute('method')){e.preventDefault();" +
  'window.heldSubmit={form:f,fields:Array.prototype.map.call(f.elements,function(x){return[x.value,!!x.checked]})}}})';

export function ScriptOnlyForms() {
  const nonce = useNonce();
  // The same text on the server and in the browser, so hydration leaves it alone.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
