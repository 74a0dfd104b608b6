/**
 * The admin lists' table (docs/product.md, Admin tools), rendered on the server: headers from the
 * column data, the hidden header of a column of buttons, the caption, a row per entry as a table row
 * and as a phone card, the empty text, and the busy, status and pager parts when asked for.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './data-table';

interface Snack {
  id: number;
  name: string;
  price: string;
  hidden: boolean;
}

const snacks: Snack[] = [
  { id: 7, name: 'Maple Almond Granola', price: '$11.95', hidden: false },
  { id: 9, name: 'Coconut Almond Energy Bites', price: '$16.95', hidden: true },
];

const columns: Column<Snack>[] = [
  { header: 'Product', cell: (snack) => <b>{snack.name}</b> },
  { header: 'Price', align: 'right', className: 'tabular-nums', cell: (snack) => snack.price },
  {
    header: 'Actions',
    hideHeader: true,
    align: 'right',
    cell: (snack) => (
      <button type="button">
        Edit<span className="sr-only"> {snack.name}</span>
      </button>
    ),
  },
];

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'");

function render(props: Partial<Parameters<typeof DataTable<Snack>>[0]> = {}) {
  return renderToString(
    <DataTable
      caption="Products"
      columns={columns}
      rows={snacks}
      rowKey={(snack) => snack.id}
      card={(snack) => <p className="card">{snack.name}</p>}
      empty="No products yet."
      {...props}
    />,
  );
}

/** The table's part of the page, and the cards' part. */
const table = (html: string) => html.slice(html.indexOf('<table'), html.indexOf('</table>'));
const cards = (html: string) => html.slice(html.indexOf('<ul'), html.indexOf('</ul>'));

afterEach(() => vi.restoreAllMocks());

describe('DataTable', () => {
  it('names the table by its caption and heads each column, in order, as a column header', () => {
    const html = render();
    expect(html).toContain('<caption class="sr-only">Products</caption>');
    const headers = [...html.matchAll(/<th scope="col" class="([^"]*)">(.*?)<\/th>/g)];
    expect(headers.map(([, , inner]) => text(inner!))).toEqual(['Product', 'Price', 'Actions']);
    // A column of buttons keeps its header for screen readers only.
    expect(headers[2]![2]).toBe('<span class="sr-only">Actions</span>');
    expect(headers[0]![2]).toBe('Product');
    // Right-aligned columns align their header too.
    expect(headers[1]![1]).toMatch(/\btext-right\b/);
    expect(headers[0]![1]).not.toMatch(/\btext-right\b/);
  });

  it('renders a table row per entry, with each column’s cell, alignment and classes', () => {
    const rows = table(render({ rowTestId: 'admin-product-row' }))
      .split('<tr')
      .slice(2);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.includes('data-testid="admin-product-row"'))).toBe(true);
    const cells = [...rows[1]!.matchAll(/<td class="([^"]*)">(.*?)<\/td>/g)];
    expect(cells.map(([, , inner]) => text(inner!))).toEqual([
      'Coconut Almond Energy Bites',
      '$16.95',
      'Edit Coconut Almond Energy Bites',
    ]);
    expect(cells[0]![2]).toBe('<b>Coconut Almond Energy Bites</b>');
    expect(cells[1]![1]).toMatch(/\btext-right\b.*\btabular-nums\b/);
    expect(cells[2]![1]).toMatch(/\btext-right\b/);
    expect(cells[0]![1]).not.toMatch(/\btext-right\b/);
  });

  it('renders a phone card per entry from `card`, hidden where the table shows', () => {
    const html = render();
    expect(cards(html)).toMatch(/^<ul class="divide-y divide-beige md:hidden">/);
    expect(table(html)).toMatch(/^<table class="hidden w-full text-sm md:table">/);
    expect(
      [...cards(html).matchAll(/<li class="p-4"><p class="card">(.*?)<\/p><\/li>/g)].map((m) => m[1]),
    ).toEqual(snacks.map((snack) => snack.name));
  });

  it('switches from cards to the table at the breakpoint asked for', () => {
    const html = render({ wideFrom: 'lg' });
    expect(table(html)).toMatch(/^<table class="hidden w-full text-sm lg:table">/);
    expect(cards(html)).toMatch(/^<ul class="divide-y divide-beige lg:hidden">/);
  });

  it('gives a row its classes both as a table row and as a card', () => {
    const html = render({ rowClassName: (snack) => (snack.hidden ? 'bg-sand/40' : '') });
    const rows = table(html).split('<tr').slice(2);
    expect(rows[0]).not.toContain('class="bg-sand/40"');
    expect(rows[1]).toMatch(/^ class="bg-sand\/40"/);
    expect(cards(html)).toContain('<li class="p-4">');
    expect(cards(html)).toContain('<li class="p-4 bg-sand/40">');
  });

  it('keys each row, so React warns of no missing key', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render();
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows the empty text in its place when there are no rows: no table, no cards, no pager', () => {
    const html = render({
      rows: [],
      empty: 'No products match the search and filters.',
      paging: { label: 'Product pages', page: 1, pageSize: 20, total: 0, onPage: () => {} },
    });
    expect(text(html)).toBe('No products match the search and filters.');
    expect(html).not.toContain('<table');
    expect(html).not.toContain('<ul');
    expect(html).not.toContain('<nav');
  });

  it('dims the rows and marks the panel busy while a list loads in place; says nothing of it otherwise', () => {
    const busy = render({ loading: true });
    expect(busy).toMatch(
      /^<div class="[^"]*\btransition-opacity\b[^"]*\bopacity-60\b[^"]*" aria-busy="true">/,
    );
    const idle = render({ loading: false });
    expect(idle).toMatch(/^<div class="[^"]*\btransition-opacity\b[^"]*" aria-busy="false">/);
    expect(idle).not.toContain('opacity-60');
    const plain = render();
    expect(plain).not.toContain('aria-busy');
    expect(plain).not.toContain('transition-opacity');
  });

  it('announces its status to screen readers only, above the rows', () => {
    const html = render({ status: '2 of 10 products shown' });
    expect(html).toContain('<p class="sr-only" role="status">2 of 10 products shown</p>');
    expect(html.indexOf('role="status"')).toBeLessThan(html.indexOf('<table'));
    expect(render()).not.toContain('role="status"');
  });

  it('pages a paged list under the rows, with the rows shown and Previous / Next off while loading', () => {
    const paging = { label: 'Order pages', page: 2, pageSize: 2, total: 5, onPage: () => {} };
    const html = render({ paging, loading: false });
    const pager = html.slice(html.indexOf('<nav'));
    expect(html.indexOf('<nav')).toBeGreaterThan(html.indexOf('</ul>'));
    expect(pager).toContain('aria-label="Order pages"');
    expect(text(pager)).toContain('3–4 of 5');
    expect(text(pager)).toContain('Page 2 of 3');
    expect(pager).not.toMatch(/<button[^>]* disabled=""/);
    const loading = render({ paging, loading: true });
    expect(loading.slice(loading.indexOf('<nav')).match(/<button[^>]* disabled=""/g)).toHaveLength(2);
    expect(render()).not.toContain('<nav');
  });
});
