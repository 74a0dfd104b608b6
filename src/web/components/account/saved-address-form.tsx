import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import {
  savedAddressFieldsSchema,
  type SavedAddress,
  type SavedAddressFields,
  type SavedAddressFieldsInput,
} from '../../../domain/addresses';
import { COUNTRY, withShippingArea } from '../../../domain/checkout';
import { shippingProvinceNames } from '../../../domain/shipping-provinces';
import { useShippingArea } from '../../shipping-area';
import { formatPhone, phoneCountry } from '../../../domain/phone';
import { FormErrorSummary, useFocusFirstInvalid, type FieldLabel } from '../checkout/form-errors';
import { ProvinceField } from '../checkout/province-field';
import { describedBy, FormField, inputClass } from './form-field';
import { PhoneField } from './phone-field';

type TextField = 'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'postalCode';

export interface SavedAddressDraft {
  fields: SavedAddressFields;
  /** Asked for with the form's checkbox (a new address that is not the account's first). */
  makeDefault: boolean;
}

/**
 * Adding or editing an address of the address book (decision 0049): the shipping form's fields
 * and rules (British Columbia only, decision 0050), without the e-mail. Errors are named in an alert
 * and focus goes to the first field to fix. `problem` is the server's answer to the last save.
 */
export function SavedAddressForm({
  idPrefix,
  address,
  fallbackName,
  offerDefault,
  problem,
  onSave,
  onCancel,
}: {
  idPrefix: string;
  /** The address being edited; absent for a new one. */
  address?: SavedAddress;
  /** A new address starts with the account's name and phone. */
  fallbackName: { firstName: string; lastName: string; phoneNumber: string | null };
  /** Show "Make this my default address" (adding, when the account has addresses already). */
  offerDefault: boolean;
  problem: string | null;
  onSave: (draft: SavedAddressDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const phone = address?.phoneNumber ?? fallbackName.phoneNumber ?? '';
  const [makeDefault, setMakeDefault] = useState(false);
  const area = useShippingArea();
  const [schema] = useState(() => withShippingArea(savedAddressFieldsSchema, area));
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SavedAddressFieldsInput, unknown, SavedAddressFields>({
    resolver: zodResolver(schema),
    shouldFocusError: false,
    defaultValues: {
      firstName: address?.firstName ?? fallbackName.firstName,
      lastName: address?.lastName ?? fallbackName.lastName,
      address1: address?.address1 ?? '',
      address2: address?.address2 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? shippingProvinceNames(area)[0],
      postalCode: address?.postalCode ?? '',
      country: COUNTRY,
      phoneNumber: phone ? formatPhone(phone) : '',
    },
  });
  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);
  const [problems, setProblems] = useState<FieldLabel[]>([]);

  // The first field takes focus when the form opens.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  const labels: [keyof SavedAddressFieldsInput, string][] = [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['address1', 'Address line 1'],
    ['address2', 'Address line 2'],
    ['city', 'City'],
    ['state', 'Province'],
    ['postalCode', 'Postal code'],
    ['phoneNumber', 'Phone'],
  ];
  const invalid = (found: FieldErrors<SavedAddressFieldsInput>) => {
    setProblems(labels.filter(([name]) => found[name]).map(([name, label]) => ({ id: id(name), label })));
    focusFirstInvalid();
  };
  const submit = handleSubmit(async (fields) => {
    setProblems([]);
    await onSave({ fields, makeDefault });
  }, invalid);

  const text = (name: TextField, label: string, autoComplete: string, hint?: string) => {
    const fieldId = id(name);
    const error = errors[name]?.message;
    return (
      <FormField id={fieldId} label={label} error={error} {...(hint ? { hint } : {})}>
        <input
          id={fieldId}
          type="text"
          autoComplete={autoComplete}
          {...register(name)}
          {...describedBy(fieldId, error, Boolean(hint))}
          className={inputClass}
        />
      </FormField>
    );
  };

  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4"
      aria-label={address ? 'Edit address' : 'New address'}
    >
      <FormErrorSummary fields={problems} />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', 'First name', 'shipping given-name')}
        {text('lastName', 'Last name', 'shipping family-name')}
      </div>
      {text('address1', 'Address line 1', 'shipping address-line1', 'Street address or P.O. box.')}
      {text('address2', 'Address line 2 (optional)', 'shipping address-line2', 'Apartment, suite, unit.')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('city', 'City', 'shipping address-level2')}
        <ProvinceField id={id('state')} registration={register('state')} error={errors.state?.message} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('postalCode', 'Postal code', 'shipping postal-code', 'For example V6B 1A1.')}
        <FormField id={id('country')} label="Country" hint="We ship within Canada only.">
          <input
            id={id('country')}
            type="text"
            readOnly
            autoComplete="shipping country-name"
            {...register('country')}
            aria-describedby={`${id('country')}-hint`}
            className={`${inputClass} bg-sand/60 text-muted`}
          />
        </FormField>
      </div>
      <PhoneField
        control={control}
        name="phoneNumber"
        id={id('phoneNumber')}
        label="Phone"
        hint="In case the courier needs to reach you."
        error={errors.phoneNumber?.message}
        initialCountry={phone ? phoneCountry(phone) : 'CA'}
      />
      {offerDefault && (
        <label className="flex items-start gap-3 text-sm font-semibold text-cocoa">
          <input
            type="checkbox"
            checked={makeDefault}
            onChange={(event) => setMakeDefault(event.target.checked)}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-beige accent-maple"
          />
          Make this my default address
        </label>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
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
