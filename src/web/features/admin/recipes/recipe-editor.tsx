import { useId, useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { ApiError, userMessage } from '../../../api';
import { describedBy, FormField, inputClass } from '../../../components/account/form-field';
import { panelClass } from '../shared/ui';
import { IngredientRows } from './ingredient-rows';
import {
  emptyIngredientRow,
  emptyRecipeForm,
  ingredientsFormSchema,
  recipeFormSchema,
  recipeTexts,
  type Ingredient,
  type IngredientRow,
  type IngredientRowInput,
  type RecipeAlert,
  type RecipeFormInput,
} from './recipes';
import { addIngredient, createRecipe } from './recipes-api';

/** The server's reason under the spec's alert, when it refused the request. */
const reasonOf = (error: unknown) => {
  const detail = userMessage(error, '');
  return detail ? { detail } : {};
};

/**
 * The recipe form. Without a recipe: the recipe's fields and its ingredients, saved with
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
    const results = await Promise.allSettled(parsed.map((row) => addIngredient(id, row)));
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
          const created = await createRecipe(productId, recipe);
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

      <IngredientRows
        formId={formId}
        creating={creating}
        busy={busy}
        ingredients={ingredients}
        rows={rows}
        register={register}
        errors={errors}
      />

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
