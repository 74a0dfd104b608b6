import type { ReactNode } from 'react';
import { Pager } from './pager';
import { EmptyState } from './states';
import { panelClass, tdClass, thClass } from './ui';

/** One column of a `DataTable`: its header, and what each row shows in it. */
export interface Column<Row> {
  /** The header's text, which also keys the column (unique in its table). */
  header: string;
  /**
   * The header is for screen readers only: a column of buttons (View, Edit, Delete) names itself
   * without a visible heading.
   */
  hideHeader?: boolean;
  /** 'right' for amounts, counts and the row's buttons: the header and the cells. */
  align?: 'left' | 'right';
  /** Classes added to each of the column's cells (type, colour, wrapping). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

/** Pages of a list the server pages: the `Pager` under the rows. */
export interface Paging {
  /** The pager's navigation name ('Order pages'). */
  label: string;
  page: number;
  pageSize: number;
  /** Entries in the whole list, all pages. */
  total: number;
  onPage: (page: number) => void;
}

/**
 * Where the table replaces the cards: from tablets up ('md'), or from laptops up ('lg') for a table
 * too wide for a tablet. Whole class names, so Tailwind finds them.
 */
const LAYOUTS = {
  md: { table: 'hidden w-full text-sm md:table', cards: 'divide-y divide-beige md:hidden' },
  lg: { table: 'hidden w-full text-sm lg:table', cards: 'divide-y divide-beige lg:hidden' },
} as const;

const cellClass = (base: string, { align, className }: { align?: 'left' | 'right'; className?: string }) =>
  [base, align === 'right' && 'text-right', className].filter(Boolean).join(' ');

/**
 * An admin list (docs/product.md, Admin tools): a table on wide screens and a card per row on
 * phones, in one panel. The columns are data; `card` lays out a row on a phone. With no rows it is
 * the `empty` text instead. `loading` dims the rows and marks the panel busy while another page or
 * search loads; `status` is said to screen readers (how many rows are shown); `paging` adds the
 * pager under the rows.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  rowClassName,
  card,
  empty,
  wideFrom = 'md',
  loading,
  status,
  paging,
}: {
  /** The table's name for screen readers ('Orders'). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** `data-testid` of each table row. */
  rowTestId?: string;
  /** Classes of a row, in the table and as a card (a hidden product's shading). */
  rowClassName?: (row: Row) => string;
  /** A row on a phone. */
  card: (row: Row) => ReactNode;
  /** What the panel says when there are no rows. */
  empty: ReactNode;
  wideFrom?: keyof typeof LAYOUTS;
  /** Only for lists that load in place: undefined leaves the panel without aria-busy. */
  loading?: boolean;
  status?: ReactNode;
  paging?: Paging;
}) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;

  const layout = LAYOUTS[wideFrom];
  const rowClass = (row: Row) => rowClassName?.(row) || undefined;
  const panel = [
    panelClass,
    'overflow-hidden',
    loading !== undefined && 'transition-opacity',
    loading && 'opacity-60',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={panel} aria-busy={loading}>
      {status != null && (
        <p className="sr-only" role="status">
          {status}
        </p>
      )}
      <table className={layout.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-beige bg-cream/70">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cellClass(thClass, { align: column.align })}>
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-beige">
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId} className={rowClass(row)}>
              {columns.map((column) => (
                <td key={column.header} className={cellClass(tdClass, column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={layout.cards}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={cellClass('p-4', { className: rowClass(row) })}>
            {card(row)}
          </li>
        ))}
      </ul>
      {paging && (
        <Pager
          label={paging.label}
          page={paging.page}
          pageSize={paging.pageSize}
          shown={rows.length}
          total={paging.total}
          loading={loading ?? false}
          onPage={paging.onPage}
        />
      )}
    </div>
  );
}
