import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageRange } from './paging';
import { quietButton } from './ui';

/** The foot of a paged list: which entries are shown, and Previous / Next (disabled while loading). */
export function Pager({
  label,
  page,
  pageSize,
  shown,
  total,
  loading,
  onPage,
}: {
  label: string;
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const { first, last, pages } = pageRange(page, pageSize, shown, total);
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-beige bg-cream/70 px-4 py-3 text-sm"
    >
      <p className="text-muted" aria-live="polite">
        {first}–{last} of {total}
      </p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={quietButton}
          disabled={page <= 1 || loading}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
        </button>
        <span className="px-2 text-muted">
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className={quietButton}
          disabled={page >= pages || loading}
          onClick={() => onPage(page + 1)}
        >
          Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
