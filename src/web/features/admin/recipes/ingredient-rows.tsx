import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFieldArrayReturn, UseFormRegister } from 'react-hook-form';
import { describedBy, inputClass } from '../../../components/account/form-field';
import { dangerGhostButton, ghostButton } from '../shared/ui';
import {
  emptyIngredientRow,
  type Ingredient,
  type IngredientRowInput,
  type RecipeFormInput,
} from './recipes';

/**
 * The ingredient lines of the recipe form: an ingredient from the list, the quantity, the unit and
 * the cups of each, one row per line, with 'Add Ingredient' and a remove button per row.
 */
export function IngredientRows({
  formId,
  creating,
  busy,
  ingredients,
  rows,
  register,
  errors,
}: {
  formId: string;
  /** a new recipe may be saved without ingredients; added ones need at least one */
  creating: boolean;
  busy: boolean;
  ingredients: Ingredient[];
  rows: UseFieldArrayReturn<RecipeFormInput, 'ingredients'>;
  register: UseFormRegister<RecipeFormInput>;
  errors: FieldErrors<RecipeFormInput>;
}) {
  const sorted = [...ingredients].sort((a, b) => a.name.localeCompare(b.name));
  return (
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
  );
}
