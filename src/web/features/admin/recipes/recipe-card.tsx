import type { ReactNode } from 'react';
import { cupsOf, ingredientName, scaled, type Recipe } from './recipes';
import { ScrollingTable } from '../shared/states';
import { panelClass, tdClass, thClass } from '../shared/ui';

const whole = (value: number | null | undefined, unit: string) =>
  value === null || value === undefined ? 'N/A' : `${value} ${unit}`;

/**
 * A recipe as the baker reads it: instructions, cooking time, oven temperature, yield and
 * total weight, and the ingredient table, with every quantity times the multiplier.
 */
export function RecipeCard({
  title,
  eyebrow,
  recipe,
  multiplier,
  headingId,
  note,
  children,
}: {
  title: string;
  eyebrow: string;
  recipe: Recipe;
  multiplier: number;
  headingId: string;
  /** a line under the title, e.g. how the quantities are scaled */
  note?: string;
  children?: ReactNode;
}) {
  const times = multiplier === 1 ? '' : ` × ${multiplier}`;
  const facts: [string, string][] = [
    ['Cooking time', whole(recipe.cooking_time_minutes, 'min')],
    ['Oven temperature', whole(recipe.oven_temperature_celsius, '°C')],
    [
      `Yield${times}`,
      recipe.yield_quantity == null
        ? 'N/A'
        : `${scaled(recipe.yield_quantity, multiplier)} ${recipe.yield_unit ?? ''}`.trim(),
    ],
    [
      `Total weight${times}`,
      recipe.total_yield_weight == null ? 'N/A' : `${scaled(recipe.total_yield_weight, multiplier)} g`,
    ],
  ];
  return (
    <section aria-labelledby={headingId} className={`${panelClass} p-5 sm:p-8`} data-testid="recipe-card">
      <p className="eyebrow">{eyebrow}</p>
      <h3 id={headingId} className="mt-1 font-display text-2xl font-semibold">
        {title}
      </h3>
      {note && <p className="mt-1 text-sm text-muted">{note}</p>}
      <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-2xl bg-cream px-4 py-3 ring-1 ring-beige">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
            <dd className="mt-1 font-semibold text-cocoa tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="mt-6 text-sm font-semibold text-cocoa">Ingredients{times}</h4>
      {recipe.ingredients.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No ingredients yet.</p>
      ) : (
        <ScrollingTable label={`Ingredients of ${title}`}>
          <table className="w-full text-sm">
            <caption className="sr-only">
              Ingredients of {title}
              {times ? `, times ${multiplier}` : ''}
            </caption>
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
              </tr>
            </thead>
            <tbody className="divide-y divide-beige">
              {recipe.ingredients.map((ingredient, index) => (
                <tr key={`${ingredient.ingredient_id}-${index}`} data-testid="recipe-ingredient">
                  <td className={`${tdClass} text-ink`}>{ingredientName(ingredient)}</td>
                  <td className={`${tdClass} text-right font-semibold text-cocoa tabular-nums`}>
                    {scaled(ingredient.quantity, multiplier)}
                  </td>
                  <td className={`${tdClass} text-muted`}>{ingredient.unit}</td>
                  <td className={`${tdClass} text-right text-muted tabular-nums`}>
                    {scaled(cupsOf(ingredient), multiplier)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      {recipe.instructions.trim() && (
        <>
          <h4 className="mt-6 text-sm font-semibold text-cocoa">Instructions</h4>
          <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-ink">{recipe.instructions}</p>
        </>
      )}
      {children}
    </section>
  );
}
