import { Link } from 'react-router';
import { VARIETY_PACK_FLAVOUR_SLUGS } from '../../../domain/catalog';
import { nutritionFactsTable, type NutritionFactsTable } from '../../../domain/nutrition-facts';
import type { Storefront } from '../../../domain/storefront';
import { FactsTable } from '../product/nutrition-facts-table';

export interface FlavourFacts {
  slug: string;
  name: string;
  table: NutritionFactsTable;
}

/**
 * The Nutrition Facts of each cookie the variety pack holds, rounded on the server (decision 0062),
 * in the pack's order; a flavour hidden or without a table is left out.
 */
export async function varietyFlavourFacts(
  storefront: Pick<Storefront, 'getProduct'>,
): Promise<FlavourFacts[]> {
  const flavours = await Promise.all(VARIETY_PACK_FLAVOUR_SLUGS.map((slug) => storefront.getProduct(slug)));
  return flavours.flatMap((product) =>
    product?.nutrition_facts
      ? [{ slug: product.slug, name: product.name, table: nutritionFactsTable(product.nutrition_facts) }]
      : [],
  );
}

/**
 * The variety pack's Nutrition Facts, flavour by flavour (docs/product.md, Nutrition Facts): the
 * pack holds four different cookies, so each has its own table, as each has its own wrapper in the
 * box; an average would describe no cookie a shopper eats. Then what the pack contains.
 */
export function VarietyPackFacts({ flavours, allergens }: { flavours: FlavourFacts[]; allergens: string[] }) {
  if (flavours.length === 0) return null;
  return (
    <section aria-labelledby="flavour-facts-title" className="below-fold container-page pb-16">
      <h2 id="flavour-facts-title" className="section-title text-center">
        Nutrition Facts, flavour by flavour
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted">
        One of each cookie in the pack, each with its own label.
        {allergens.length > 0 && (
          <>
            {' '}
            <strong className="font-semibold text-ink">Contains: {allergens.join(', ')}.</strong>
          </>
        )}
      </p>
      <ul className="mt-10 grid gap-12 md:grid-cols-2">
        {flavours.map(({ slug, name, table }) => (
          <li key={slug} className="space-y-4">
            <h3 className="text-center font-display text-xl font-semibold text-cocoa">
              <Link to={`/products/${slug}`} className="hover:underline">
                {name}
              </Link>
            </h3>
            <FactsTable table={table} titleId={`nutrition-facts-${slug}`} Title="h4" />
          </li>
        ))}
      </ul>
    </section>
  );
}
