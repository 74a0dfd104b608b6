import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import {
  addressSummary,
  MAX_SAVED_ADDRESSES,
  sameAddress,
  savedFieldsOf,
  type SavedAddress,
} from '../../../../domain/addresses';
import {
  COUNTRY,
  shippingInfoSchema,
  withShippingArea,
  type ShippingInfo,
  type ShippingInfoInput,
} from '../../../../domain/checkout';
import { formatPhone, phoneCountry, type PhoneCountry } from '../../../../domain/phone';
import type { ShippingDestination } from '../../../../domain/pricing';
import { shippingProvinceNames } from '../../../../domain/shipping-provinces';
import { useShippingArea } from '../../../shipping-area';
import type { StoredUser } from '../../session/stored-session';
import {
  FormErrorSummary,
  useFocusFirstInvalid,
  type FieldLabel,
} from '../../../components/checkout/form-errors';
import {
  addressFormValues,
  shippingFieldLabels,
  ShippingAddressFields,
} from '../../../components/checkout/address-fields';

/**
 * The form's first values: the checkout address of this visit, else the account's default saved
 * address (decision 0049), else what the account knows.
 */
function initialValues(
  saved: ShippingInfo | null,
  user: StoredUser,
  defaultAddress: SavedAddress | undefined,
  /** The first province the shop ships to. */
  province: string,
): ShippingInfoInput {
  if (!saved && defaultAddress) return addressFormValues(defaultAddress, user.email);
  const phone = saved?.phoneNumber ?? user.phoneNumber ?? '';
  return {
    firstName: saved?.firstName ?? user.firstName ?? '',
    lastName: saved?.lastName ?? user.lastName ?? '',
    address1: saved?.address1 ?? '',
    address2: saved?.address2 ?? '',
    city: saved?.city ?? '',
    state: saved?.state ?? province,
    postalCode: saved?.postalCode ?? '',
    country: COUNTRY,
    phoneNumber: phone ? formatPhone(phone) : '',
    email: saved?.email ?? user.email,
  };
}

/** Which radio of "Ship to" starts chosen: the address of this visit's, else the default. */
function initialChoice(saved: ShippingInfo | null, addresses: SavedAddress[]): number | 'new' {
  if (saved) {
    const fields = savedFieldsOf(saved);
    return addresses.find((address) => sameAddress(address, fields))?.id ?? 'new';
  }
  return addresses.find((address) => address.isDefault)?.id ?? 'new';
}

/** The fields in the order the form shows them, for the error summary. */
const FIELD_LABELS = shippingFieldLabels('shipping');

export interface ShippingSubmit {
  /** "Save this address" was ticked: the address goes to the account's address book. */
  saveAddress: boolean;
}

/**
 * The shipping address of /checkout (docs/product.md, Prices, shipping and tax): every field
 * required but the second address line, the province list holding only British Columbia, the
 * country fixed to Canada, the postal code British Columbia's (decision 0050). The same schema checks
 * the address again on the server. A signed-in shopper's saved addresses (decision 0049) are offered
 * under "Ship to", the default chosen first; "Save this address" keeps the address for next time,
 * ticked when the account has none yet. A submit with errors names the fields to fix in an alert and
 * moves focus to the first of them.
 */
export function ShippingForm({
  saved,
  user,
  addresses,
  onDestinationChange,
  onSubmit,
  footer,
}: {
  saved: ShippingInfo | null;
  user: StoredUser;
  /** The account's address book, or null when it could not be read (the form works without it). */
  addresses: SavedAddress[] | null;
  onDestinationChange: (destination: ShippingDestination) => void;
  onSubmit: (info: ShippingInfo, options: ShippingSubmit) => void | Promise<void>;
  footer: ReactNode;
}) {
  const book = addresses ?? [];
  const defaultAddress = book.find((address) => address.isDefault);
  const area = useShippingArea();
  const [defaults] = useState(() =>
    initialValues(saved, user, defaultAddress, shippingProvinceNames(area)[0]!),
  );
  const [schema] = useState(() => withShippingArea(shippingInfoSchema, area));
  const [choice, setChoice] = useState<number | 'new'>(() => initialChoice(saved, book));
  const [saveAddress, setSaveAddress] = useState(() => addresses !== null && addresses.length === 0);
  const bookFull = book.length >= MAX_SAVED_ADDRESSES;
  const [initialCountry] = useState<PhoneCountry>(() => {
    const phone = saved ? saved.phoneNumber : (defaultAddress?.phoneNumber ?? user.phoneNumber);
    return phone ? phoneCountry(phone) : 'CA';
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ShippingInfoInput, unknown, ShippingInfo>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    shouldFocusError: false,
  });
  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);
  const [problems, setProblems] = useState<FieldLabel[]>([]);

  const choose = (next: number | 'new') => {
    setChoice(next);
    const email = getValues('email') ?? user.email;
    const address = typeof next === 'number' ? book.find((a) => a.id === next) : undefined;
    if (address) {
      reset(addressFormValues(address, email), { keepDefaultValues: true });
    } else {
      // A new address: the street is typed afresh; the name, phone and e-mail stay.
      reset(
        { ...getValues(), address1: '', address2: '', city: '', postalCode: '' },
        { keepDefaultValues: true },
      );
    }
    setProblems([]);
  };

  const invalid = (found: FieldErrors<ShippingInfoInput>) => {
    setProblems(FIELD_LABELS.filter(([name]) => found[name]).map(([, label]) => label));
    focusFirstInvalid();
  };
  const submit = handleSubmit(async (info) => {
    setProblems([]);
    await onSubmit(info, { saveAddress: addresses !== null && saveAddress && !bookFull });
  }, invalid);
  // The summary prices shipping for the city and postal code as they are typed.
  const city = useWatch({ control, name: 'city' });
  const postalCode = useWatch({ control, name: 'postalCode' });
  useEffect(
    () => onDestinationChange({ city: city ?? '', postalCode: postalCode ?? '' }),
    [city, postalCode, onDestinationChange],
  );

  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-5"
      aria-label="Shipping address"
    >
      <FormErrorSummary fields={problems} />
      {book.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold text-cocoa">Ship to</legend>
          {book.map((address) => (
            <ShipToOption
              key={address.id}
              id={`ship-to-${address.id}`}
              checked={choice === address.id}
              onChange={() => choose(address.id)}
              title={`${address.firstName} ${address.lastName}`}
              detail={addressSummary(address)}
              badge={address.isDefault ? 'Default' : undefined}
            />
          ))}
          <ShipToOption
            id="ship-to-new"
            checked={choice === 'new'}
            onChange={() => choose('new')}
            title="Use a new address"
          />
        </fieldset>
      )}
      <ShippingAddressFields
        idPrefix="shipping"
        register={register}
        control={control}
        errors={errors}
        initialCountry={initialCountry}
      />
      {addresses !== null && (
        <div className="flex items-start gap-3">
          <input
            id="shipping-saveAddress"
            type="checkbox"
            checked={saveAddress && !bookFull}
            disabled={bookFull}
            onChange={(event) => setSaveAddress(event.target.checked)}
            aria-describedby="shipping-saveAddress-hint"
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-beige accent-maple"
          />
          <div>
            <label htmlFor="shipping-saveAddress" className="text-sm font-semibold text-cocoa">
              Save this address
            </label>
            <p id="shipping-saveAddress-hint" className="text-xs text-muted">
              {bookFull
                ? `Your address book is full (${MAX_SAVED_ADDRESSES} addresses). You can remove one on your profile.`
                : book.length === 0
                  ? 'It becomes your default address, filled in at your next checkout.'
                  : 'Kept in your address book on your profile.'}
            </p>
          </div>
        </div>
      )}
      <div className="flex flex-col-reverse gap-4 pt-2 sm:flex-row sm:items-center sm:justify-between">
        {footer}
        <button type="submit" className="btn-primary sm:min-w-56" disabled={isSubmitting}>
          Continue to Shipping
        </button>
      </div>
    </form>
  );
}

/** One choice of "Ship to": a saved address, or a new one. */
function ShipToOption({
  id,
  checked,
  onChange,
  title,
  detail,
  badge,
}: {
  id: string;
  checked: boolean;
  onChange: () => void;
  title: string;
  detail?: string;
  badge?: string | undefined;
}) {
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer items-start gap-3 rounded-2xl border px-4 py-3 transition-colors ${
        checked ? 'border-maple bg-maple/5' : 'border-beige bg-white hover:border-maple/60'
      }`}
    >
      <input
        id={id}
        type="radio"
        name="ship-to"
        checked={checked}
        onChange={onChange}
        className="mt-0.5 h-5 w-5 shrink-0 accent-maple"
      />
      <span className="min-w-0 text-sm">
        <span className="flex flex-wrap items-center gap-2 font-semibold text-cocoa">
          {title}
          {badge && (
            <span className="rounded-full bg-forest/10 px-2 py-0.5 text-xs font-semibold text-forest">
              {badge}
            </span>
          )}
        </span>
        {detail && <span className="mt-0.5 block break-words text-muted">{detail}</span>}
      </span>
    </label>
  );
}
