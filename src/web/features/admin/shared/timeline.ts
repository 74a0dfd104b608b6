import type { OrderEventActor } from '../../../../domain/fulfilment';

/** Who did it, as a timeline says it: 'Customer', the admin's name, or the shop itself. */
export function actorLabel(actor: OrderEventActor): string {
  switch (actor.kind) {
    case 'customer':
      return 'Customer';
    case 'admin':
      return actor.name?.trim() || 'Admin';
    default:
      return 'Northbite';
  }
}
