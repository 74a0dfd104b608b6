import type { UseFormRegisterReturn } from 'react-hook-form';
import { shippingProvinceNames } from '../../../domain/shipping-provinces';
import { useShippingArea } from '../../shipping-area';
import { describedBy, FormField, inputClass } from '../account/form-field';

/** The province picker of a shipping address: the provinces the shop ships to (decision 0068). */
export function ProvinceField({
  id,
  registration,
  error,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const provinces = shippingProvinceNames(useShippingArea());
  return (
    <FormField id={id} label="Province" error={error}>
      <select
        id={id}
        autoComplete="shipping address-level1"
        {...registration}
        {...describedBy(id, error)}
        className={inputClass}
      >
        {provinces.map((province) => (
          <option key={province} value={province}>
            {province}
          </option>
        ))}
      </select>
    </FormField>
  );
}
