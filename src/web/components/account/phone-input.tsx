import { forwardRef, type ChangeEvent, type FocusEvent } from 'react';
import { PHONE_COUNTRIES, formatPhoneAsTyped, type PhoneCountry } from '../../../domain/phone';
import { inputClass } from './form-field';

/**
 * Phone number for Canada or the US (docs/product.md, Accounts): the country is chosen from the
 * two, its calling code (+1) is shown and cannot be edited, and the national number is formatted
 * when the field is left.
 */
export const PhoneInput = forwardRef<
  HTMLInputElement,
  {
    id: string;
    name: string;
    value: string;
    country: PhoneCountry;
    onCountryChange: (country: PhoneCountry) => void;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: (event: FocusEvent<HTMLInputElement>) => void;
    invalid?: boolean;
    describedBy?: string | undefined;
  }
>(function PhoneInput(
  { id, name, value, country, onCountryChange, onChange, onBlur, invalid, describedBy },
  ref,
) {
  return (
    <div className="mt-1 flex gap-2">
      <select
        aria-label="Country"
        value={country}
        onChange={(event) => onCountryChange(event.target.value as PhoneCountry)}
        className="w-20 shrink-0 rounded-2xl border border-beige bg-white px-3 py-3 text-ink focus:border-maple focus:ring-2 focus:ring-maple/30"
      >
        {PHONE_COUNTRIES.map((option) => (
          // The short code keeps the number field wide on phones; the full name shows on hover.
          <option key={option.code} value={option.code} title={option.name}>
            {option.code}
          </option>
        ))}
      </select>
      <div className="relative flex-1">
        <span
          className="pointer-events-none absolute inset-y-0 left-4 flex items-center font-medium text-muted"
          data-testid="phone-calling-code"
        >
          +1
        </span>
        <input
          ref={ref}
          id={id}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(604) 555-0123"
          value={value}
          onChange={onChange}
          onBlur={(event) => {
            const formatted = event.target.value.trim()
              ? formatPhoneAsTyped(event.target.value, country)
              : '';
            if (formatted !== event.target.value) {
              event.target.value = formatted;
              onChange(event as unknown as ChangeEvent<HTMLInputElement>);
            }
            onBlur(event);
          }}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={`${inputClass} mt-0 pl-10`}
        />
      </div>
    </div>
  );
});
