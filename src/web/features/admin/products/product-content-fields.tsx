import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { PRODUCT_LIMITS } from '../../../../domain/product-admin';
import { describedBy, inputClass } from '../../../components/account/form-field';
import { quietButton } from '../shared/ui';
import { EMPTY_ROWS, type ProductFields, type ProductFormInput } from './products';

type ListName = 'highlights' | 'competitors' | 'faqs';

interface ListProps {
  control: Control<ProductFormInput, unknown, ProductFields>;
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
}

/**
 * The product page's content: highlights, the nutrition comparison and the FAQs (docs/product.md,
 * Product management). Each list is saved whole; an empty one hides its section on the page.
 */
export function ProductContentFields(props: ListProps) {
  return (
    <div className="space-y-6">
      <RowList
        {...props}
        name="highlights"
        legend="Highlights"
        hint="The first three show beside the photo, the rest on the right. Empty: the section is not shown."
        addLabel="Add highlight"
        max={PRODUCT_LIMITS.highlights}
        row={(index) => (
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <TextInput
              {...props}
              path={`highlights.${index}.heading`}
              label={`Highlight ${index + 1} heading`}
            />
            <TextInput
              {...props}
              path={`highlights.${index}.subheading`}
              label={`Highlight ${index + 1} text`}
            />
          </div>
        )}
      />
      <RowList
        {...props}
        name="competitors"
        legend="Nutrition comparison (We vs Them)"
        hint="Other snacks per serving, as their packages say. Leave a value empty when unknown: it shows as N/A."
        addLabel="Add comparison"
        max={PRODUCT_LIMITS.competitors}
        row={(index) => (
          <div className="space-y-3">
            <TextInput
              {...props}
              path={`competitors.${index}.competitor_name`}
              label={`Comparison ${index + 1}: snack compared`}
            />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {(
                [
                  ['calories', 'Calories'],
                  ['protein', 'Protein (g)'],
                  ['fat', 'Fat (g)'],
                  ['carbs', 'Carbs (g)'],
                  ['fiber', 'Fibre (g)'],
                ] as const
              ).map(([key, label]) => (
                <TextInput
                  key={key}
                  {...props}
                  path={`competitors.${index}.${key}`}
                  label={label}
                  inputMode="decimal"
                />
              ))}
            </div>
            <div className="grid grid-cols-2 gap-3">
              {(
                [
                  ['gluten_free', 'Gluten-free'],
                  ['grain_free', 'Grain-free'],
                ] as const
              ).map(([key, label]) => {
                const id = `product-competitors-${index}-${key}`;
                return (
                  <div key={key}>
                    <label htmlFor={id} className="text-sm font-semibold text-cocoa">
                      {label}
                    </label>
                    <select id={id} {...props.register(`competitors.${index}.${key}`)} className={inputClass}>
                      <option value="">Unknown</option>
                      <option value="yes">Yes</option>
                      <option value="no">No</option>
                    </select>
                  </div>
                );
              })}
            </div>
          </div>
        )}
      />
      <RowList
        {...props}
        name="faqs"
        legend="FAQs"
        hint="Questions shoppers ask about this product. Empty: the section is not shown."
        addLabel="Add question"
        max={PRODUCT_LIMITS.faqs}
        row={(index) => (
          <div className="space-y-3">
            <TextInput {...props} path={`faqs.${index}.question`} label={`Question ${index + 1}`} />
            <TextInput {...props} path={`faqs.${index}.answer`} label={`Answer ${index + 1}`} multiline />
          </div>
        )}
      />
    </div>
  );
}

function RowList({
  control,
  errors,
  name,
  legend,
  hint,
  addLabel,
  max,
  row,
}: ListProps & {
  name: ListName;
  legend: string;
  hint: string;
  addLabel: string;
  max: number;
  row: (index: number) => ReactNode;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name });
  const listError = (errors[name] as { message?: string } | undefined)?.message;
  return (
    <fieldset className="rounded-2xl border border-beige p-3 sm:p-5">
      <legend className="px-1 font-display text-base font-semibold text-cocoa">{legend}</legend>
      <p className="text-xs text-muted">{hint}</p>
      {fields.length > 0 && (
        <ol className="mt-4 space-y-4">
          {fields.map((field, index) => (
            <li key={field.id} className="rounded-xl bg-sand/40 p-2.5 sm:p-4">
              {row(index)}
              <div className="mt-2 flex flex-wrap justify-end gap-x-1">
                <button
                  type="button"
                  className={quietButton}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden="true" /> Up
                  <span className="sr-only">
                    {' '}
                    {legend} {index + 1}
                  </span>
                </button>
                <button
                  type="button"
                  className={quietButton}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden="true" /> Down
                  <span className="sr-only">
                    {' '}
                    {legend} {index + 1}
                  </span>
                </button>
                <button type="button" className={quietButton} onClick={() => remove(index)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
                  <span className="sr-only">
                    {' '}
                    {legend} {index + 1}
                  </span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {listError && <p className="mt-2 text-sm font-medium text-danger">{listError}</p>}
      <button
        type="button"
        className={`${quietButton} mt-3`}
        disabled={fields.length >= max}
        onClick={() => append({ ...EMPTY_ROWS[name] } as never)}
      >
        <Plus className="h-4 w-4" aria-hidden="true" /> {addLabel}
      </button>
    </fieldset>
  );
}

type RowPath =
  | `highlights.${number}.${'heading' | 'subheading'}`
  | `competitors.${number}.${'competitor_name' | 'calories' | 'protein' | 'fat' | 'carbs' | 'fiber'}`
  | `faqs.${number}.${'question' | 'answer'}`;

function TextInput({
  register,
  errors,
  path,
  label,
  multiline,
  inputMode,
}: ListProps & { path: RowPath; label: string; multiline?: boolean; inputMode?: 'decimal' }) {
  const id = `product-${path.replaceAll('.', '-')}`;
  const [list, index, key] = path.split('.') as [ListName, string, string];
  const rowErrors = (errors[list] as Record<string, Record<string, { message?: string }>> | undefined)?.[
    index
  ];
  const error = rowErrors?.[key]?.message;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-cocoa">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} rows={2} {...register(path)} {...describedBy(id, error)} className={inputClass} />
      ) : (
        <input
          id={id}
          type="text"
          autoComplete="off"
          inputMode={inputMode}
          {...register(path)}
          {...describedBy(id, error)}
          className={inputClass}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
