import { useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { PhoneCountry } from '../../../domain/phone';
import { FormField } from './form-field';
import { PhoneInput } from './phone-input';

/** The Canada/US phone input as a react-hook-form field, with its label, hint and error. */
export function PhoneField<Values extends FieldValues>({
  control,
  name,
  id,
  label,
  hint,
  error,
  initialCountry = 'CA',
}: {
  control: Control<Values>;
  name: Path<Values>;
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  initialCountry?: PhoneCountry;
}) {
  const [country, setCountry] = useState<PhoneCountry>(initialCountry);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <PhoneInput
            ref={field.ref}
            id={id}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            country={country}
            onCountryChange={setCountry}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : `${id}-hint`}
          />
        )}
      />
    </FormField>
  );
}
