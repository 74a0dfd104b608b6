import { Plus } from 'lucide-react';
import { COOKIES_CATEGORY_NAME } from '../../../../domain/catalog';
import { Spinner } from '../../../components/spinner';
import { LoadFailed } from '../shared/states';
import { ghostButton, panelClass } from '../shared/ui';
import { RecipeAlerts } from './recipe-alerts';
import { RecipeCard } from './recipe-card';
import { RecipeEditor } from './recipe-editor';
import { baseBatches, scaled } from './recipes';
import type { RecipeWorkspace } from './use-recipe-workspace';

const batches = (count: number) => `${scaled(count, 1)} ${count === 1 ? 'batch' : 'batches'}`;

/**
 * The chosen product's recipe, scaled by the multiplier, with 'Add ingredients'; the recipe form
 * when it has none yet; and the base dough (recipe 1) under cookie flavours, or alone before a choice.
 */
export function RecipeDetails({ workspace }: { workspace: RecipeWorkspace }) {
  const { selected, selectedRecipeId, recipe, summaries, multiplier, data, retryRows, recipeVersion } =
    workspace;
  const ingredients = data?.ingredients ?? [];
  const base = data?.base ?? null;
  const productRecipe = !recipe.failed ? recipe.value : null;
  const showBase = base && (!selected || selected.category === COOKIES_CATEGORY_NAME);
  const baseMultiplier = base && productRecipe ? baseBatches(productRecipe, base, multiplier) : multiplier;

  return (
    <>
      <RecipeAlerts alerts={workspace.alerts} />
      <div className="space-y-5">
        {!selected ? null : selectedRecipeId === null ? (
          summaries && (
            <RecipeEditor
              key={`new-${selected.id}`}
              productId={selected.id}
              productName={selected.name}
              recipeId={null}
              ingredients={ingredients}
              onAlerts={workspace.setAlerts}
              onSaved={workspace.saved}
              onConflict={workspace.reloadRecipes}
            />
          )
        ) : recipe.failed ? (
          <LoadFailed what="the recipe" onRetry={recipe.retry} />
        ) : !recipe.value ? (
          <Spinner label="Loading the recipe" className="py-16" />
        ) : (
          <RecipeCard
            eyebrow={selected.category}
            title={selected.name}
            recipe={recipe.value}
            multiplier={multiplier}
            headingId="product-recipe-title"
          >
            {workspace.addingIngredients || recipe.value.ingredients.length === 0 ? (
              <div className="mt-6 border-t border-beige pt-6">
                <RecipeEditor
                  key={`add-${recipe.value.id}-${recipeVersion}`}
                  productId={selected.id}
                  productName={selected.name}
                  recipeId={recipe.value.id}
                  ingredients={ingredients}
                  initialRows={retryRows}
                  onAlerts={workspace.setAlerts}
                  onSaved={workspace.saved}
                  {...(recipe.value.ingredients.length > 0
                    ? { onCancel: () => workspace.setAdding(false) }
                    : {})}
                />
              </div>
            ) : (
              <button
                type="button"
                className={`${ghostButton} mt-4 -ml-3`}
                onClick={() => workspace.setAdding(true)}
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
    </>
  );
}
