import { brand } from '../../../domain/brand';
import type { Competitor, Nutrition } from '../../../domain/catalog';
import { messages } from '../../../domain/messages';

const rows: { key: keyof Nutrition; label: string; unit?: string }[] = [
  { key: 'calories', label: 'Calories' },
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'fat', label: 'Fat', unit: 'g' },
  { key: 'carbs', label: 'Carbohydrates', unit: 'g' },
  { key: 'fiber', label: 'Fibre', unit: 'g' },
  { key: 'gluten_free', label: 'Gluten-free' },
  { key: 'grain_free', label: 'Grain-free' },
];

function cell(value: number | boolean | null, unit?: string): string {
  if (value === null || value === undefined) return messages.notAvailable;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return unit ? `${value} ${unit}` : String(value);
}

/** 'We vs Them': our nutrition per serving beside the competitors', 'N/A' where a value is missing. */
export function NutritionComparison({
  nutrition,
  competitors,
}: {
  nutrition: Nutrition;
  competitors: Competitor[];
}) {
  return (
    <section aria-labelledby="compare-title" className="below-fold bg-sand py-16">
      <div className="container-page max-w-5xl">
        <h2 id="compare-title" className="section-title text-center">
          We vs Them
        </h2>
        <p className="mt-3 text-center text-muted">Per serving, side by side.</p>
        {/* Scrolls sideways on phones; focusable so keyboard users can scroll it too. */}
        <div
          className="mt-8 overflow-x-auto rounded-3xl border border-beige bg-white shadow-sm"
          tabIndex={0}
          role="region"
          aria-labelledby="compare-title"
        >
          <table className="w-full min-w-[520px] text-left text-sm">
            <thead>
              <tr className="border-b border-beige">
                <th scope="col" className="px-5 py-4 font-semibold text-muted">
                  Per serving
                </th>
                <th scope="col" className="bg-cocoa px-4 py-4 text-center font-display text-base text-cream">
                  {brand.name}
                </th>
                {competitors.map((c) => (
                  <th
                    key={c.competitor_name}
                    scope="col"
                    className="px-4 py-4 text-center font-semibold text-muted"
                  >
                    {c.competitor_name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-beige last:border-0">
                  <th scope="row" className="px-5 py-3 font-medium text-ink">
                    {row.label}
                  </th>
                  <td className="bg-cocoa/5 px-4 py-3 text-center font-semibold text-cocoa">
                    {cell(nutrition[row.key], row.unit)}
                  </td>
                  {competitors.map((c) => (
                    <td key={c.competitor_name} className="px-4 py-3 text-center text-muted">
                      {cell(c[row.key], row.unit)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
