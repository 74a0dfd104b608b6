import type { Overview } from '../../../../domain/overview';
import { formatPrice } from '../../../../domain/money';
import { ScrollingTable } from '../shared/states';
import { dateFormat, panelClass, tdClass, thClass } from '../shared/ui';

const monthFormat = new Intl.DateTimeFormat('en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function TopProducts({ products }: { products: Overview['top_products'] }) {
  return (
    <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="top-title">
      <h3 id="top-title" className="font-display text-xl font-semibold">
        Best sellers, last 30 days
      </h3>
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No sales in the last 30 days.</p>
      ) : (
        <ScrollingTable label="Best sellers">
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">Best sellers, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Product
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Units
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Sales
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-beige">
              {products.map((p) => (
                <tr key={`${p.product_id ?? 'gone'}-${p.name}`}>
                  <td className={tdClass}>{p.name}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{p.units}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatPrice(p.gross)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </section>
  );
}

export function WaitingToShip({ waiting }: { waiting: Overview['waiting_to_ship'] }) {
  return (
    <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="waiting-title">
      <h3 id="waiting-title" className="font-display text-xl font-semibold">
        Waiting to ship: <span className="tabular-nums">{waiting.count}</span>
      </h3>
      {waiting.oldest.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Every paid order has shipped.</p>
      ) : (
        <ul className="mt-3 divide-y divide-beige text-sm">
          {waiting.oldest.map((o) => (
            <li key={o.id} className="flex items-center justify-between gap-3 py-2">
              <a
                className="font-semibold text-maple-dark underline-offset-2 hover:underline"
                href={`/admin/dashboard?tab=orders&order=${o.id}`}
              >
                #{o.id}
              </a>
              <span className="min-w-0 flex-1 truncate">{o.name}</span>
              <span className="text-muted">{dateFormat.format(new Date(o.created_at))}</span>
              <span className="tabular-nums">{formatPrice(o.total)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function GstByMonth({ months }: { months: Overview['gst_by_month'] }) {
  return (
    <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="gst-title">
      <h3 id="gst-title" className="font-display text-xl font-semibold">
        Sales tax by month, net of refunds
      </h3>
      {months.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No paid orders in the last 12 months.</p>
      ) : (
        <ScrollingTable label="Sales tax by month, net of refunds">
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">Sales tax by month, net of refunds</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Month
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Orders
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Tax
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-beige">
              {months.map((m) => (
                <tr key={m.month}>
                  <td className={tdClass}>{monthFormat.format(new Date(`${m.month}-01T00:00:00Z`))}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{m.orders}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatPrice(m.gst)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      <p className="mt-3 text-xs text-muted">
        On orders still paid, by the month they were paid (Vancouver time).
      </p>
    </section>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-CA', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/Vancouver',
});

/**
 * Units held by checkouts being paid, and by whom (decision 0038): what to look at when a product
 * reads "Sold out" though few were sold.
 */
export function HeldInCheckouts({ holds }: { holds: Overview['held_in_checkouts'] }) {
  const units = holds.reduce((sum, h) => sum + h.units, 0);
  return (
    <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="held-title">
      <h3 id="held-title" className="font-display text-xl font-semibold">
        Held in checkouts: <span className="tabular-nums">{units}</span>
      </h3>
      {holds.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No checkout is holding stock right now.</p>
      ) : (
        <ScrollingTable label="Stock held in checkouts">
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">Stock held in checkouts being paid</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Product
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Units
                </th>
                <th scope="col" className={thClass}>
                  Shopper
                </th>
                <th scope="col" className={thClass}>
                  Until
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-beige">
              {holds.map((h) => (
                <tr key={`${h.intent_id}-${h.product_id}`}>
                  <td className={tdClass}>{h.product_name}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{h.units}</td>
                  <td className={`${tdClass} break-all`}>
                    {h.email ?? 'Deleted account'}
                    {h.client_address && <span className="block text-xs text-muted">{h.client_address}</span>}
                  </td>
                  <td className={`${tdClass} tabular-nums`}>
                    {h.expires_at ? timeFormat.format(new Date(h.expires_at)) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      <p className="mt-3 text-xs text-muted">
        A checkout holds its units until it is paid or expires; unpaid checkouts together never hold more than
        their share of a product, so the rest can always be bought.
      </p>
    </section>
  );
}
