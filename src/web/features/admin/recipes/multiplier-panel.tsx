import { describedBy, inputClass } from '../../../components/account/form-field';
import { panelClass } from '../shared/ui';
import { scaled, type PlannedProduct } from './recipes';
import type { RecipeWorkspace } from './use-recipe-workspace';

function planHint(product: PlannedProduct): string {
  // The batches cover the packs held by checkouts and those of renewals due soon too (decision 0057).
  const total = product.open_packs + product.reserved_packs + product.renewal_packs;
  const renewals = product.renewal_packs > 0 ? ` (${product.renewal_packs} in renewals due soon)` : '';
  const packs = `${total} ${total === 1 ? 'pack' : 'packs'} waiting${renewals}`;
  if (product.status === 'no_recipe') return `${packs}; this product has no recipe yet.`;
  if (product.status === 'no_yield' || product.packs_per_batch === null) {
    return `${packs}; the recipe's yield does not say how many packs a batch makes.`;
  }
  return `${packs}; one batch makes ${scaled(product.packs_per_batch, 1)} packs, so ${product.multiplier} batches.`;
}

/** The multiplier, and 'Plan from open orders', which sets it from the packs waiting. */
export function MultiplierPanel({ workspace }: { workspace: RecipeWorkspace }) {
  const { multiplierText, parsedMultiplier, selected, planShown, planning, planFailed } = workspace;
  const multiplierError = parsedMultiplier === null ? 'Enter a number of batches, e.g. 1 or 2.5.' : undefined;
  const plannedSelected = selected && planShown ? workspace.planned(selected.id) : undefined;

  return (
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
        onChange={(event) => workspace.setMultiplier(event.target.value)}
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
        onClick={() => void workspace.planFromOpenOrders()}
      >
        {planning ? 'Planning...' : 'Plan from open orders'}
      </button>
      {planShown && (
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
  );
}
