import type { ShippingInfo } from '../../../domain/checkout';
import type { Order } from '../../../domain/orders';
import { formatPhone } from '../../../domain/phone';

export interface AddressLines {
  name: string;
  lines: string[];
  phone?: string | null;
  email?: string | null;
}

export function shippingInfoAddress(info: ShippingInfo): AddressLines {
  return {
    name: `${info.firstName} ${info.lastName}`,
    lines: [
      info.address1,
      ...(info.address2 ? [info.address2] : []),
      `${info.city}, ${info.state} ${info.postalCode}`,
      info.country,
    ],
    phone: info.phoneNumber,
    email: info.email,
  };
}

export function orderAddress(order: Order): AddressLines {
  return {
    name: `${order.first_name} ${order.last_name}`,
    lines: [
      order.shipping_address,
      ...(order.shipping_address2 ? [order.shipping_address2] : []),
      `${order.shipping_city}, ${order.shipping_state} ${order.shipping_postal_code}`,
      order.shipping_country,
    ],
    phone: order.phone_number,
    email: order.email,
  };
}

/** A postal address with the contact details under it. */
export function AddressBlock({ address, testId }: { address: AddressLines; testId?: string }) {
  return (
    <div className="text-sm leading-relaxed text-ink" data-testid={testId}>
      <address className="not-italic">
        <span className="block font-semibold text-cocoa">{address.name}</span>
        {address.lines.map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
      {(address.phone || address.email) && (
        <p className="mt-2 text-muted">
          {address.phone && <span className="block">{formatPhone(address.phone)}</span>}
          {address.email && <span className="block break-words">{address.email}</span>}
        </p>
      )}
    </div>
  );
}
