import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { Product } from '../../../domain/catalog';
import {
  shippingInfoSchema,
  withShippingArea,
  type ShippingInfo,
  type ShippingInfoInput,
} from '../../../domain/checkout';
import { useShippingArea } from '../../shipping-area';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import { phoneCountry } from '../../../domain/phone';
import type { ApiSubscription } from '../../../domain/subscription-schemas';
import { subscriptionMessages } from '../../../domain/subscription-messages';
import { subscriptionPriceCents } from '../../../domain/subscriptions';
import { userMessage } from '../../api';
import { changeSubscription, loadCatalogue } from '../../features/account/subscriptions';
import { addressFormValues, shippingFieldLabels, ShippingAddressFields } from '../checkout/address-fields';
import { FormErrorSummary, useFocusFirstInvalid, type FieldLabel } from '../checkout/form-errors';
import { QuantitySelector } from '../product/quantity-selector';

const linkButton =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-maple-dark hover:bg-sand disabled:cursor-not-allowed disabled:text-muted';
const SAVE_FAILED = 'Failed to update the subscription. Please try again.';
const total = (s: ApiSubscription) => formatPrice(dollarsToCents(s.next_total.total));

type Editing = 'items' | 'address';

/**
 * Changing an open subscription's items and address from its card (docs/product.md, Subscriptions;
 * decision 0056): "Change items" sets each product's quantity, swaps a flavour for another product
 * of its category and removes a product (never the last: a subscription needs one); "Change address"
 * is the checkout's shipping address form, checked by the same schema. Each saves with one PATCH and
 * says the next total it answers. An editor opens under its button with focus on its heading, and
 * closing it (Close, or Escape) puts focus back on the button.
 */
export function SubscriptionEdit({
  subscription,
  onChange,
}: {
  subscription: ApiSubscription;
  onChange: (subscription: ApiSubscription) => void;
}) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const openers = { items: useRef<HTMLButtonElement>(null), address: useRef<HTMLButtonElement>(null) };
  const editorId = `subscription-${subscription.id}-edit`;

  const close = () => {
    if (!editing) return;
    setEditing(null);
    openers[editing].current?.focus();
  };
  const opener = (which: Editing, label: string) => (
    <button
      ref={openers[which]}
      type="button"
      className={linkButton}
      aria-expanded={editing === which}
      aria-controls={editing === which ? editorId : undefined}
      onClick={() => (editing === which ? close() : setEditing(which))}
    >
      {label}
    </button>
  );

  return (
    <div className="mt-3">
      <div className="-ml-4 flex flex-wrap items-center gap-1">
        {opener('items', 'Change items')}
        {opener('address', 'Change address')}
      </div>
      {editing === 'items' && (
        <Editor id={editorId} title="Change items" onClose={close}>
          <ItemsEditor subscription={subscription} onChange={onChange} onClose={close} />
        </Editor>
      )}
      {editing === 'address' && (
        <Editor id={editorId} title="Change address" onClose={close}>
          <AddressEditor subscription={subscription} onChange={onChange} onClose={close} />
        </Editor>
      )}
    </div>
  );
}

/** The panel of an editor: titled, focused on its title when it opens, closed by Escape. */
function Editor({
  id,
  title,
  onClose,
  children,
}: {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    // As much of the editor as fits comes into view, its top clear of the sticky header.
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  return (
    <section
      ref={panel}
      id={id}
      aria-labelledby={`${id}-title`}
      className="-mx-4 mt-2 scroll-mt-28 scroll-mb-4 rounded-xl bg-sand p-3 sm:mx-0 sm:p-5"
      onKeyDown={onKeyDown}
    >
      <h4
        id={`${id}-title`}
        ref={heading}
        tabIndex={-1}
        className="font-sans text-base font-semibold text-cocoa outline-none"
      >
        {title}
      </h4>
      {children}
    </section>
  );
}

/** The save and close buttons of an editor, with what the last save said. */
function EditorFooter({
  saveLabel,
  busy,
  status,
  problem,
  onClose,
  save,
}: {
  saveLabel: string;
  busy: boolean;
  status: string;
  problem: string | null;
  onClose: () => void;
  save?: { ref?: Ref<HTMLButtonElement>; onClick?: () => void };
}) {
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm font-medium text-forest empty:hidden">
        {status}
      </p>
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button
          ref={save?.ref}
          type={save?.onClick ? 'button' : 'submit'}
          className="btn-primary min-h-11 px-5"
          disabled={busy}
          onClick={save?.onClick}
        >
          {busy ? 'Saving...' : saveLabel}
        </button>
        <button type="button" className={linkButton} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

interface Line {
  /** The product the line started with: its key while its flavour changes. */
  key: number;
  id: number;
  quantity: number;
  /** Swaps stay in this category (the server refuses others). */
  category: string;
}

/** A product a line can be: the catalogue's, or the subscription's own when the catalogue lacks it. */
interface Choice {
  id: number;
  name: string;
  category: string;
  unitCents: number;
  soldOut: boolean;
}

function choicesOf(subscription: ApiSubscription, catalogue: Product[] | null): Choice[] {
  const fromCatalogue: Choice[] = (catalogue ?? []).map((p) => ({
    id: p.id,
    name: p.name,
    category: p.category,
    unitCents: subscriptionPriceCents(dollarsToCents(p.price), p.subscribe_save_percent),
    soldOut: p.stock === 0,
  }));
  // A product no longer shown in the shop is still the subscription's until it is swapped.
  const own = subscription.items
    .filter((item) => !fromCatalogue.some((c) => c.id === item.product_id))
    .map((item) => ({
      id: item.product_id,
      name: item.name,
      category: item.category,
      unitCents: dollarsToCents(item.subscription_price),
      soldOut: !item.in_stock,
    }));
  return [...fromCatalogue, ...own];
}

function ItemsEditor({
  subscription: s,
  onChange,
  onClose,
}: {
  subscription: ApiSubscription;
  onChange: (subscription: ApiSubscription) => void;
  onClose: () => void;
}) {
  const [lines, setLines] = useState<Line[]>(() =>
    s.items.map((item) => ({
      key: item.product_id,
      id: item.product_id,
      quantity: item.quantity,
      category: item.category,
    })),
  );
  const [catalogue, setCatalogue] = useState<Product[] | null>(null);
  const [catalogueProblem, setCatalogueProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadCatalogue(controller.signal)
      .then(setCatalogue)
      .catch(() => {
        if (!controller.signal.aborted) {
          setCatalogueProblem('We could not load the other flavours. You can still change the quantities.');
        }
      });
    return () => controller.abort();
  }, []);

  const choices = choicesOf(s, catalogue);
  const choice = (id: number) => choices.find((c) => c.id === id);
  const update = (key: number, change: Partial<Line>) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const remove = (key: number) => {
    setLines((all) => all.filter((line) => line.key !== key));
    setStatus('');
    // The row and its button are gone: focus goes on to saving the change.
    saveButton.current?.focus();
  };

  async function save() {
    setBusy(true);
    setProblem(null);
    setStatus('');
    try {
      const next = await changeSubscription(s.id, {
        items: lines.map((line) => ({ id: line.id, quantity: line.quantity })),
      });
      onChange(next);
      setStatus(`Items saved. Next total ${total(next)} at today's prices.`);
    } catch (error) {
      setProblem(userMessage(error, SAVE_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-muted">
        Change how many of each you get, or swap a flavour for another of the same kind.
      </p>
      {catalogueProblem && <p className="text-sm text-danger">{catalogueProblem}</p>}
      <ul className="space-y-3">
        {lines.map((line) => {
          const current = choice(line.id);
          const name = current?.name ?? '';
          const others = new Set(lines.filter((l) => l.key !== line.key).map((l) => l.id));
          const options = choices.filter(
            (c) => c.category === line.category && (c.id === line.id || !others.has(c.id)),
          );
          const rowId = `subscription-${s.id}-item-${line.key}`;
          return (
            <li
              key={line.key}
              className="rounded-xl bg-white p-3 ring-1 ring-beige sm:p-4"
              data-testid="subscription-edit-item"
            >
              <div role="group" aria-labelledby={`${rowId}-name`}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p id={`${rowId}-name`} className="font-semibold text-cocoa">
                      {name}
                    </p>
                    <p className="text-sm text-muted" data-testid="subscription-edit-price">
                      {current ? `${line.category} · ${formatPrice(current.unitCents)} each` : line.category}
                    </p>
                  </div>
                  {lines.length > 1 && (
                    <button
                      type="button"
                      className="-mt-2 -mr-2 grid h-11 w-11 shrink-0 place-items-center rounded-full text-muted hover:bg-sand hover:text-danger disabled:cursor-not-allowed"
                      disabled={busy}
                      aria-label={`Remove ${name}`}
                      onClick={() => remove(line.key)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                  )}
                </div>
                <div className="mt-3 flex flex-wrap items-end gap-x-4 gap-y-3">
                  <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
                    <label htmlFor={`${rowId}-flavour`} className="text-sm font-semibold text-cocoa">
                      Flavour
                    </label>
                    <select
                      id={`${rowId}-flavour`}
                      value={line.id}
                      disabled={busy}
                      onChange={(event) => update(line.key, { id: Number(event.target.value) })}
                      className="mt-1 block min-h-12 w-full rounded-2xl border border-beige bg-white px-3 py-2 text-ink sm:text-sm"
                    >
                      {options.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.soldOut ? `${c.name} (sold out)` : c.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <span className="block text-sm font-semibold text-cocoa" aria-hidden="true">
                      Quantity
                    </span>
                    <div className="mt-1">
                      <QuantitySelector
                        value={line.quantity}
                        onChange={(quantity) => update(line.key, { quantity })}
                        label={`Quantity of ${name}`}
                        editable
                        disabled={busy}
                      />
                    </div>
                  </div>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {lines.length === 1 && (
        <p className="text-sm text-muted">
          {`${subscriptionMessages.noItems} To stop your deliveries, cancel the subscription.`}
        </p>
      )}
      <EditorFooter
        saveLabel="Save items"
        busy={busy}
        status={status}
        problem={problem}
        onClose={onClose}
        save={{ ref: saveButton, onClick: () => void save() }}
      />
    </div>
  );
}

function AddressEditor({
  subscription: s,
  onChange,
  onClose,
}: {
  subscription: ApiSubscription;
  onChange: (subscription: ApiSubscription) => void;
  onClose: () => void;
}) {
  const idPrefix = `subscription-${s.id}-address`;
  const [initialCountry] = useState(() =>
    s.shipping_address.phoneNumber ? phoneCountry(s.shipping_address.phoneNumber) : 'CA',
  );
  const area = useShippingArea();
  const [schema] = useState(() => withShippingArea(shippingInfoSchema, area));
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ShippingInfoInput, unknown, ShippingInfo>({
    resolver: zodResolver(schema),
    defaultValues: addressFormValues(s.shipping_address, s.shipping_address.email),
    shouldFocusError: false,
  });
  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);
  const [problems, setProblems] = useState<FieldLabel[]>([]);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const labels = shippingFieldLabels(idPrefix);

  const invalid = (found: FieldErrors<ShippingInfoInput>) => {
    setStatus('');
    setProblems(labels.filter(([name]) => found[name]).map(([, label]) => label));
    focusFirstInvalid();
  };
  const submit = handleSubmit(async (info) => {
    setProblems([]);
    setProblem(null);
    setStatus('');
    try {
      const next = await changeSubscription(s.id, { shipping_address: info });
      onChange(next);
      // The fields show the address as kept (the postal code as "A1A 1A1").
      reset(addressFormValues(next.shipping_address, next.shipping_address.email));
      setStatus(`Address saved. Next total ${total(next)} at today's prices.`);
    } catch (error) {
      setProblem(userMessage(error, SAVE_FAILED));
    }
  }, invalid);

  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mt-3 space-y-5"
      aria-label="Subscription shipping address"
    >
      <p className="text-sm text-muted">Your next deliveries ship here.</p>
      <FormErrorSummary fields={problems} />
      <ShippingAddressFields
        idPrefix={idPrefix}
        register={register}
        control={control}
        errors={errors}
        initialCountry={initialCountry}
      />
      <EditorFooter
        saveLabel="Save address"
        busy={isSubmitting}
        status={status}
        problem={problem}
        onClose={onClose}
      />
    </form>
  );
}
