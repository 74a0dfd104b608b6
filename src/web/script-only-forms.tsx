import { useEffect, type RefObject } from 'react';
import { useNonce } from './nonce';

/** What the guard below keeps of a form submitted before its script was there. */
interface HeldSubmit {
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
 * form with what was typed in it, which `useHeldSubmit` puts back and sends once the component is
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

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Sets a field the way typing does, so React's change handler sees it. */
function restore(field: Field, value: string, checked: boolean): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== checked) field.click();
    return;
  }
  if (field instanceof HTMLInputElement && field.type === 'file') return;
  // The field may still show the text while the component's state is empty, and React only reports
  // a change from the value it last saw: it sees an empty field (this assignment goes through its
  // copy), then the text (the prototype's setter goes behind it), then an input event.
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Sends the form again if it was submitted before this component had hydrated it, with what the
 * shopper had typed (hydration resets a controlled field to its component's state).
 */
export function useHeldSubmit(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const held = window.heldSubmit;
    if (!held || held.form !== form.current) return;
    window.heldSubmit = undefined;
    held.fields.forEach(([value, checked], index) => {
      const field = held.form.elements[index];
      if (
        field instanceof HTMLInputElement ||
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLSelectElement
      ) {
        restore(field, value, checked);
      }
    });
    // After React has applied the restored values.
    const timer = setTimeout(() => held.form.requestSubmit(), 0);
    return () => clearTimeout(timer);
  }, [form]);
}
