import { useEffect, useRef, useState, type RefObject } from 'react';

export interface FieldLabel {
  /** The control's id, for the summary's link to it. */
  id: string;
  label: string;
}

/**
 * An address form's answer to a submit that failed validation: a summary announced at once
 * (role=alert) naming the fields to fix, each a link to its field, whose own message sits under it.
 * The messages are not repeated here, so each is read once, with its field.
 */
export function FormErrorSummary({ fields }: { fields: FieldLabel[] }) {
  return (
    <div role="alert" className="empty:hidden">
      {fields.length > 0 && (
        <div className="rounded-2xl bg-danger/5 px-4 py-3 text-sm text-danger ring-1 ring-danger/30">
          <p className="font-semibold">
            {fields.length === 1 ? 'Please check 1 field:' : `Please check ${fields.length} fields:`}{' '}
            <span className="font-normal">
              {fields.map((field, index) => (
                <span key={field.id}>
                  {index > 0 && ', '}
                  <a
                    href={`#${field.id}`}
                    className="underline underline-offset-2"
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(field.id)?.focus();
                    }}
                  >
                    {field.label}
                  </a>
                </span>
              ))}
            </span>
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * After a submit that failed validation, moves focus to the form's first invalid control (in the
 * order the page shows them) once the page marks them: react-hook-form publishes the errors after
 * its invalid handler has run, so each render looks until the marked control is there. Call the
 * function returned from the form's invalid handler.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>) {
  const [request, setRequest] = useState(0);
  const handled = useRef(0);
  useEffect(() => {
    if (request === handled.current) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    handled.current = request;
    first.focus();
  });
  return () => setRequest((n) => n + 1);
}
