import { useRef } from 'react';
import { MultiplierPanel } from './multiplier-panel';
import { ProductionPlanView } from './production-plan';
import { ProductPicker } from './product-picker';
import { RecipeDetails } from './recipe-details';
import type { RecipesData } from './recipes-api';
import { useRecipeWorkspace } from './use-recipe-workspace';

/**
 * Recipe Management and the production plan from open orders (decision 0014). The products, the
 * recipes, the ingredients, recipe 1 and the open packs are the route's clientLoader's (`data`, null
 * while they first load); the rest is the workspace's.
 */
export function RecipeManagement({ data }: { data: RecipesData | null }) {
  const workspace = useRecipeWorkspace(data);
  const details = useRef<HTMLDivElement>(null);

  function select(product: { id: number; name: string }, category: string) {
    if (workspace.selected?.id === product.id) return;
    workspace.select(product, category);
    // On one column the recipe is below the product list: bring it into view.
    if (window.matchMedia('(max-width: 1023px)').matches) {
      window.requestAnimationFrame(() => details.current?.scrollIntoView({ block: 'start' }));
    }
  }

  return (
    <section aria-labelledby="recipes-title" className="space-y-5">
      <div data-print="hide">
        <h2 id="recipes-title" className="font-display text-2xl font-semibold sm:text-3xl">
          Recipes and production
        </h2>
        <p className="mt-1 text-sm text-muted">
          Choose a product to see its recipe for the batches you need. Each badge counts the packs waiting in
          open orders.
        </p>
      </div>

      <div className="grid gap-5 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start" data-print="hide">
        <div className="space-y-5">
          <MultiplierPanel workspace={workspace} />
          <ProductPicker workspace={workspace} onSelect={select} />
        </div>

        <div ref={details} className="min-w-0 scroll-mt-24">
          <RecipeDetails workspace={workspace} />
        </div>
      </div>

      {workspace.planShown && workspace.plan && (
        <ProductionPlanView plan={workspace.plan.plan} plannedAt={workspace.plan.at} />
      )}
    </section>
  );
}
