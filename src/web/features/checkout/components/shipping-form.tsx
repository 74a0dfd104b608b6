import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  COUNTRY,
  PROVINCES,
  shippingInfoSchema,
  type ShippingInfo,
  type ShippingInfoInput,
} from '../../../../domain/checkout';
import { formatPhone, phoneCountry, type PhoneCountry } from '../../../../domain/phone';
import type { ShippingDestination } from '../../../../domain/pricing';
import type { StoredUser } from '../../session/stored-session';
import { describedBy, FormField, inputClass } from '../../../components/account/form-field';
import { ProvinceField } from '../../../components/checkout/province-field';
import { PhoneField } from '../../../components/account/phone-field';

type TextField = 'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'postalCode' | 'email';

/** The form's first values: the saved checkout address, else what the account knows. */
function initialValues(saved: ShippingInfo | null, user: StoredUser): ShippingInfoInput {
  const phone = saved?.phoneNumber ?? user.phoneNumber ?? '';
  return {
    firstName: saved?.firstName ?? user.firstName ?? '',
    lastName: saved?.lastName ?? user.lastName ?? '',
    address1: saved?.address1 ?? '',
    address2: saved?.address2 ?? '',
    city: saved?.city ?? '',
    state: saved?.state ?? PROVINCES[0],
    postalCode: saved?.postalCode ?? '',
    country: COUNTRY,
    phoneNumber: phone ? formatPhone(phone) : '',
    email: saved?.email ?? user.email,
  };
}

/**
 * The shipping address of /checkout (docs/product.md, Prices, shipping and tax): every field
 * required but the second address line, the province list holding only British Columbia, the
 * country fixed to Canada. The same schema checks the address again on the server.
 */
export function ShippingForm({
  saved,
  user,
  onDestinationChange,
  onSubmit,
  footer,
}: {
  saved: ShippingInfo | null;
  user: StoredUser;
  onDestinationChange: (destination: ShippingDestination) => void;
  onSubmit: (info: ShippingInfo) => void;
  footer: ReactNode;
}) {
  const [defaults] = useState(() => initialValues(saved, user));
  const [initialCountry] = useState<PhoneCountry>(() =>
    saved?.phoneNumber || user.phoneNumber
      ? phoneCountry(saved?.phoneNumber ?? user.phoneNumber ?? '')
      : 'CA',
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ShippingInfoInput, unknown, ShippingInfo>({
    resolver: zodResolver(shippingInfoSchema),
    defaultValues: defaults,
  });
  // The summary prices shipping for the city and postal code as they are typed.
  const city = useWatch({ control, name: 'city' });
  const postalCode = useWatch({ control, name: 'postalCode' });
  useEffect(
    () => onDestinationChange({ city: city ?? '', postalCode: postalCode ?? '' }),
    [city, postalCode, onDestinationChange],
  );

  const text = (name: TextField, label: string, autoComplete: string, type = 'text', hint?: string) => {
    const id = `shipping-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={id} label={label} error={error} {...(hint ? { hint } : {})}>
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          {...register(name)}
          {...describedBy(id, error, Boolean(hint))}
          className={inputClass}
        />
      </FormField>
    );
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label="Shipping address">
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
        <ProvinceField id="shipping-state" registration={register('state')} error={errors.state?.message} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('postalCode', 'Postal code', 'shipping postal-code', 'text', 'For example V6B 1A1.')}
        <FormField id="shipping-country" label="Country" hint="We ship within Canada only.">
          <input
            id="shipping-country"
            type="text"
            readOnly
            autoComplete="shipping country-name"
            {...register('country')}
            aria-describedby="shipping-country-hint"
            className={`${inputClass} bg-sand/60 text-muted`}
          />
        </FormField>
      </div>
      <PhoneField
        control={control}
        name="phoneNumber"
        id="shipping-phoneNumber"
        label="Phone"
        hint="In case the courier needs to reach you."
        error={errors.phoneNumber?.message}
        initialCountry={initialCountry}
      />
      {text('email', 'Email', 'email', 'email', 'Your receipt and order updates go here.')}
      <div className="flex flex-col-reverse gap-4 pt-2 sm:flex-row sm:items-center sm:justify-between">
        {footer}
        <button type="submit" className="btn-primary sm:min-w-56" disabled={isSubmitting}>
          Continue to Shipping
        </button>
      </div>
    </form>
  );
}
