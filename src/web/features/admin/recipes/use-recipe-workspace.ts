import { useCallback, useMemo, useReducer } from 'react';
import { useReload } from '../shared/list-params';
import { useAdminResource } from '../shared/use-admin-resource';
import {
  parseMultiplier,
  recipeSchema,
  type IngredientRowInput,
  type RecipeAlert,
  type RecipeSummary,
} from './recipes';
import { readPlan, recipePath, type PlanReading, type RecipesData } from './recipes-api';

export interface SelectedProduct {
  id: number;
  name: string;
  category: string;
}

/** What the Recipes tab holds beyond what its loader read. */
interface Workspace {
  multiplierText: string;
  selected: SelectedProduct | null;
  /** Bumped after a save to the selected product's recipe: it is read again. */
  recipeVersion: number;
  addingIngredients: boolean;
  /** The rows that failed to save, offered again. */
  retryRows: IngredientRowInput[];
  alerts: RecipeAlert[];
  /** A plan read here (after a save, or 'Plan from open orders'); the newer of it and the loader's shows. */
  plan: PlanReading | null;
  /** 'Plan from open orders' was pressed: the pick list shows and the multiplier follows the product. */
  planShown: boolean;
  planning: boolean;
  planFailed: boolean;
  /** Recipes created here, until the list of recipes is read again. */
  created: RecipeSummary[];
}

type Action =
  | { type: 'multiplier'; text: string }
  | { type: 'select'; product: SelectedProduct; batches: number | null }
  | { type: 'alerts'; alerts: RecipeAlert[] }
  | { type: 'adding'; adding: boolean }
  | { type: 'saved'; recipeId: number; productId: number; failedRows: IngredientRowInput[]; known: boolean }
  | { type: 'planning' }
  | { type: 'planned'; reading: PlanReading; shown: boolean }
  | { type: 'planFailed' };

const initial: Workspace = {
  multiplierText: '1',
  selected: null,
  recipeVersion: 0,
  addingIngredients: false,
  retryRows: [],
  alerts: [],
  plan: null,
  planShown: false,
  planning: false,
  planFailed: false,
  created: [],
};

const batchesFor = (reading: PlanReading, productId: number) =>
  reading.plan.products.find((product) => product.product_id === productId)?.multiplier ?? null;

function reduce(state: Workspace, action: Action): Workspace {
  switch (action.type) {
    case 'multiplier':
      return { ...state, multiplierText: action.text };
    case 'select':
      return {
        ...state,
        selected: action.product,
        addingIngredients: false,
        retryRows: [],
        alerts: [],
        ...(action.batches !== null ? { multiplierText: String(action.batches) } : {}),
      };
    case 'alerts':
      return { ...state, alerts: action.alerts };
    case 'adding':
      return { ...state, addingIngredients: action.adding, ...(action.adding ? { alerts: [] } : {}) };
    case 'saved': {
      const { recipeId, productId, failedRows } = action;
      const created = action.known
        ? state.created
        : [
            ...state.created.filter((summary) => summary.product_id !== productId),
            { id: recipeId, name: '', product_id: productId, product_name: null, category: null },
          ];
      if (state.selected?.id !== productId) return { ...state, created };
      return {
        ...state,
        created,
        retryRows: failedRows,
        addingIngredients: failedRows.length > 0,
        recipeVersion: state.recipeVersion + 1,
      };
    }
    case 'planning':
      return { ...state, planning: true, planFailed: false };
    case 'planned': {
      const batches = action.shown && state.selected ? batchesFor(action.reading, state.selected.id) : null;
      return {
        ...state,
        plan: action.reading,
        planShown: state.planShown || action.shown,
        planning: action.shown ? false : state.planning,
        ...(batches !== null ? { multiplierText: String(batches) } : {}),
      };
    }
    case 'planFailed':
      return { ...state, planning: false, planFailed: true };
  }
}

/**
 * The Recipes tab's state (decision 0014): the multiplier, the chosen product and its recipe, the
 * spec's alerts, the production plan, and what a save changes. The lists come from the route's
 * clientLoader (`data`); the chosen product's recipe is read here, as it depends on the choice.
 */
export function useRecipeWorkspace(data: RecipesData | null) {
  const [state, dispatch] = useReducer(reduce, initial);
  const { reload } = useReload();
  const catalog = data?.catalog.ok ? data.catalog.value : null;

  const summaries = useMemo(() => {
    if (!catalog) return null;
    const mine = new Set(state.created.map((summary) => summary.product_id));
    return [...catalog.summaries.filter((summary) => !mine.has(summary.product_id)), ...state.created];
  }, [catalog, state.created]);
  const recipeIdOf = useMemo(() => {
    const ids = new Map<number, number>();
    for (const summary of summaries ?? [])
      if (summary.product_id !== null) ids.set(summary.product_id, summary.id);
    return ids;
  }, [summaries]);
  const selectedRecipeId = state.selected ? (recipeIdOf.get(state.selected.id) ?? null) : null;

  // The newer reading of the plan: the loader's, or one made here since.
  const loaded = data?.plan ?? null;
  const plan = state.plan && (!loaded || state.plan.at >= loaded.at) ? state.plan : loaded;
  const planned = useCallback(
    (productId: number) => plan?.plan.products.find((product) => product.product_id === productId),
    [plan],
  );

  const recipe = useAdminResource(
    recipeSchema,
    selectedRecipeId === null ? null : recipePath(selectedRecipeId),
    { version: state.recipeVersion, failure: 'Failed to load the recipe' },
  );

  const parsedMultiplier = parseMultiplier(state.multiplierText);

  return {
    ...state,
    data,
    catalog,
    summaries,
    selectedRecipeId,
    recipe,
    plan,
    planned,
    parsedMultiplier,
    multiplier: parsedMultiplier ?? 1,
    setMultiplier: (text: string) => dispatch({ type: 'multiplier', text }),
    setAlerts: (alerts: RecipeAlert[]) => dispatch({ type: 'alerts', alerts }),
    setAdding: (adding: boolean) => dispatch({ type: 'adding', adding }),
    /** The list of recipes read again (someone else saved one for this product meanwhile). */
    reloadRecipes: reload,

    select(product: { id: number; name: string }, category: string) {
      if (state.selected?.id === product.id) return;
      // With the plan on screen, the multiplier follows the product: the batches its open orders need.
      const batches = state.planShown ? (planned(product.id)?.multiplier ?? null) : null;
      dispatch({ type: 'select', product: { id: product.id, name: product.name, category }, batches });
    },

    async planFromOpenOrders() {
      dispatch({ type: 'planning' });
      try {
        dispatch({ type: 'planned', reading: await readPlan(), shown: true });
      } catch (error) {
        console.error('Failed to plan from open orders', error);
        dispatch({ type: 'planFailed' });
      }
    },

    /**
     * After a save: show the recipe as stored, and keep the rows that failed for another try. The
     * admin may have moved to another product meanwhile: the list of recipes is still brought up to
     * date, and so are the open packs.
     */
    saved(saved: { recipeId: number; productId: number; failedRows: IngredientRowInput[] }) {
      dispatch({ type: 'saved', ...saved, known: recipeIdOf.has(saved.productId) });
      readPlan()
        .then((reading) => dispatch({ type: 'planned', reading, shown: false }))
        .catch((error: unknown) => console.error('Failed to refresh the production plan', error));
    },
  };
}

export type RecipeWorkspace = ReturnType<typeof useRecipeWorkspace>;
