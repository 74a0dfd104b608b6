import { dateTimeFormat } from '../shared/ui';

/** When a message or sign-up came, as a <time>. */
export function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {dateTimeFormat.format(new Date(iso))}
    </time>
  );
}
