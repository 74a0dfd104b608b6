import type { ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import type { Loaded } from '../shared/admin-api';
import { useListParams, useReload, useSearchBox } from '../shared/list-params';
import { Pager } from '../shared/pager';
import { SearchInput } from '../shared/search-input';
import { EmptyState, LoadFailed } from '../shared/states';
import { panelClass } from '../shared/ui';
import { useLocalCopy } from '../shared/use-local-copy';
import { INBOX_PARAMS, inboxQuery, type InboxList, type InboxPage } from './inbox';

/**
 * One list of the Inbox: its search and page (in the address), the page the route's clientLoader
 * read for them (`data`, null while it first loads) with the changes made here laid over it.
 */
export function useInboxList<T>(list: InboxList, data: Loaded<InboxPage<T>> | null) {
  const { params, update, changing } = useListParams();
  const { reload, reloading } = useReload();
  const keys = INBOX_PARAMS[list];
  const query = inboxQuery(list, params);
  const box = useSearchBox(query.q, (q) => update({ [keys.q]: q, [keys.page]: null }));
  const [page, patchPage] = useLocalCopy(data);
  return {
    ...box,
    query,
    result: page?.ok ? page.value : null,
    failed: page !== null && !page.ok && !reloading,
    loading: changing([keys.q, keys.page]),
    patchPage,
    go: (to: number) => update({ [keys.page]: to === 1 ? null : to }),
    retry: reload,
  };
}

export type ListState<T> = ReturnType<typeof useInboxList<T>>;

function SearchBox<T>({ id, label, state }: { id: string; label: string; state: ListState<T> }) {
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        state.submit();
      }}
      className="relative w-full sm:w-80"
    >
      <SearchInput
        id={id}
        label={`Search ${label.toLowerCase()} by e-mail`}
        placeholder="Search by e-mail"
        value={state.search}
        onChange={state.setSearch}
      />
    </form>
  );
}

/** A list's pages, under it. */
export function ListPager<T>({
  label,
  pageSize,
  state,
}: {
  label: string;
  pageSize: number;
  state: ListState<T>;
}) {
  const { query, result, loading } = state;
  if (!result) return null;
  return (
    <Pager
      label={label}
      page={query.page}
      pageSize={pageSize}
      shown={result.items.length}
      total={result.total}
      loading={loading}
      onPage={state.go}
    />
  );
}

/** A list's title, count line and search box, then its loading, failed, empty or loaded state. */
export function ListSection<T>({
  id,
  title,
  summary,
  what,
  empty,
  state,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  what: string;
  empty: string;
  state: ListState<T>;
  children: (page: InboxPage<T>) => ReactNode;
}) {
  const { result, loading, failed, query } = state;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="font-display text-xl font-semibold sm:text-2xl">
            {title}
          </h3>
          <p className="mt-1 text-sm text-muted">{summary}</p>
        </div>
        <SearchBox id={`${id}-search`} label={title} state={state} />
      </div>
      {failed ? (
        <LoadFailed what={what} onRetry={state.retry} />
      ) : !result ? (
        <Spinner label={`Loading ${what}`} className="py-12" />
      ) : result.items.length === 0 ? (
        <EmptyState>{query.q ? `No ${what} match the search.` : empty}</EmptyState>
      ) : (
        <div
          className={`${panelClass} overflow-hidden transition-opacity ${loading ? 'opacity-60' : ''}`}
          aria-busy={loading}
        >
          {children(result)}
        </div>
      )}
    </section>
  );
}
