import { Fragment, type ReactNode } from 'react';

/** Plain content text with `{email}` turned into a mailto link to the shop's contact address. */
export function withEmail(text: string, email: string): ReactNode {
  const parts = text.split('{email}');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <a href={`mailto:${email}`} className="font-medium text-maple-dark underline underline-offset-4">
          {email}
        </a>
      )}
    </Fragment>
  ));
}
