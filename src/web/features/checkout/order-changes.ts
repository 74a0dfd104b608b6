/**
 * What a shopper changes on their order page (docs/product.md, Orders): cancelling it and editing
 * its shipping address. The page's clientAction runs these; `reload` says whether the page should
 * read the order again (it changed, or its status moved meanwhile: 409).
 */
import { messages } from '../../../domain/messages';
import { orderSchema, type OrderAddressUpdate } from '../../../domain/orders';
import { ApiError, apiRequest, userMessage } from '../../api';
import { orderTexts } from './texts';

export interface OrderChange {
  done: boolean;
  /** What to say when it was not done (the address form shows it; cancelling has its own text). */
  problem: string | null;
  reload: boolean;
}

/** What the order page submits to its clientAction (as JSON). */
export type OrderSubmission = { intent: 'cancel' } | { intent: 'address'; address: OrderAddressUpdate };

const movedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409;

export async function cancelOrder(orderId: string, signal?: AbortSignal): Promise<OrderChange> {
  try {
    await apiRequest<unknown>(`/api/orders/${orderId}/cancel`, {
      method: 'POST',
      ...(signal ? { signal } : {}),
    });
    return { done: true, problem: null, reload: true };
  } catch (error) {
    console.error('Failed to cancel order', error);
    return { done: false, problem: orderTexts.cancelFailed, reload: movedMeanwhile(error) };
  }
}

export async function changeOrderAddress(
  orderId: string,
  address: OrderAddressUpdate,
  signal?: AbortSignal,
): Promise<OrderChange> {
  try {
    const reply = await apiRequest<unknown>(`/api/orders/${orderId}`, {
      method: 'PATCH',
      body: address,
      ...(signal ? { signal } : {}),
    });
    if (!orderSchema.safeParse(reply).success) throw new Error('Invalid response from the server');
    return { done: true, problem: null, reload: true };
  } catch (error) {
    // The new address ships at another rate than the one paid (decision 0022): the server says what
    // to do.
    if (error instanceof ApiError && error.message === messages.shippingChangeRefused) {
      return { done: false, problem: error.message, reload: false };
    }
    console.error('Failed to update shipping address', error);
    // A 401 says why too, before the page sends the shopper to /login.
    const reason = userMessage(error, '', { include401: true });
    return {
      done: false,
      problem: reason ? `${orderTexts.updateAddressFailed}: ${reason}` : orderTexts.updateAddressFailed,
      // The status changed meanwhile (409): the page shows the order as it is now.
      reload: movedMeanwhile(error),
    };
  }
}
