import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { ApiError, apiRequest } from '../../api';
import { adminRequest } from '../../features/admin/admin-api';
import {
  emptyIngredientRow,
  emptyRecipeForm,
  ingredientPayload,
  ingredientsFormSchema,
  recipeFormSchema,
  recipeSchema,
  recipeTexts,
  type Ingredient,
  type IngredientRow,
  type IngredientRowInput,
  type RecipeFormInput,
} from '../../features/admin/recipes';
import { describedBy, FormField, inputClass } from '../account/form-field';
import { dangerGhostButton, ghostButton, panelClass } from './ui';

export interface RecipeAlert {
  tone: 'success' | 'error';
  text: string;
  /** the server's reason, when it refused the request */
  detail?: string;
}

const reasonOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
    ? { detail: error.message }
    : {};

/**
 * The recipe form of SPEC §2. Without a recipe: the recipe's fields and its ingredients, saved with
 * 'Save Recipe' (POST /api/recipes, then one POST per ingredient, in parallel). With one: only the
 * ingredient list, saved with 'Save Ingredients'. Rows that fail stay in the form to try again; rows
 * that were saved leave it, so nothing is sent twice.
 */
export function RecipeEditor({
  productId,
  productName,
  recipeId,
  ingredients,
  initialRows,
  onAlerts,
  onSaved,
  onCancel,
  onConflict,
}: {
  productId: number;
  productName: string;
  recipeId: number | null;
  ingredients: Ingredient[];
  initialRows?: IngredientRowInput[];
  onAlerts: (alerts: RecipeAlert[]) => void;
  /** After a save: the recipe's id, its product and the rows that could not be added (to offer again). */
  onSaved: (saved: { recipeId: number; productId: number; failedRows: IngredientRowInput[] }) => void;
  onCancel?: () => void;
  /** The product got a recipe meanwhile (409): reload it. */
  onConflict?: () => void;
}) {
  const formId = useId();
  const creating = recipeId === null;
  const [busy, setBusy] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<RecipeFormInput>({
    defaultValues: {
      ...emptyRecipeForm(),
      ingredients: initialRows && initialRows.length > 0 ? initialRows : [emptyIngredientRow()],
    },
  });
  const rows = useFieldArray({ control, name: 'ingredients' });

  /** Adds the rows one call each, in parallel; answers the rows that failed and the first reason. */
  async function addIngredients(id: number, parsed: IngredientRow[], typed: IngredientRowInput[]) {
    const results = await Promise.allSettled(
      parsed.map((row) =>
        apiRequest(`/api/recipes/${id}/ingredients`, { method: 'POST', body: ingredientPayload(id, row) }),
      ),
    );
    const failed: IngredientRowInput[] = [];
    let reason: unknown = null;
    results.forEach((result, index) => {
      if (result.status === 'rejected') {
        console.error(recipeTexts.ingredientsFailed, result.reason);
        failed.push(typed[index]!);
        reason ??= result.reason;
      }
    });
    return { failed, reason };
  }

  const submit = handleSubmit(async (values) => {
    clearErrors();
    const parsed = (creating ? recipeFormSchema : ingredientsFormSchema).safeParse(values);
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, index) => {
        const path = (issue.path.length > 0 ? issue.path.join('.') : 'root') as FieldPath<RecipeFormInput>;
        setError(path, { message: issue.message }, { shouldFocus: index === 0 });
      });
      return;
    }
    const rowsToAdd = parsed.data.ingredients;
    setBusy(true);
    const alerts: RecipeAlert[] = [];
    try {
      let id = recipeId;
      if (id === null) {
        const { ingredients: _rows, ...recipe } = recipeFormSchema.parse(values);
        try {
          const created = await adminRequest(recipeSchema, '/api/recipes', {
            method: 'POST',
            body: { product_id: productId, ...recipe },
          });
          id = created.id;
          alerts.push({ tone: 'success', text: recipeTexts.recipeCreated });
        } catch (error) {
          console.error(recipeTexts.recipeFailed, error);
          onAlerts([{ tone: 'error', text: recipeTexts.recipeFailed, ...reasonOf(error) }]);
          // Someone else saved a recipe for this product meanwhile: show theirs.
          if (error instanceof ApiError && error.status === 409) onConflict?.();
          return;
        }
      }
      let failed: IngredientRowInput[] = [];
      if (rowsToAdd.length > 0) {
        const added = await addIngredients(id, rowsToAdd, values.ingredients);
        failed = added.failed;
        alerts.push(
          failed.length === 0
            ? { tone: 'success', text: recipeTexts.ingredientsAdded }
            : { tone: 'error', text: recipeTexts.ingredientsFailed, ...reasonOf(added.reason) },
        );
      }
      onAlerts(alerts);
      onSaved({ recipeId: id, productId, failedRows: failed });
    } finally {
      setBusy(false);
    }
  });

  const recipeField = (
    name: Exclude<keyof RecipeFormInput, 'ingredients' | 'instructions'>,
    label: string,
    inputMode: 'decimal' | 'numeric' | 'text',
  ) => {
    const id = `${formId}-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={id} label={label} error={error}>
        <input
          id={id}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          {...register(name)}
          {...describedBy(id, error)}
          className={inputClass}
        />
      </FormField>
    );
  };

  const sorted = [...ingredients].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      aria-label={creating ? `New recipe for ${productName}` : `Add ingredients to ${productName}`}
      className={`${panelClass} space-y-6 p-5 sm:p-8 [&_input]:scroll-mt-28 [&_select]:scroll-mt-28 [&_textarea]:scroll-mt-28`}
    >
      {creating && (
        <div>
          <p className="eyebrow">No recipe yet</p>
          <h3 className="mt-1 font-display text-2xl font-semibold">New recipe for {productName}</h3>
          <p className="mt-1 text-sm text-muted">Quantities are for one batch; the multiplier scales them.</p>
        </div>
      )}
      {!creating && <h3 className="font-display text-xl font-semibold">Add ingredients</h3>}

      {creating && (
        <div className="space-y-5">
          <FormField id={`${formId}-instructions`} label="Instructions" error={errors.instructions?.message}>
            <textarea
              id={`${formId}-instructions`}
              rows={5}
              {...register('instructions')}
              {...describedBy(`${formId}-instructions`, errors.instructions?.message)}
              className={inputClass}
            />
          </FormField>
          <div className="grid grid-cols-2 gap-4 sm:gap-5 lg:grid-cols-3">
            {recipeField('cooking_time_minutes', 'Cooking time (minutes)', 'numeric')}
            {recipeField('oven_temperature_celsius', 'Oven temperature (°C)', 'numeric')}
            {recipeField('yield_quantity', 'Yield quantity', 'decimal')}
            {recipeField('yield_unit', 'Yield unit', 'text')}
            {recipeField('total_yield_weight', 'Total yield weight (g)', 'decimal')}
          </div>
        </div>
      )}

      <fieldset>
        <legend className="text-sm font-semibold text-cocoa">Ingredients</legend>
        <div
          aria-hidden="true"
          className="mt-2 hidden grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_2.75rem] gap-3 px-1 text-xs font-semibold tracking-wide text-muted uppercase sm:grid"
        >
          <span>Ingredient</span>
          <span>Qty</span>
          <span>Unit</span>
          <span>Cups</span>
        </div>
        <ol className="mt-2 space-y-3">
          {rows.fields.map((row, index) => {
            const rowErrors = errors.ingredients?.[index];
            const id = (name: string) => `${formId}-row-${row.id}-${name}`;
            const control = (name: keyof IngredientRowInput, label: string, element: ReactNode) => (
              <div className={name === 'ingredient_id' ? 'col-span-2 sm:col-span-1' : ''}>
                <label htmlFor={id(name)} className="text-xs font-semibold text-cocoa sm:sr-only">
                  {label}
                  <span className="sr-only"> (ingredient {index + 1})</span>
                </label>
                {element}
                {rowErrors?.[name]?.message && (
                  <p id={`${id(name)}-error`} className="mt-1 text-xs font-medium text-danger">
                    {rowErrors[name]?.message}
                  </p>
                )}
              </div>
            );
            const small = `${inputClass} mt-0.5 py-2.5 sm:mt-0`;
            return (
              <li
                key={row.id}
                className="grid grid-cols-2 gap-3 rounded-2xl bg-cream p-3 ring-1 ring-beige sm:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_2.75rem] sm:items-start sm:bg-transparent sm:p-0 sm:ring-0"
                data-testid="ingredient-row"
              >
                {control(
                  'ingredient_id',
                  'Ingredient',
                  <select
                    id={id('ingredient_id')}
                    {...register(`ingredients.${index}.ingredient_id`)}
                    {...describedBy(id('ingredient_id'), rowErrors?.ingredient_id?.message)}
                    className={small}
                  >
                    <option value="">Choose…</option>
                    {sorted.map((ingredient) => (
                      <option key={ingredient.id} value={ingredient.id}>
                        {ingredient.name}
                      </option>
                    ))}
                  </select>,
                )}
                {control(
                  'quantity',
                  'Qty',
                  <input
                    id={id('quantity')}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    {...register(`ingredients.${index}.quantity`)}
                    {...describedBy(id('quantity'), rowErrors?.quantity?.message)}
                    className={small}
                  />,
                )}
                {control(
                  'unit',
                  'Unit',
                  <input
                    id={id('unit')}
                    type="text"
                    autoComplete="off"
                    {...register(`ingredients.${index}.unit`)}
                    {...describedBy(id('unit'), rowErrors?.unit?.message)}
                    className={small}
                  />,
                )}
                {control(
                  'cups',
                  'Cups',
                  <input
                    id={id('cups')}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    {...register(`ingredients.${index}.cups`)}
                    {...describedBy(id('cups'), rowErrors?.cups?.message)}
                    className={small}
                  />,
                )}
                <div className="flex items-end justify-end self-stretch sm:self-auto">
                  <button
                    type="button"
                    onClick={() => rows.remove(index)}
                    disabled={busy}
                    className={`${dangerGhostButton} sm:h-11 sm:w-11 sm:px-0`}
                    aria-label={`Remove ingredient ${index + 1}`}
                    title="Remove"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    <span className="sm:hidden">Remove</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        {rows.fields.length === 0 && (
          <p className="mt-2 text-sm text-muted">
            {creating ? 'No ingredients: the recipe is saved without any.' : 'Add at least one ingredient.'}
          </p>
        )}
        <button
          type="button"
          className={`${ghostButton} mt-3 -ml-3`}
          onClick={() => rows.append(emptyIngredientRow())}
          disabled={busy}
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Add Ingredient
        </button>
      </fieldset>

      {(errors.root?.message || errors.ingredients?.root?.message || errors.ingredients?.message) && (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.root?.message ?? errors.ingredients?.root?.message ?? errors.ingredients?.message}
        </p>
      )}

      <div className="flex flex-wrap gap-2 border-t border-beige pt-5">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Saving...' : creating ? 'Save Recipe' : 'Save Ingredients'}
        </button>
        {onCancel && (
          <button type="button" className="btn-outline" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
