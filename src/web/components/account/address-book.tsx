import { MapPin, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  addressMessages,
  MAX_SAVED_ADDRESSES,
  type AddressBook as Book,
  type SavedAddress,
} from '../../../domain/addresses';
import { formatPhone } from '../../../domain/phone';
import { userMessage } from '../../api';
import {
  deleteAddress,
  loadAddressBook,
  saveAddress,
  updateAddress,
} from '../../features/account/address-book';
import { Spinner } from '../spinner';
import { SavedAddressForm, type SavedAddressDraft } from './saved-address-form';

type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | null;
/** Where focus goes once the list shows the result of an action. */
type FocusTarget = { kind: 'address'; id: number } | { kind: 'heading' } | { kind: 'add' } | null;

const linkButton =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-maple-dark hover:bg-sand';

/**
 * "Addresses" on the profile (decision 0049): the saved addresses with the default marked, and
 * adding, editing, deleting (after a confirmation) and choosing the default. Each result is said in
 * a status line and focus goes where the change is. `onChange` hears the book once read and after
 * each change (its `accountAddress` is the default's summary), so the account details show it.
 */
export function AddressBook({
  fallbackName,
  onChange,
}: {
  fallbackName: { firstName: string; lastName: string; phoneNumber: string | null };
  onChange: (book: Book) => void;
}) {
  const [book, setBook] = useState<Book | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<SavedAddress | null>(null);
  // Set with the state change it follows; the render that shows the change moves focus.
  const focus = useRef<FocusTarget>(null);
  const setFocus = (target: FocusTarget) => {
    focus.current = target;
  };
  const dialog = useRef<HTMLDialogElement>(null);
  const section = useRef<HTMLElement>(null);
  /** The dialog closes because the deletion goes ahead: focus is the deletion's business then. */
  const deleting = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    loadAddressBook(controller.signal)
      .then((loaded) => {
        setBook(loaded);
        onChange(loaded);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load the saved addresses', error);
        setLoadError(addressMessages.loadFailed);
      });
    return () => controller.abort();
    // Read once, when the section appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const wanted = focus.current;
    if (!wanted) return;
    focus.current = null;
    const root = section.current;
    const target =
      wanted.kind === 'address'
        ? root?.querySelector<HTMLElement>(`#saved-address-${wanted.id}`)
        : wanted.kind === 'add'
          ? root?.querySelector<HTMLElement>('#address-add')
          : root?.querySelector<HTMLElement>('#addresses-title');
    target?.focus();
  });

  useEffect(() => {
    if (confirming) dialog.current?.showModal();
  }, [confirming]);

  const applied = (next: Book, said: string, then: FocusTarget) => {
    setBook(next);
    setStatus(said);
    setFocus(then);
    onChange(next);
  };

  async function save(draft: SavedAddressDraft) {
    setProblem(null);
    try {
      if (editing?.kind === 'edit') {
        const next = await updateAddress(editing.id, draft.fields);
        setEditing(null);
        applied(next, 'Address saved.', { kind: 'address', id: editing.id });
      } else {
        const next = await saveAddress(draft.fields, draft.makeDefault);
        setEditing(null);
        const saved = next.addresses.find((a) => a.id === next.id);
        applied(next, saved?.isDefault ? 'Address saved as your default.' : 'Address saved.', {
          kind: 'address',
          id: next.id,
        });
      }
    } catch (error) {
      console.error('Failed to save the address', error);
      setProblem(userMessage(error, addressMessages.saveFailed));
    }
  }

  async function makeDefault(address: SavedAddress) {
    setBusyId(address.id);
    setStatus('');
    try {
      const next = await updateAddress(address.id, { isDefault: true });
      applied(next, 'Default address changed.', { kind: 'address', id: address.id });
    } catch (error) {
      console.error('Failed to change the default address', error);
      setStatus(userMessage(error, addressMessages.saveFailed));
    } finally {
      setBusyId(null);
    }
  }

  async function remove(address: SavedAddress) {
    deleting.current = true;
    dialog.current?.close();
    setConfirming(null);
    setBusyId(address.id);
    setStatus('');
    try {
      const next = await deleteAddress(address.id);
      applied(next, 'Address deleted.', { kind: 'heading' });
    } catch (error) {
      console.error('Failed to delete the address', error);
      setStatus(userMessage(error, addressMessages.deleteFailed));
      setFocus({ kind: 'address', id: address.id });
    } finally {
      setBusyId(null);
    }
  }

  const cancelEditing = () => {
    const was = editing;
    setEditing(null);
    setProblem(null);
    setFocus(was?.kind === 'edit' ? { kind: 'address', id: was.id } : { kind: 'add' });
  };

  const addresses = book?.addresses ?? [];
  const full = addresses.length >= MAX_SAVED_ADDRESSES;

  return (
    <section
      ref={section}
      aria-labelledby="addresses-title"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="addresses-title" tabIndex={-1} className="font-display text-2xl font-semibold outline-none">
          Addresses
        </h2>
        {book && editing?.kind !== 'new' && (
          <button
            id="address-add"
            type="button"
            disabled={full}
            onClick={() => {
              setEditing({ kind: 'new' });
              setProblem(null);
              setStatus('');
            }}
            className={`${linkButton} gap-2 disabled:cursor-not-allowed disabled:text-muted disabled:hover:bg-transparent`}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Add an address
          </button>
        )}
      </div>
      <p className="mt-1 text-sm text-muted">
        Your default address fills in the checkout. We ship within British Columbia.
        {full && ` You can keep up to ${MAX_SAVED_ADDRESSES}; delete one to add another.`}
      </p>
      <p role="status" className="mt-2 text-sm font-medium text-forest empty:hidden">
        {status}
      </p>
      {!book && !loadError && <Spinner label="Loading your addresses" className="py-8" />}
      {loadError && (
        <p role="alert" className="mt-4 font-medium text-danger">
          {loadError}
        </p>
      )}
      {editing?.kind === 'new' && (
        <div className="mt-4 rounded-2xl bg-cream p-4 ring-1 ring-beige sm:p-6">
          <h3 className="mb-4 font-sans font-semibold text-cocoa">New address</h3>
          <SavedAddressForm
            idPrefix="new-address"
            fallbackName={fallbackName}
            offerDefault={addresses.length > 0}
            problem={problem}
            onSave={save}
            onCancel={cancelEditing}
          />
        </div>
      )}
      {book && addresses.length === 0 && editing?.kind !== 'new' && (
        <div className="mt-4 flex items-center gap-3 rounded-2xl bg-sand px-5 py-5 text-cocoa">
          <MapPin className="h-5 w-5 shrink-0 text-maple-dark" aria-hidden="true" />
          <p className="text-sm">
            No saved addresses yet. Add one here, or tick “Save this address” at checkout.
          </p>
        </div>
      )}
      {addresses.length > 0 && (
        <ul className="mt-4 space-y-3" aria-label="Saved addresses">
          {addresses.map((address) => (
            <li key={address.id}>
              {editing?.kind === 'edit' && editing.id === address.id ? (
                <div className="rounded-2xl bg-cream p-4 ring-1 ring-beige sm:p-6">
                  <h3 className="mb-4 font-sans font-semibold text-cocoa">Edit address</h3>
                  <SavedAddressForm
                    idPrefix={`edit-address-${address.id}`}
                    address={address}
                    fallbackName={fallbackName}
                    offerDefault={false}
                    problem={problem}
                    onSave={save}
                    onCancel={cancelEditing}
                  />
                </div>
              ) : (
                <AddressCard
                  address={address}
                  busy={busyId === address.id}
                  onEdit={() => {
                    setEditing({ kind: 'edit', id: address.id });
                    setProblem(null);
                    setStatus('');
                  }}
                  onDelete={() => setConfirming(address)}
                  onMakeDefault={() => void makeDefault(address)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialog}
        aria-labelledby="address-delete-title"
        aria-describedby="address-delete-text"
        onClose={() => {
          if (deleting.current) {
            deleting.current = false;
            return;
          }
          if (confirming) {
            const id = confirming.id;
            setConfirming(null);
            setFocus({ kind: 'address', id });
          }
        }}
        className="m-auto w-[min(92vw,420px)] rounded-3xl bg-white p-8 shadow-2xl backdrop:bg-ink/60"
      >
        <h2 id="address-delete-title" className="font-display text-2xl font-semibold">
          Delete this address?
        </h2>
        <p id="address-delete-text" className="mt-3 text-muted">
          {confirming ? `${confirming.address1}, ${confirming.city} ${confirming.postalCode}` : ''} will be
          removed from your address book. Orders already placed keep their address.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button
            type="button"
            autoFocus
            onClick={() => dialog.current?.close()}
            className="inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold text-cocoa hover:bg-sand"
          >
            Keep it
          </button>
          <button
            type="button"
            onClick={() => confirming && void remove(confirming)}
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-danger px-6 py-3 text-sm font-semibold text-white transition-colors hover:bg-danger/90"
          >
            Delete address
          </button>
        </div>
      </dialog>
    </section>
  );
}

function AddressCard({
  address,
  busy,
  onEdit,
  onDelete,
  onMakeDefault,
}: {
  address: SavedAddress;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}) {
  const titleId = `saved-address-${address.id}-title`;
  const short = address.address1;
  return (
    <article
      id={`saved-address-${address.id}`}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={`rounded-2xl px-5 py-4 outline-none ring-1 focus-visible:ring-2 focus-visible:ring-maple ${
        address.isDefault ? 'bg-maple/5 ring-maple/40' : 'bg-white ring-beige'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 text-sm leading-relaxed text-ink">
          <h3 id={titleId} className="flex flex-wrap items-center gap-2 font-sans font-semibold text-cocoa">
            {address.firstName} {address.lastName}
            {address.isDefault && (
              <span className="rounded-full bg-forest/10 px-2 py-0.5 text-xs font-semibold text-forest">
                Default
              </span>
            )}
          </h3>
          <address className="not-italic">
            <span className="block break-words">{address.address1}</span>
            {address.address2 && <span className="block break-words">{address.address2}</span>}
            <span className="block">
              {address.city}, {address.state} {address.postalCode}
            </span>
            <span className="block">{address.country}</span>
          </address>
          <p className="mt-1 text-muted">{formatPhone(address.phoneNumber)}</p>
        </div>
        <div className="-mx-2 flex flex-wrap items-center gap-1">
          {!address.isDefault && (
            <button type="button" onClick={onMakeDefault} disabled={busy} className={linkButton}>
              Make default<span className="sr-only"> ({short})</span>
            </button>
          )}
          <button type="button" onClick={onEdit} disabled={busy} className={linkButton}>
            Edit<span className="sr-only"> {short}</span>
          </button>
          <button
            type="button"
            onClick={onDelete}
            disabled={busy}
            className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-danger hover:bg-danger/10"
          >
            Delete<span className="sr-only"> {short}</span>
          </button>
        </div>
      </div>
    </article>
  );
}
