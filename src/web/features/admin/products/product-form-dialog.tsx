import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { thumbnailUrl } from '../../../../domain/images';
import { BASIC_GROCERIES_GUIDANCE_URL, TAX_CLASSES, TAX_CLASS_LABELS } from '../../../../domain/tax';
import { ApiError, userMessage } from '../../../api';
import { describedBy, FormField, inputClass } from '../../../components/account/form-field';
import { AdminDialog, closeDialogOf } from '../shared/admin-dialog';
import { FormError } from '../shared/states';
import { NutritionFactsFields } from './nutrition-facts-fields';
import { ProductGalleryEditor } from './product-gallery-editor';
import {
  changedFields,
  createFields,
  editFields,
  IMAGE_TYPES,
  isStaleStock,
  imageProblem,
  MAX_IMAGE_BYTES,
  productFields,
  productFormData,
  productFormSchema,
  productFormValues,
  type AdminProduct,
  type CategoryOption,
  type ProductFields,
  type ProductFormInput,
} from './products';
import { ProductContentFields } from './product-content-fields';
import { saveProduct, type SavedProduct } from './products-api';

const SAVE_FAILED = 'Failed to save the product. Please try again.';

/**
 * Creating a product (multipart, with its image) or editing one (only the changed fields; multipart
 * when the image is replaced). Either the whole change is saved or nothing is: one request each.
 */
export function ProductFormDialog({
  product,
  categories,
  onSaved,
  onPhotosChanged,
  onClose,
}: {
  product: AdminProduct | null;
  categories: CategoryOption[];
  onSaved: (saved: SavedProduct, created: boolean) => void;
  /** A photo was added, moved, described or deleted: saved at once, apart from the form's Save. */
  onPhotosChanged: (images: AdminProduct['images']) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const creating = product === null;
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFields>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormValues(product ?? undefined),
  });

  // The chosen tax class's explanation shows under it (decision 0066).
  const taxClass = useWatch({ control, name: 'tax_class' });

  // The preview is a blob: URL of the chosen file, released when replaced or closed.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function chooseImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? imageProblem(file) : null;
    setImageError(problem);
    if (!file || problem) {
      event.target.value = '';
      setImage(null);
      setPreview(null);
    } else {
      setImage(file);
      setPreview(URL.createObjectURL(file));
    }
  }

  const submit = handleSubmit(async (values) => {
    if (creating && !image) return setImageError('Please choose an image for the product.');
    // Shoppers never see a product without a photo (decision 0065); the server checks it too.
    if (values.status === 'active' && !image && !product?.image_url) {
      return setError('status', { message: 'Add an image before making the product active.' });
    }
    let body: FormData | Partial<ProductFields>;
    if (creating) body = productFormData(createFields(values), image);
    else {
      const changes = changedFields(productFields(product), values);
      if (!image && Object.keys(changes).length === 0) {
        return setError('root', { message: 'Nothing has changed yet.' });
      }
      const sent = editFields(changes, product);
      body = image ? productFormData(sent, image) : sent;
    }
    try {
      const saved = await saveProduct(creating ? null : product.id, body);
      onSaved(saved ?? { id: product?.id ?? 0, name: values.name, slug: '' }, creating);
      closeDialogOf(document.getElementById(formId));
    } catch (error) {
      console.error(creating ? 'Failed to create product' : 'Failed to update product', error);
      const message = userMessage(error, SAVE_FAILED);
      const status = error instanceof ApiError ? error.status : null;
      // The stock moved since the form was opened, or a clash of slug (from the name) or of SKU.
      if (status === 409 && isStaleStock(message)) return setError('stock', { message });
      if (status === 409) return setError(/\bSKU\b/.test(message) ? 'sku' : 'name', { message });
      if (status === 400 && /active in the shop/.test(message)) return setError('status', { message });
      if (status === 400 && message.startsWith('tax_class')) return setError('tax_class', { message });
      if (status === 413 || status === 415) return setImageError(message);
      setError('root', { message });
    }
  });

  const field = (
    name: Exclude<keyof ProductFormInput, 'category_id'>,
    label: string,
    options: { hint?: string; multiline?: number; inputMode?: 'decimal' | 'numeric'; prefix?: string } = {},
  ) => {
    const id = `product-${name}`;
    const error = errors[name]?.message;
    const control = options.multiline ? (
      <textarea
        id={id}
        rows={options.multiline}
        {...register(name)}
        {...describedBy(id, error, Boolean(options.hint))}
        className={inputClass}
      />
    ) : (
      <input
        id={id}
        type="text"
        inputMode={options.inputMode}
        autoComplete="off"
        {...register(name)}
        {...describedBy(id, error, Boolean(options.hint))}
        className={`${inputClass} ${options.prefix ? 'pl-8' : ''}`}
      />
    );
    return (
      <FormField id={id} label={label} error={error} {...(options.hint ? { hint: options.hint } : {})}>
        {options.prefix ? (
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-[calc(50%+2px)] left-4 -translate-y-1/2 text-muted"
            >
              {options.prefix}
            </span>
            {control}
          </div>
        ) : (
          control
        )}
      </FormField>
    );
  };

  // On hand: what can be sold plus what checkouts being paid hold (decision 0039).
  const held =
    product && product.on_hand !== null && product.stock !== null ? product.on_hand - product.stock : 0;
  const stockHint = `Units on hand. Empty: made to order, no limit. 0: sold out, still shown in the shop.${
    held > 0 && product
      ? ` Now ${product.stock?.toLocaleString('en-CA')} can be sold and ${held.toLocaleString('en-CA')} ${held === 1 ? 'is' : 'are'} held in checkouts. A count below ${held.toLocaleString('en-CA')} takes held units too: they will not come back if their checkout is not paid.`
      : ''
  } To record units received or spoiled, use Adjust stock in the list.`;

  const currentImage = preview ?? (product?.image_url ? thumbnailUrl(product.image_url) : null);
  const imageHint = `JPEG, PNG or WebP, up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB.${
    creating ? '' : ' Leave it to keep the current image.'
  }`;

  return (
    <AdminDialog
      title={creating ? 'New product' : `Edit ${product.name}`}
      description={
        creating
          ? 'A draft is for admins only; shoppers see the product once it is active.'
          : 'Only the fields you change are saved.'
      }
      size="lg"
      busy={isSubmitting}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="btn-outline"
            disabled={isSubmitting}
            onClick={(event) => closeDialogOf(event.currentTarget)}
          >
            Cancel
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : creating ? 'Create product' : 'Save changes'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        <div className="grid grid-cols-[6rem_minmax(0,1fr)] items-center gap-4 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-5">
          <div className="flex aspect-square w-24 items-center sm:w-32 justify-center overflow-hidden rounded-2xl bg-sand ring-1 ring-beige">
            {currentImage ? (
              <img src={currentImage} alt="" className="h-full w-full object-cover" />
            ) : (
              <span className="px-3 text-center text-xs text-muted">No image yet</span>
            )}
          </div>
          <FormField
            id="product-image"
            label={creating ? 'Image' : 'Replace image'}
            error={imageError ?? undefined}
            hint={imageHint}
          >
            <input
              id="product-image"
              type="file"
              accept={IMAGE_TYPES.join(',')}
              onChange={chooseImage}
              {...describedBy('product-image', imageError ?? undefined, true)}
              className="mt-2 block w-full text-xs text-muted sm:text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-cocoa file:px-4 file:text-sm sm:file:px-5 file:font-semibold file:text-cream hover:file:bg-ink"
            />
          </FormField>
        </div>
        {product && <ProductGalleryEditor product={product} onChanged={onPhotosChanged} />}
        <div className="grid gap-5 sm:grid-cols-2">
          {field('name', 'Name', creating ? {} : { hint: 'Renaming also changes the product page address.' })}
          <FormField id="product-category_id" label="Category" error={errors.category_id?.message}>
            <select
              id="product-category_id"
              {...register('category_id')}
              {...describedBy('product-category_id', errors.category_id?.message)}
              className={inputClass}
            >
              <option value="">Choose a category</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id="product-status"
            label="Status"
            error={errors.status?.message}
            hint="Draft: only admins see it, through Preview. Active: in the shop. Active needs an image and a price."
          >
            <select
              id="product-status"
              {...register('status')}
              {...describedBy('product-status', errors.status?.message, true)}
              className={inputClass}
            >
              <option value="draft">Draft</option>
              <option value="active">Active</option>
            </select>
          </FormField>
          {field('price', 'Price (CAD)', { inputMode: 'decimal', prefix: '$' })}
          {field('stock', 'Stock on hand', { inputMode: 'numeric', hint: stockHint })}
          {field('subscribe_save_percent', 'Subscribe & save (%)', {
            inputMode: 'numeric',
            hint: 'Percent off each unit a customer subscribes to (0 to 50). 0 offers subscriptions at the full price. Not a discount code: it applies to every subscription of this product.',
          })}
          <FormField
            id="product-tax_class"
            label="Tax class"
            error={errors.tax_class?.message}
            hint={
              <>
                {TAX_CLASS_LABELS[taxClass].explanation}{' '}
                <a
                  href={BASIC_GROCERIES_GUIDANCE_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-maple-dark underline underline-offset-2"
                >
                  CRA&apos;s guidance on basic groceries
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </>
            }
          >
            <select
              id="product-tax_class"
              {...register('tax_class')}
              {...describedBy('product-tax_class', errors.tax_class?.message, true)}
              className={inputClass}
            >
              {TAX_CLASSES.map((value) => (
                <option key={value} value={value}>
                  {TAX_CLASS_LABELS[value].label}
                </option>
              ))}
            </select>
          </FormField>
          {field('size', 'Size in grams (optional)', { inputMode: 'numeric' })}
          {field('sku', 'SKU (optional)')}
          {field('ideal_time_of_day', 'Best time to eat (optional)', {
            hint: "Shown as 'Anytime' when empty.",
          })}
        </div>
        {field('description', 'Description', { multiline: 3 })}
        {field('nutrition_info', 'Nutrition information (optional)', { multiline: 2 })}
        <div className="grid gap-5 sm:grid-cols-3">
          {field('features', 'Features', { multiline: 4, hint: 'One per line.' })}
          {field('ingredients', 'Ingredients', { multiline: 4, hint: 'One per line.' })}
          {field('allergens', 'Allergens', { multiline: 4, hint: 'One per line.' })}
        </div>
        <NutritionFactsFields register={register} errors={errors.nutrition_facts} />
        <ProductContentFields control={control} register={register} errors={errors} />
        <FormError>{errors.root?.message}</FormError>
      </form>
    </AdminDialog>
  );
}
