/**
 * The signed-in shopper's address book (decision 0049), for the profile and the checkout. Answers
 * are checked against the domain's schema; a failed call throws the server's ApiError.
 */
import {
  addressBookSchema,
  addressCreatedSchema,
  type AddressBook,
  type AddressCreated,
  type SavedAddressFields,
} from '../../../domain/addresses';
import { messages } from '../../../domain/messages';
import { apiRequest } from '../../api';

const URL = '/api/users/me/addresses';

function parsed<T>(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: T } },
  reply: unknown,
): T {
  const result = schema.safeParse(reply);
  if (!result.success || result.data === undefined) throw new Error(messages.invalidServerResponse);
  return result.data;
}

export async function loadAddressBook(signal?: AbortSignal): Promise<AddressBook> {
  return parsed<AddressBook>(addressBookSchema, await apiRequest<unknown>(URL, signal ? { signal } : {}));
}

/** Saves an address (the first one becomes the default); one already saved is answered instead. */
export async function saveAddress(fields: SavedAddressFields, isDefault = false): Promise<AddressCreated> {
  return parsed<AddressCreated>(
    addressCreatedSchema,
    await apiRequest<unknown>(URL, { method: 'POST', body: { ...fields, isDefault } }),
  );
}

export async function updateAddress(
  id: number,
  change: Partial<SavedAddressFields> & { isDefault?: true },
): Promise<AddressBook> {
  return parsed<AddressBook>(
    addressBookSchema,
    await apiRequest<unknown>(`${URL}/${id}`, { method: 'PATCH', body: change }),
  );
}

export async function deleteAddress(id: number): Promise<AddressBook> {
  return parsed<AddressBook>(
    addressBookSchema,
    await apiRequest<unknown>(`${URL}/${id}`, { method: 'DELETE' }),
  );
}
