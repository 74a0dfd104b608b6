import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation, useRevalidator, useSearchParams } from 'react-router';

export type ParamChanges = Record<string, string | number | null>;

/**
 * The dashboard keeps what it shows in the address: the tab, and each list's search, filter and page
 * beside it. The route's clientLoader reads them from there, so a change is a navigation (replacing
 * the history entry, keeping the scroll) that loads the list again. `pending` holds the parameters
 * being loaded, if any, so controls can show the choice at once and lists can say they are updating.
 */
export function useListParams() {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const pending =
    navigation.location && navigation.location.pathname === location.pathname
      ? new URLSearchParams(navigation.location.search)
      : null;
  // A change made while another loads builds on the one loading, not on the address shown.
  const target = pending ?? params;
  const latest = useRef(target);
  useEffect(() => {
    latest.current = target;
  });

  const update = useCallback(
    (changes: ParamChanges, { keep = true }: { keep?: boolean } = {}) => {
      const next = new URLSearchParams(keep ? latest.current : undefined);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      void navigate({ search: `?${next.toString()}` }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  /** Whether a navigation is loading new values for any of `keys`. */
  const changing = (keys: readonly string[]) =>
    pending !== null && keys.some((key) => (pending.get(key) ?? '') !== (params.get(key) ?? ''));

  return { params, pending, update, changing };
}

/** The route's data read again (after a save elsewhere, or 'Try again' on a list that failed). */
export function useReload() {
  const { revalidate, state } = useRevalidator();
  const reload = useCallback(() => void revalidate(), [revalidate]);
  return { reload, reloading: state === 'loading' };
}

/** Searching waits for a pause in typing, so each keystroke does not send a request. */
const SEARCH_DELAY_MS = 350;

/**
 * A search box over a list whose search is in the address: the text as typed, committed after a
 * pause in typing (or at once with `submit`). `committed` is the search the list shows.
 */
export function useSearchBox(committed: string, commit: (search: string) => void) {
  const [search, setSearch] = useState(committed);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });

  useEffect(() => {
    if (search.trim() === committed) return;
    const timer = window.setTimeout(() => latestCommit.current(search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, committed]);

  return { search, setSearch, submit: () => latestCommit.current(search.trim()) };
}
