import { ingredientName, scaled, type ProductionPlan } from './recipes';
import { ScrollingTable } from '../shared/states';
import { dateTimeFormat, panelClass, quietButton, tdClass, thClass } from '../shared/ui';
import './admin-print.css';

/**
 * The production plan (decision 0014): the packs waiting in open orders per product, with those
 * held by checkouts and those of the subscription renewals due within the plan's horizon (decision
 * 0057), the batches that cover them, and the baker's pick list: every ingredient needed across all
 * of them. Printing shows this section alone.
 */
export function ProductionPlanView({ plan, plannedAt }: { plan: ProductionPlan; plannedAt: Date }) {
  const open = plan.products.filter(
    (product) => product.open_packs + product.reserved_packs + product.renewal_packs > 0,
  );
  const unplanned = open.filter((product) => product.multiplier === null);
  return (
    <section
      id="production-plan"
      tabIndex={-1}
      aria-labelledby="production-plan-title"
      className={`${panelClass} scroll-mt-28 p-5 outline-none sm:p-8 print:p-0 print:shadow-none print:ring-0`}
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="eyebrow">Production plan</p>
          <h3 id="production-plan-title" className="mt-1 font-display text-2xl font-semibold">
            Pick list for open orders and renewals
          </h3>
          <p className="mt-1 text-sm text-muted">
            From the packs in Pending and In Progress orders, those held by checkouts being paid, and those of
            the subscription renewals due in the next {plan.renewal_days} days, on{' '}
            {dateTimeFormat.format(plannedAt)}
          </p>
        </div>
        <button
          type="button"
          className={`${quietButton} ring-1 ring-beige print:hidden`}
          onClick={() => window.print()}
        >
          Print pick list
        </button>
      </div>

      {open.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-cream px-4 py-3 text-sm text-muted ring-1 ring-beige">
          No packs are waiting in open orders or renewals due in the next {plan.renewal_days} days: there is
          nothing to bake.
        </p>
      ) : (
        <div className="mt-6 grid gap-6 xl:grid-cols-2 print:grid-cols-1">
          <div>
            <h4 className="text-sm font-semibold text-cocoa">Batches</h4>
            <ScrollingTable label="Batches per product">
              <table className="w-full text-sm">
                <caption className="sr-only">Batches per product</caption>
                <thead className="bg-cream/70">
                  <tr>
                    <th scope="col" className={thClass}>
                      Product
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      Packs
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      Multiplier
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-beige">
                  {open.map((product) => (
                    <tr key={product.product_id} data-testid="plan-product">
                      <td className={tdClass}>
                        <p className="font-medium text-ink">{product.name}</p>
                        {product.category && <p className="text-xs text-muted">{product.category}</p>}
                      </td>
                      <td className={`${tdClass} text-right tabular-nums`}>
                        {product.open_packs}
                        {product.reserved_packs > 0 && (
                          <span className="block text-xs text-muted" data-testid="plan-reserved">
                            + {product.reserved_packs} in checkouts
                          </span>
                        )}
                        {product.renewal_packs > 0 && (
                          <span
                            className="block text-xs whitespace-nowrap text-muted"
                            data-testid="plan-renewals"
                          >
                            + {product.renewal_packs} in renewals
                          </span>
                        )}
                      </td>
                      <td className={`${tdClass} text-right font-semibold text-cocoa tabular-nums`}>
                        {product.multiplier !== null
                          ? scaled(product.multiplier, 1)
                          : product.status === 'no_recipe'
                            ? 'No recipe'
                            : 'Unknown yield'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollingTable>
            {unplanned.length > 0 && (
              <p className="mt-2 text-xs text-muted">
                Not in the pick list: {unplanned.map((product) => product.name).join(', ')} (no recipe, or a
                yield that does not say how many packs a batch makes).
              </p>
            )}
            {plan.bases.length > 0 && (
              <>
                <h4 className="mt-6 text-sm font-semibold text-cocoa">Prepare first</h4>
                <ul className="mt-2 space-y-2">
                  {plan.bases.map((base) => (
                    <li
                      key={base.recipe_id}
                      className="flex items-baseline justify-between gap-4 rounded-2xl bg-cream px-4 py-3 text-sm ring-1 ring-beige"
                      data-testid="plan-base"
                    >
                      <span className="font-medium text-ink">{base.name}</span>
                      <span className="text-right text-muted tabular-nums">
                        <span className="font-semibold text-cocoa">{scaled(base.quantity, 1)} g</span> ·{' '}
                        {scaled(base.batches, 1)} batches
                      </span>
                    </li>
                  ))}
                </ul>
                <p className="mt-2 text-xs text-muted">Its ingredients are included in the pick list.</p>
              </>
            )}
          </div>
          <div>
            <h4 className="text-sm font-semibold text-cocoa">Ingredients to pick</h4>
            {plan.pick_list.length === 0 ? (
              <p className="mt-2 text-sm text-muted">
                No ingredients: none of these products has a recipe yet.
              </p>
            ) : (
              <ScrollingTable label="Pick list">
                <table className="w-full text-sm">
                  <caption className="sr-only">Pick list</caption>
                  <thead className="bg-cream/70">
                    <tr>
                      <th scope="col" className={thClass}>
                        Ingredient
                      </th>
                      <th scope="col" className={`${thClass} text-right`}>
                        Quantity
                      </th>
                      <th scope="col" className={thClass}>
                        Unit
                      </th>
                      <th scope="col" className={`${thClass} text-right`}>
                        Cups
                      </th>
                      <th scope="col" className={`${thClass} hidden w-12 print:table-cell`}>
                        Picked
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-beige">
                    {plan.pick_list.map((line) => (
                      <tr key={`${line.ingredient_id}-${line.unit}`} data-testid="pick-list-line">
                        <td className={`${tdClass} text-ink`}>
                          {ingredientName({ ingredient_name: line.name })}
                        </td>
                        <td className={`${tdClass} text-right font-semibold text-cocoa tabular-nums`}>
                          {scaled(line.quantity, 1)}
                        </td>
                        <td className={`${tdClass} text-muted`}>{line.unit}</td>
                        <td className={`${tdClass} text-right text-muted tabular-nums`}>
                          {scaled(line.cups, 1)}
                        </td>
                        <td className={`${tdClass} hidden print:table-cell`}>
                          <span
                            className="inline-block h-4 w-4 rounded border border-ink"
                            aria-hidden="true"
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollingTable>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
