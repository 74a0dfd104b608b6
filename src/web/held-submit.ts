/**
 * Sends a script-only form again when it was submitted before its component had hydrated it
 * (decision 0067; the document's guard is script-only-forms.tsx). Apart from that guard, which
 * every page's root renders, so that only the pages with such a form carry this.
 */
import { useEffect, type RefObject } from 'react';

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
