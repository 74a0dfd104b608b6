import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { NUTRIENT_KEYS } from '../../../../domain/nutrition-facts';
import { describedBy, FormField, inputClass } from '../../../components/account/form-field';
import { NUTRITION_FACTS_LABELS as LABELS, type NutritionFactsFormKey } from './nutrition-facts-form';
import type { ProductFormInput } from './products';

const SERVING: NutritionFactsFormKey[] = ['serving_en', 'serving_fr', 'serving_grams'];
// The table's own order (src/domain/nutrition-facts.ts).
const AMOUNTS: readonly NutritionFactsFormKey[] = NUTRIENT_KEYS;

const PLACEHOLDERS: Partial<Record<NutritionFactsFormKey, string>> = {
  serving_en: '1 cookie',
  serving_fr: '1 biscuit',
  serving_grams: '85',
};

/**
 * The product form's Nutrition Facts boxes (decision 0062): the serving and every amount per
 * serving, unrounded, as the recipe gives them; the shop rounds them and computes the % daily
 * values the way Health Canada's table does.
 */
export function NutritionFactsFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>['nutrition_facts'];
}) {
  const box = (key: NutritionFactsFormKey) => {
    const id = `product-nutrition-${key}`;
    const error = errors?.[key]?.message;
    const text = key === 'serving_en' || key === 'serving_fr';
    return (
      <FormField key={key} id={id} label={LABELS[key]} error={error}>
        <input
          id={id}
          type="text"
          inputMode={text ? undefined : 'decimal'}
          autoComplete="off"
          placeholder={PLACEHOLDERS[key]}
          {...(text ? { lang: key === 'serving_fr' ? 'fr' : 'en' } : {})}
          {...register(`nutrition_facts.${key}`)}
          {...describedBy(id, error)}
          className={inputClass}
        />
      </FormField>
    );
  };
  return (
    <fieldset className="space-y-4 rounded-2xl border border-beige p-4" data-testid="nutrition-facts-fields">
      <legend className="px-1 font-display text-lg font-semibold text-cocoa">
        Nutrition Facts (optional)
      </legend>
      <p className="text-xs text-muted">
        Per serving, unrounded: the shop rounds the amounts and works out the % daily values as the Canadian
        Nutrition Facts table does. Leave every box empty for a product without a table.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">{SERVING.map(box)}</div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">{AMOUNTS.map(box)}</div>
    </fieldset>
  );
}
