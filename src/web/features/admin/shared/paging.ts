/** Positions shown and pages in all, for 'first–last of total' and 'Page x of y'. */
export function pageRange(page: number, pageSize: number, shown: number, total: number) {
  const first = total > 0 && shown > 0 ? (page - 1) * pageSize + 1 : 0;
  return {
    first,
    last: shown > 0 ? first + shown - 1 : 0,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** A whole number of 1 or more from the address, else 1. */
export function pageParam(value: string | null): number {
  return value !== null && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}
