import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { COUNTRY, PROVINCES, type ShippingInfo, type ShippingInfoInput } from '../../../domain/checkout';
import { formatPhone, type PhoneCountry } from '../../../domain/phone';
import { describedBy, FormField, inputClass } from '../account/form-field';
import { PhoneField } from '../account/phone-field';
import type { FieldLabel } from './form-errors';
import { ProvinceField } from './province-field';

/**
 * The form's values for an address kept elsewhere (a saved address, a subscription's), with the
 * e-mail the form is to show.
 */
export function addressFormValues(
  address: {
    firstName: string;
    lastName: string;
    address1: string;
    address2?: string | null | undefined;
    city: string;
    state: string;
    postalCode: string;
    phoneNumber: string | null;
  },
  email: string,
): ShippingInfoInput {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    address1: address.address1,
    address2: address.address2 ?? '',
    city: address.city,
    state: PROVINCES.find((province) => province === address.state) ?? PROVINCES[0],
    postalCode: address.postalCode,
    country: COUNTRY,
    phoneNumber: address.phoneNumber ? formatPhone(address.phoneNumber) : '',
    email,
  };
}

type TextField = 'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'postalCode' | 'email';

/** The fields in the order the form shows them, for the error summary; ids are `{idPrefix}-{name}`. */
export function shippingFieldLabels(idPrefix: string): [keyof ShippingInfoInput, FieldLabel][] {
  const labels: [keyof ShippingInfoInput, string][] = [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['address1', 'Address line 1'],
    ['address2', 'Address line 2'],
    ['city', 'City'],
    ['state', 'Province'],
    ['postalCode', 'Postal code'],
    ['country', 'Country'],
    ['phoneNumber', 'Phone'],
    ['email', 'Email'],
  ];
  return labels.map(([name, label]) => [name, { id: `${idPrefix}-${name}`, label }]);
}

/**
 * The fields of a shipping address (docs/product.md, Prices, shipping and tax), as the checkout asks
 * for them and as a subscription's address is changed (docs/product.md, Subscriptions): every field
 * required but the second address line, the province list holding only British Columbia, the country
 * fixed to Canada, the postal code British Columbia's (decision 0050). The form around them checks
 * them with shippingInfoSchema, the schema the server checks them with again.
 */
export function ShippingAddressFields({
  idPrefix,
  register,
  control,
  errors,
  initialCountry,
}: {
  idPrefix: string;
  register: UseFormRegister<ShippingInfoInput>;
  control: Control<ShippingInfoInput, unknown, ShippingInfo>;
  errors: FieldErrors<ShippingInfoInput>;
  initialCountry: PhoneCountry;
}) {
  const id = (name: keyof ShippingInfoInput) => `${idPrefix}-${name}`;
  const text = (name: TextField, label: string, autoComplete: string, type = 'text', hint?: string) => {
    const fieldId = id(name);
    const error = errors[name]?.message;
    return (
      <FormField id={fieldId} label={label} error={error} {...(hint ? { hint } : {})}>
        <input
          id={fieldId}
          type={type}
          autoComplete={autoComplete}
          {...register(name)}
          {...describedBy(fieldId, error, Boolean(hint))}
          className={inputClass}
        />
      </FormField>
    );
  };

  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('firstName', 'First name', 'shipping given-name')}
        {text('lastName', 'Last name', 'shipping family-name')}
      </div>
      {text('address1', 'Address line 1', 'shipping address-line1', 'text', 'Street address or P.O. box.')}
      {text(
        'address2',
        'Address line 2 (optional)',
        'shipping address-line2',
        'text',
        'Apartment, suite, unit.',
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('city', 'City', 'shipping address-level2')}
        <ProvinceField id={id('state')} registration={register('state')} error={errors.state?.message} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('postalCode', 'Postal code', 'shipping postal-code', 'text', 'For example V6B 1A1.')}
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
        initialCountry={initialCountry}
      />
      {text('email', 'Email', 'email', 'email', 'Your receipt and order updates go here.')}
    </>
  );
}
