import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { COUNTRY, PROVINCES, withShippingArea } from '../../../domain/checkout';
import { useShippingArea } from '../../shipping-area';
import { orderAddressUpdateSchema, type Order, type OrderAddressUpdate } from '../../../domain/orders';
import type { z } from '../../../domain/zod';
import { describedBy, FormField, inputClass } from '../account/form-field';
import { FormErrorSummary, useFocusFirstInvalid, type FieldLabel } from '../checkout/form-errors';
import { ProvinceField } from '../checkout/province-field';

type AddressInput = z.input<typeof orderAddressUpdateSchema>;
type TextField = 'shipping_address' | 'shipping_address2' | 'shipping_city' | 'shipping_postal_code';

/** The fields in the order the form shows them, for the error summary. */
const FIELD_LABELS: [keyof AddressInput, FieldLabel][] = [
  ['shipping_address', { id: 'order-shipping_address', label: 'Address' }],
  ['shipping_address2', { id: 'order-shipping_address2', label: 'Apartment, suite, etc.' }],
  ['shipping_city', { id: 'order-shipping_city', label: 'City' }],
  ['shipping_state', { id: 'order-shipping_state', label: 'Province' }],
  ['shipping_postal_code', { id: 'order-shipping_postal_code', label: 'Postal code' }],
];

/**
 * The shipping address of an order, editable while it is Pending or In Progress (docs/product.md,
 * Orders). `onSave` settles once the save is done; `problem` is what the last one answered when it
 * failed.
 */
export function AddressEditForm({
  order,
  onSave,
  problem,
  onCancel,
}: {
  order: Order;
  onSave: (address: OrderAddressUpdate) => Promise<void>;
  problem: string | null;
  onCancel: () => void;
}) {
  // The answer of the save just sent, not of an earlier one: hidden again by the next attempt.
  const [answered, setAnswered] = useState(false);
  const area = useShippingArea();
  const [schema] = useState(() =>
    withShippingArea(orderAddressUpdateSchema, area, {
      state: 'shipping_state',
      postalCode: 'shipping_postal_code',
    }),
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AddressInput, unknown, OrderAddressUpdate>({
    resolver: zodResolver(schema),
    defaultValues: {
      shipping_address: order.shipping_address,
      shipping_address2: order.shipping_address2 ?? '',
      shipping_city: order.shipping_city,
      shipping_state: (PROVINCES as readonly string[]).includes(order.shipping_state)
        ? (order.shipping_state as (typeof PROVINCES)[number])
        : PROVINCES[0],
      shipping_country: COUNTRY,
      shipping_postal_code: order.shipping_postal_code,
    },
  });

  // A submit with errors names the fields in an alert and puts the focus on the first of them, as
  // the checkout's address form does (docs/product.md, Checkout and payment).
  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);
  const [problems, setProblems] = useState<FieldLabel[]>([]);
  const invalid = (found: FieldErrors<AddressInput>) => {
    setProblems(FIELD_LABELS.filter(([name]) => found[name]).map(([, label]) => label));
    focusFirstInvalid();
  };
  const save = handleSubmit(async (address) => {
    setProblems([]);
    await onSave(address);
    setAnswered(true);
  }, invalid);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setAnswered(false);
    void save(event);
  };
  const shownProblem = answered && !isSubmitting ? problem : null;

  const text = (name: TextField, label: string, autoComplete: string) => {
    const id = `order-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={id} label={label} error={error}>
        <input
          id={id}
          type="text"
          autoComplete={autoComplete}
          {...register(name)}
          {...describedBy(id, error)}
          className={inputClass}
        />
      </FormField>
    );
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label="Edit shipping address">
      <FormErrorSummary fields={problems} />
      {text('shipping_address', 'Address', 'shipping address-line1')}
      {text('shipping_address2', 'Apartment, suite, etc. (optional)', 'shipping address-line2')}
      <div className="space-y-4">
        {text('shipping_city', 'City', 'shipping address-level2')}
        <ProvinceField
          id="order-shipping_state"
          registration={register('shipping_state')}
          error={errors.shipping_state?.message}
        />
      </div>
      <div className="space-y-4">
        {text('shipping_postal_code', 'Postal code', 'shipping postal-code')}
        <FormField id="order-shipping_country" label="Country">
          <input
            id="order-shipping_country"
            type="text"
            readOnly
            {...register('shipping_country')}
            className={`${inputClass} bg-sand/60 text-muted`}
          />
        </FormField>
      </div>
      {shownProblem && (
        <p role="alert" className="text-sm font-medium text-danger">
          {shownProblem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary px-5 py-2" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save address'}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold text-cocoa hover:bg-sand"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
