import type { ReactNode } from 'react';
import { data, isRouteErrorResponse } from 'react-router';
import { formatPrice } from '../../domain/money';
import type { Order } from '../../domain/orders';
import { CREDIT_NOTE_NOT_FOUND, creditNoteOf, receiptDate, type CreditNote } from '../../domain/receipt';
import { ApiError } from '../api';
import { BusinessHeading, DocumentActions, ReceiptLines } from '../components/orders/documents';
import { fetchOrder } from '../features/checkout/checkout-api';
import { orderTexts } from '../features/checkout/texts';
import { RequireUser } from '../features/session/require-user';
import { SignedInFallback } from '../features/session/signed-in-route';
import { getStoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/order-credit-note';

/**
 * A refund's credit note (decision 0070): what it gave back of the goods, the shipping and each
 * tax, against the order's receipt; the owner's or an admin's, read with the session.
 */
export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl, business: context.settings.business });
}

export const headers = publicPageHeaders;

export function meta({ data: page, params, matches }: Route.MetaArgs) {
  const origin = page?.origin ?? matches[0]?.data?.settings.publicUrl;
  if (!origin) return [];
  return pageMeta({
    title: `Credit note, order #${params.orderId}`,
    description: 'The credit note of a refund on your Northbite order.',
    origin,
    path: `/orders/${encodeURIComponent(params.orderId)}/credit-notes/${encodeURIComponent(params.refundId)}`,
    noindex: true,
  });
}

const isId = (value: string) => /^[1-9]\d{0,15}$/.test(value);
const noSuchNote = () => data(CREDIT_NOTE_NOT_FOUND, { status: 404 });

export async function clientLoader({ params, request, serverLoader }: Route.ClientLoaderArgs) {
  if (!getStoredUser()) return { ...(await serverLoader()), order: null };
  if (!isId(params.orderId) || !isId(params.refundId)) throw noSuchNote();
  const [page, order] = await Promise.all([serverLoader(), loadOrder(params.orderId, request.signal)]);
  return { ...page, order };
}
clientLoader.hydrate = true as const;

async function loadOrder(orderId: string, signal: AbortSignal): Promise<Order> {
  try {
    return await fetchOrder(orderId, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw noSuchNote();
    throw error;
  }
}

export const HydrateFallback = SignedInFallback;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Frame>
      <p role="alert" className="font-display text-2xl font-semibold text-cocoa">
        {missing ? CREDIT_NOTE_NOT_FOUND : orderTexts.fetchDetailsFailed(message)}
      </p>
    </Frame>
  );
}

export default function OrderCreditNote({ loaderData, params }: Route.ComponentProps) {
  const { order, business } = loaderData;
  return (
    <RequireUser>
      {() => {
        if (!order) return <SignedInFallback />;
        const note = creditNoteOf(order, Number(params.refundId), business);
        return note ? (
          <NoteView note={note} />
        ) : (
          <Frame>
            <p role="alert" className="font-display text-2xl font-semibold text-cocoa">
              {CREDIT_NOTE_NOT_FOUND}
            </p>
          </Frame>
        );
      }}
    </RequireUser>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="bg-sand py-10 print:bg-white print:py-0 sm:py-14">
      <div className="container-page max-w-3xl">{children}</div>
    </div>
  );
}

function NoteView({ note }: { note: CreditNote }) {
  return (
    <Frame>
      <DocumentActions
        backTo={`/orders/${note.orderId}/receipt`}
        backLabel={`Back to the receipt of order #${note.orderId}`}
        pdfPath={`/api/orders/${note.orderId}/refunds/${note.refundId}/credit-note.pdf`}
        fileName={`northbite-credit-note-${note.number}.pdf`}
      />
      <article
        aria-labelledby="credit-note-title"
        className="space-y-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige print:rounded-none print:p-0 print:shadow-none print:ring-0 sm:p-10"
      >
        <header className="space-y-6">
          <BusinessHeading business={note.business} />
          <div>
            <h1 id="credit-note-title" className="font-display text-3xl font-bold">
              Credit note
            </h1>
            <p className="text-muted">
              {note.number} · {receiptDate(note.issuedAt)}
            </p>
          </div>
        </header>
        <section aria-labelledby="credit-note-customer" className="text-sm">
          <h2 id="credit-note-customer" className="font-semibold">
            Issued to
          </h2>
          <p>{note.customer.name}</p>
          {note.customer.address.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>{note.customer.email}</p>
        </section>
        <p className="text-sm">
          Against the receipt of {note.receipt.title}, {receiptDate(note.receipt.issuedAt)}. Reason:{' '}
          {note.reason}
        </p>
        {note.lines.length > 0 && (
          <ReceiptLines
            lines={note.lines}
            caption="What was refunded, with each line's tax"
            testId="credit-note-line"
          />
        )}
        <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-y-1 text-sm [&>div>dt]:pr-6 [&>dt]:pr-6">
          <dt>Goods</dt>
          <dd className="text-right tabular-nums">{formatPrice(note.goodsCents)}</dd>
          <dt>Shipping</dt>
          <dd className="text-right tabular-nums">{formatPrice(note.shippingCents)}</dd>
          {note.taxes.map((tax) => (
            <div key={tax.label} className="contents" data-testid="credit-note-tax">
              <dt>{tax.label}</dt>
              <dd className="text-right tabular-nums">{formatPrice(tax.amountCents)}</dd>
            </div>
          ))}
          <dt className="border-t border-beige pt-2 font-semibold">Total refunded</dt>
          <dd className="border-t border-beige pt-2 text-right font-semibold tabular-nums">
            {formatPrice(note.totalCents)}
          </dd>
        </dl>
        <p className="text-xs text-muted">
          Refunded to the card the order was paid with. The taxes refunded reduce the tax charged on the
          receipt above.
        </p>
      </article>
    </Frame>
  );
}
