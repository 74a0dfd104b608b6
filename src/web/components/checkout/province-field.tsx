import type { UseFormRegisterReturn } from 'react-hook-form';
import { PROVINCES } from '../../../domain/checkout';
import { describedBy, FormField, inputClass } from '../account/form-field';

/** The province picker of a shipping address (the shop ships within Canada). */
export function ProvinceField({
  id,
  registration,
  error,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <FormField id={id} label="Province" error={error}>
      <select
        id={id}
        autoComplete="shipping address-level1"
        {...registration}
        {...describedBy(id, error)}
        className={inputClass}
      >
        {PROVINCES.map((province) => (
          <option key={province} value={province}>
            {province}
          </option>
        ))}
      </select>
    </FormField>
  );
}
