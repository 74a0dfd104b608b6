import { Search } from 'lucide-react';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../domain/search-limits';

/**
 * The catalogue search form (decision 0064): a plain GET form to /search, so it works before the
 * scripts load (or without them) and adds no script of its own to the page.
 */
export function SearchBox({
  id,
  defaultValue,
  className = '',
  size = 'sm',
}: {
  /** The field's id, unique on the page (the header's and the menu's both exist). */
  id: string;
  defaultValue?: string;
  className?: string;
  size?: 'sm' | 'lg';
}) {
  const height = size === 'lg' ? 'h-12 text-base' : 'h-10 text-sm';
  return (
    <form method="get" action="/search" role="search" className={`relative flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder="Search snacks"
        enterKeyHint="search"
        autoComplete="off"
        className={`${height} w-full min-w-0 rounded-full border border-beige bg-white pr-12 pl-4 text-ink placeholder:text-muted focus:border-maple`}
      />
      <button
        type="submit"
        className="absolute right-1 grid h-9 w-9 place-items-center rounded-full text-cocoa hover:bg-sand"
      >
        <Search className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">Search</span>
      </button>
    </form>
  );
}
