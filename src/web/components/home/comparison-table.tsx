import { Check, X } from 'lucide-react';
import { brand } from '../../../domain/brand';

const columns = [brand.name, 'Other Protein Snacks', 'Regular Snacks'] as const;

/** Eight features against three columns (ours, other protein snacks, regular snacks). */
const rows: { feature: string; values: [boolean, boolean, boolean] }[] = [
  { feature: 'High protein', values: [true, true, false] },
  { feature: 'Naturally sweetened', values: [true, false, false] },
  { feature: 'Healthy fats', values: [true, false, false] },
  { feature: 'No added sugar', values: [true, false, false] },
  { feature: 'Gluten-free options', values: [true, true, false] },
  { feature: 'No dryness or chalky texture', values: [true, false, true] },
  { feature: 'Only real ingredients', values: [true, false, false] },
  { feature: 'Supports active lifestyles', values: [true, true, false] },
];

function Mark({ yes }: { yes: boolean }) {
  return yes ? (
    <span className="inline-grid h-8 w-8 place-items-center rounded-full bg-forest text-cream">
      <Check className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">Yes</span>
    </span>
  ) : (
    <span className="inline-grid h-8 w-8 place-items-center rounded-full bg-beige text-muted">
      <X className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">No</span>
    </span>
  );
}

/** On small screens only our column shows, and the heading becomes 'What Makes Us Different?'. */
export function ComparisonTable() {
  return (
    <section aria-labelledby="comparison-title" className="below-fold bg-sand py-16 md:py-24">
      <div className="container-page max-w-4xl">
        <h2 id="comparison-title" className="section-title text-center">
          <span className="md:hidden">What Makes Us Different?</span>
          <span className="hidden md:inline">Us vs Them</span>
        </h2>
        <div className="mt-10 overflow-hidden rounded-3xl border border-beige bg-white shadow-sm">
          <table className="w-full text-left">
            <thead>
              <tr className="border-b border-beige">
                <th scope="col" className="px-5 py-4 text-sm font-semibold text-muted">
                  <span className="sr-only">Feature</span>
                </th>
                {columns.map((column, i) => (
                  <th
                    key={column}
                    scope="col"
                    className={`px-3 py-4 text-center text-sm font-semibold ${
                      i === 0
                        ? 'bg-cocoa font-display text-base text-cream'
                        : 'hidden text-muted md:table-cell'
                    }`}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.feature} className="border-b border-beige last:border-0">
                  <th scope="row" className="px-5 py-4 text-sm font-medium text-ink sm:text-base">
                    {row.feature}
                  </th>
                  {row.values.map((value, i) => (
                    <td
                      key={columns[i]}
                      className={`px-3 py-3 text-center ${i === 0 ? 'bg-cocoa/5' : 'hidden md:table-cell'}`}
                    >
                      <Mark yes={value} />
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
