import { CircleCheck, Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { COOKIES_CATEGORY_NAME } from '../../../domain/catalog';
import { z } from '../../../domain/zod';
import { adminRequest } from '../../features/admin/admin-api';
import {
  BASE_RECIPE_ID,
  baseBatches,
  ingredientSchema,
  parseMultiplier,
  planSchema,
  recipeSchema,
  recipeSummarySchema,
  scaled,
  type Ingredient,
  type IngredientRowInput,
  type ProductionPlan,
  type Recipe,
  type RecipeSummary,
} from '../../features/admin/recipes';
import { describedBy, inputClass } from '../account/form-field';
import { Spinner } from '../spinner';
import { AlertIcon } from './icons';
import { ProductionPlanView } from './production-plan';
import { RecipeCard } from './recipe-card';
import { RecipeEditor, type RecipeAlert } from './recipe-editor';
import { LoadFailed } from './states';
import { ghostButton, panelClass } from './ui';

const categoryList = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
type CategoryGroup = z.infer<typeof categoryList>[number];
type RecipeState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; recipe: Recipe };
interface Selected {
  id: number;
  name: string;
  category: string;
}
interface PlanState {
  plan: ProductionPlan;
  at: Date;
  /** 'Plan from open orders' was pressed: the pick list shows and the multiplier follows the product. */
  shown: boolean;
}

/** Recipe Management (SPEC §2) and the production plan from open orders (issue 7). */
export function RecipeManagement() {
  const [groups, setGroups] = useState<CategoryGroup[] | null>(null);
  const [summaries, setSummaries] = useState<RecipeSummary[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [ingredients, setIngredients] = useState<Ingredient[]>([]);
  const [base, setBase] = useState<Recipe | null>(null);
  const [plan, setPlan] = useState<PlanState | null>(null);
  const [planning, setPlanning] = useState(false);
  const [planFailed, setPlanFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [multiplierText, setMultiplierText] = useState('1');
  const [selected, setSelected] = useState<Selected | null>(null);
  const [recipe, setRecipe] = useState<RecipeState>({ status: 'loading' });
  const [recipeReloads, setRecipeReloads] = useState(0);
  const [addingIngredients, setAddingIngredients] = useState(false);
  const [retryRows, setRetryRows] = useState<IngredientRowInput[]>([]);
  const [alerts, setAlerts] = useState<RecipeAlert[]>([]);
  const details = useRef<HTMLDivElement>(null);

  const parsedMultiplier = parseMultiplier(multiplierText);
  const multiplier = parsedMultiplier ?? 1;

  const fetchPlan = useCallback(
    (signal?: AbortSignal) => adminRequest(planSchema, '/api/production-plan', signal ? { signal } : {}),
    [],
  );
  const refreshPlan = useCallback(() => {
    fetchPlan()
      .then((loaded) =>
        setPlan((current) => ({ plan: loaded, at: new Date(), shown: current?.shown ?? false })),
      )
      .catch((error: unknown) => console.error('Failed to refresh the production plan', error));
  }, [fetchPlan]);

  // The products by category, which of them have a recipe, the ingredients, recipe 1 and the open packs.
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      adminRequest(categoryList, '/api/categories', { signal }),
      adminRequest(z.array(recipeSummarySchema), '/api/recipes', { signal }),
    ])
      .then(([loadedGroups, loadedSummaries]) => {
        setGroups(loadedGroups);
        setSummaries(loadedSummaries);
        setLoadFailed(false);
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        console.error('Failed to load recipes', error);
        setLoadFailed(true);
      });
    adminRequest(z.array(ingredientSchema), '/api/ingredients', { signal })
      .then(setIngredients)
      .catch((error: unknown) => {
        if (!signal.aborted) console.error('Failed to load ingredients', error);
      });
    adminRequest(recipeSchema, `/api/recipes/by-id/${BASE_RECIPE_ID}`, { signal })
      .then(setBase)
      .catch((error: unknown) => {
        if (!signal.aborted) console.error('Failed to load the base recipe', error);
      });
    fetchPlan(signal)
      .then((loaded) =>
        setPlan((current) => ({ plan: loaded, at: new Date(), shown: current?.shown ?? false })),
      )
      .catch((error: unknown) => {
        if (!signal.aborted) console.error('Failed to load open packs', error);
      });
    return () => controller.abort();
  }, [reloads, fetchPlan]);

  const recipeIdOf = useMemo(() => {
    const ids = new Map<number, number>();
    for (const summary of summaries ?? [])
      if (summary.product_id !== null) ids.set(summary.product_id, summary.id);
    return ids;
  }, [summaries]);
  const selectedRecipeId = selected ? (recipeIdOf.get(selected.id) ?? null) : null;

  // The selected product's recipe, when it has one (else the form appears).
  useEffect(() => {
    if (selectedRecipeId === null) return;
    const controller = new AbortController();
    adminRequest(recipeSchema, `/api/recipes/by-id/${selectedRecipeId}`, { signal: controller.signal })
      .then((loaded) => setRecipe({ status: 'loaded', recipe: loaded }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load the recipe', error);
        setRecipe({ status: 'failed' });
      });
    return () => controller.abort();
  }, [selectedRecipeId, recipeReloads]);

  const planned = useCallback(
    (productId: number) => plan?.plan.products.find((product) => product.product_id === productId),
    [plan],
  );

  function select(product: { id: number; name: string }, category: string) {
    if (selected?.id === product.id) return;
    setSelected({ id: product.id, name: product.name, category });
    setRecipe({ status: 'loading' });
    setAddingIngredients(false);
    setRetryRows([]);
    setAlerts([]);
    // With the plan on screen, the multiplier follows the product: the batches its open orders need.
    const batches = plan?.shown ? planned(product.id)?.multiplier : undefined;
    if (batches != null) setMultiplierText(String(batches));
    // On one column the recipe is below the product list: bring it into view.
    if (window.matchMedia('(max-width: 1023px)').matches) {
      window.requestAnimationFrame(() => details.current?.scrollIntoView({ block: 'start' }));
    }
  }

  async function planFromOpenOrders() {
    setPlanning(true);
    setPlanFailed(false);
    try {
      const loaded = await fetchPlan();
      setPlan({ plan: loaded, at: new Date(), shown: true });
      const batches = selected
        ? loaded.products.find((product) => product.product_id === selected.id)?.multiplier
        : undefined;
      if (batches != null) setMultiplierText(String(batches));
    } catch (error) {
      console.error('Failed to plan from open orders', error);
      setPlanFailed(true);
    } finally {
      setPlanning(false);
    }
  }

  /**
   * After a save: show the recipe as stored, and keep the rows that failed for another try. The admin
   * may have moved to another product meanwhile: the list of recipes is still brought up to date.
   */
  function saved({
    recipeId,
    productId,
    failedRows,
  }: {
    recipeId: number;
    productId: number;
    failedRows: IngredientRowInput[];
  }) {
    if (!recipeIdOf.has(productId)) {
      setSummaries((list) => [
        ...(list ?? []).filter((summary) => summary.product_id !== productId),
        { id: recipeId, name: '', product_id: productId, product_name: null, category: null },
      ]);
    }
    if (selected?.id === productId) {
      setRetryRows(failedRows);
      setAddingIngredients(failedRows.length > 0);
      setRecipeReloads((n) => n + 1);
    }
    refreshPlan();
  }

  const multiplierError = parsedMultiplier === null ? 'Enter a number of batches, e.g. 1 or 2.5.' : undefined;
  const plannedSelected = selected && plan?.shown ? planned(selected.id) : undefined;
  const productRecipe = recipe.status === 'loaded' && selectedRecipeId !== null ? recipe.recipe : null;
  const showBase = base && (!selected || selected.category === COOKIES_CATEGORY_NAME);
  const baseMultiplier = base && productRecipe ? baseBatches(productRecipe, base, multiplier) : multiplier;

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
          <div className={`${panelClass} p-5`}>
            <label htmlFor="recipe-multiplier" className="text-sm font-semibold text-cocoa">
              Multiplier
            </label>
            <input
              id="recipe-multiplier"
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              value={multiplierText}
              onChange={(event) => setMultiplierText(event.target.value)}
              {...describedBy('recipe-multiplier', multiplierError, true)}
              className={inputClass}
            />
            {multiplierError ? (
              <p id="recipe-multiplier-error" className="mt-1 text-sm font-medium text-danger">
                {multiplierError}
              </p>
            ) : (
              <p id="recipe-multiplier-hint" className="mt-1 text-xs text-muted">
                {plannedSelected
                  ? planHint(plannedSelected)
                  : 'Batches to make: every quantity is multiplied by it.'}
              </p>
            )}
            <button
              type="button"
              className="btn-accent mt-4 w-full"
              disabled={planning}
              onClick={() => void planFromOpenOrders()}
            >
              {planning ? 'Planning...' : 'Plan from open orders'}
            </button>
            {plan?.shown && (
              <a
                href="#production-plan"
                className="mt-3 block text-center text-sm font-semibold text-maple-dark underline-offset-2 hover:underline"
              >
                Go to the pick list
              </a>
            )}
            {planFailed && (
              <p role="alert" className="mt-2 text-sm font-medium text-danger">
                Failed to plan from open orders. Please try again.
              </p>
            )}
          </div>

          <nav aria-label="Products" className={`${panelClass} p-5`}>
            {loadFailed ? (
              <LoadFailed what="the recipes" onRetry={() => setReloads((n) => n + 1)} />
            ) : !groups ? (
              <Spinner label="Loading products" className="py-8" />
            ) : (
              <div className="space-y-5">
                {groups
                  .filter((group) => group.products.length > 0)
                  .map((group) => (
                    <div key={group.id}>
                      <h3 className="text-xs font-semibold tracking-[0.14em] text-maple-dark uppercase">
                        {group.name}
                      </h3>
                      <ul className="mt-2 space-y-1">
                        {group.products.map((product) => (
                          <li key={product.id}>
                            <ProductButton
                              name={product.name}
                              packs={planned(product.id)?.open_packs ?? 0}
                              active={selected?.id === product.id}
                              onClick={() => select(product, group.name)}
                            />
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
              </div>
            )}
          </nav>
        </div>

        <div ref={details} className="min-w-0 scroll-mt-24">
          <RecipeAlerts alerts={alerts} />
          <div className="space-y-5">
            {!selected ? null : selectedRecipeId === null ? (
              summaries && (
                <RecipeEditor
                  key={`new-${selected.id}`}
                  productId={selected.id}
                  productName={selected.name}
                  recipeId={null}
                  ingredients={ingredients}
                  onAlerts={setAlerts}
                  onSaved={saved}
                  onConflict={() => setReloads((n) => n + 1)}
                />
              )
            ) : recipe.status === 'loading' ? (
              <Spinner label="Loading the recipe" className="py-16" />
            ) : recipe.status === 'failed' ? (
              <LoadFailed what="the recipe" onRetry={() => setRecipeReloads((n) => n + 1)} />
            ) : (
              <RecipeCard
                eyebrow={selected.category}
                title={selected.name}
                recipe={recipe.recipe}
                multiplier={multiplier}
                headingId="product-recipe-title"
              >
                {addingIngredients || recipe.recipe.ingredients.length === 0 ? (
                  <div className="mt-6 border-t border-beige pt-6">
                    <RecipeEditor
                      key={`add-${recipe.recipe.id}-${recipeReloads}`}
                      productId={selected.id}
                      productName={selected.name}
                      recipeId={recipe.recipe.id}
                      ingredients={ingredients}
                      initialRows={retryRows}
                      onAlerts={setAlerts}
                      onSaved={saved}
                      {...(recipe.recipe.ingredients.length > 0
                        ? { onCancel: () => setAddingIngredients(false) }
                        : {})}
                    />
                  </div>
                ) : (
                  <button
                    type="button"
                    className={`${ghostButton} mt-4 -ml-3`}
                    onClick={() => {
                      setAlerts([]);
                      setAddingIngredients(true);
                    }}
                  >
                    <Plus className="h-4 w-4" aria-hidden="true" /> Add ingredients
                  </button>
                )}
              </RecipeCard>
            )}
            {showBase && base.id !== productRecipe?.id && (
              <RecipeCard
                eyebrow={selected ? 'Base recipe · recipe 1' : 'Recipe 1 · the base of every cookie'}
                note={
                  selected
                    ? `Scaled to ${batches(baseMultiplier)} of dough: what ${batches(multiplier)} of ${selected.name} use.`
                    : `Scaled to ${batches(multiplier)}.`
                }
                title={base.name}
                recipe={base}
                multiplier={baseMultiplier}
                headingId="base-recipe-title"
              />
            )}
            {!selected && !base && (
              <p className={`${panelClass} px-6 py-12 text-center text-muted`}>
                Choose a product to see its recipe.
              </p>
            )}
          </div>
        </div>
      </div>

      {plan?.shown && <ProductionPlanView plan={plan.plan} plannedAt={plan.at} />}
    </section>
  );
}

const batches = (count: number) => `${scaled(count, 1)} ${count === 1 ? 'batch' : 'batches'}`;

function planHint(product: ProductionPlan['products'][number]): string {
  const packs = `${product.open_packs} ${product.open_packs === 1 ? 'pack' : 'packs'} waiting`;
  if (product.status === 'no_recipe') return `${packs}; this product has no recipe yet.`;
  if (product.status === 'no_yield' || product.packs_per_batch === null) {
    return `${packs}; the recipe's yield does not say how many packs a batch makes.`;
  }
  return `${packs}; one batch makes ${scaled(product.packs_per_batch, 1)} packs, so ${product.multiplier} batches.`;
}

function ProductButton({
  name,
  packs,
  active,
  onClick,
}: {
  name: string;
  packs: number;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={`flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl px-3 py-2 text-left text-sm font-medium transition-colors ${
        active ? 'bg-cocoa text-cream' : 'text-ink hover:bg-sand'
      }`}
    >
      <span className="min-w-0">{name}</span>
      <span
        className={`inline-flex min-w-7 shrink-0 justify-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${
          active ? 'bg-cream text-cocoa' : packs > 0 ? 'bg-maple text-white' : 'bg-sand text-muted'
        }`}
        data-testid="open-packs"
      >
        {packs}
        <span className="sr-only"> {packs === 1 ? 'pack' : 'packs'} in open orders</span>
      </span>
    </button>
  );
}

/** The spec's recipe alerts, as status messages (successes) and alerts (failures). */
function RecipeAlerts({ alerts }: { alerts: RecipeAlert[] }) {
  const line = (alert: RecipeAlert) => (
    <div
      key={alert.text}
      className={`mb-3 flex items-start gap-2 rounded-2xl bg-white px-4 py-3 text-sm font-medium ring-1 ${
        alert.tone === 'success' ? 'text-forest ring-forest/30' : 'text-danger ring-danger/30'
      }`}
    >
      {alert.tone === 'success' ? (
        <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      ) : (
        <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
      )}
      <p>
        {alert.text}
        {alert.detail && <span className="mt-0.5 block font-normal">{alert.detail}</span>}
      </p>
    </div>
  );
  // Both regions are always present (empty, they take no room), so what appears in them is announced.
  return (
    <div>
      <div role="status">{alerts.filter((alert) => alert.tone === 'success').map(line)}</div>
      <div role="alert">{alerts.filter((alert) => alert.tone === 'error').map(line)}</div>
    </div>
  );
}
