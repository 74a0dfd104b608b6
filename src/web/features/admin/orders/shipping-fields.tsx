import { Truck } from 'lucide-react';
import { CARRIERS, TRACKING_NUMBER_MAX_LENGTH } from '../../../../domain/fulfilment';
import type { Order, OrderStatus } from '../../../../domain/orders';
import { FormField, inputClass } from '../../../components/account/form-field';
import { TrackingLink } from '../../../components/orders/parcel-tracking';
import { isCarrier, type ShippingInput } from './orders';

/**
 * The carrier and the tracking number (decision 0023), saved with the status. Picking Shipped
 * brings them forward (a maple ring, the hint about the customer's e-mail) without moving anything:
 * the hint and the saved line are always there, only their words change. What is saved shows under
 * them, with the carrier's tracking page in a new tab.
 */
export function ShippingFields({
  id,
  order,
  status,
  value,
  errors,
  disabled,
  onChange,
}: {
  id: string;
  order: Order;
  status: OrderStatus;
  value: ShippingInput;
  errors: { carrier?: string; trackingNumber?: string };
  disabled: boolean;
  onChange: (next: Partial<ShippingInput>) => void;
}) {
  const carrierId = `${id}-carrier`;
  const numberId = `${id}-tracking`;
  const hintId = `${id}-shipping-hint`;
  const shipped = status === 'Shipped';
  const shipsNow = shipped && order.status !== 'Shipped';
  const typed = value.trackingNumber.trim().replace(/\s+/g, ' ');
  // What the customer's e-mail will give them to follow the parcel by.
  const by = value.carrier === 'Other' ? 'tracking number' : 'tracking link';
  // The server e-mails the customer when the order ships, and again for a new number once it has.
  const hint = shipsNow
    ? typed
      ? `When you save, the customer gets an e-mail that the order is on its way, with the ${by}.`
      : 'When you save, the customer gets an e-mail that the order is on its way. Add the number for the link.'
    : shipped && typed && typed !== order.tracking_number
      ? `When you save, the customer gets an e-mail with the new ${by}.`
      : 'The customer sees the carrier, the number and the tracking link on their order page.';
  const describe = (error: string | undefined, errorId: string) => ({
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${errorId} ${hintId}` : hintId,
  });

  return (
    <fieldset
      disabled={disabled}
      className={`rounded-2xl bg-white p-4 transition-shadow sm:col-span-2 ${
        shipped ? 'shadow-sm ring-2 ring-maple' : 'ring-1 ring-beige'
      }`}
      data-testid="admin-shipping"
    >
      <legend className="float-left flex w-full items-center gap-2 text-sm font-semibold text-cocoa">
        <Truck className={`h-4 w-4 ${shipped ? 'text-maple' : 'text-muted'}`} aria-hidden="true" />
        Shipping details
      </legend>
      <div className="clear-both grid gap-4 pt-1 sm:grid-cols-2">
        <FormField id={carrierId} label="Carrier" error={errors.carrier}>
          <select
            id={carrierId}
            value={value.carrier}
            onChange={(event) => {
              const carrier = event.target.value;
              onChange({ carrier: isCarrier(carrier) ? carrier : '' });
            }}
            {...describe(errors.carrier, `${carrierId}-error`)}
            className={`${inputClass} disabled:bg-sand/60 disabled:text-muted`}
          >
            <option value="">None</option>
            {CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {carrier}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={numberId} label="Tracking number" error={errors.trackingNumber}>
          <input
            id={numberId}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={TRACKING_NUMBER_MAX_LENGTH}
            value={value.trackingNumber}
            onChange={(event) => onChange({ trackingNumber: event.target.value })}
            {...describe(errors.trackingNumber, `${numberId}-error`)}
            className={`${inputClass} font-mono disabled:bg-sand/60 disabled:text-muted`}
          />
        </FormField>
      </div>
      <p id={hintId} className={`mt-3 text-sm ${shipped ? 'text-ink' : 'text-muted'}`}>
        {hint}
      </p>
      <p className="mt-1 text-sm break-words text-muted" data-testid="admin-tracking-saved">
        {order.tracking_number ? (
          <>
            Saved: {order.carrier ?? 'no carrier'}{' '}
            <span className="font-mono text-ink">{order.tracking_number}</span>
            {order.tracking_url && (
              <>
                {' · '}
                <TrackingLink
                  href={order.tracking_url}
                  className="inline-flex items-center gap-1 font-semibold text-maple-dark underline underline-offset-4 hover:text-maple"
                >
                  {`Track on ${order.carrier}`}
                </TrackingLink>
              </>
            )}
          </>
        ) : order.carrier ? (
          `Saved: ${order.carrier}, no tracking number yet.`
        ) : (
          'No shipping details saved yet.'
        )}
      </p>
    </fieldset>
  );
}
