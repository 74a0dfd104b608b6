/**
 * The longest search query accepted, in characters (decision 0064). Alone in its module: the header's
 * search box, on every page, reads it without bringing the rest of search's rules into the first load.
 */
export const SEARCH_QUERY_MAX_LENGTH = 100;
