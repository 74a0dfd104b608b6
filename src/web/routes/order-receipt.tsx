import type { ReactNode } from 'react';
import { data, isRouteErrorResponse, Link } from 'react-router';
import { formatPrice } from '../../domain/money';
import type { Order } from '../../domain/orders';
import { creditNoteNumber, receiptDate, receiptOf, type Receipt } from '../../domain/receipt';
import { BusinessHeading, DocumentActions, ReceiptLines } from '../components/orders/documents';
import { ApiError } from '../api';
import { fetchOrder } from '../features/checkout/checkout-api';
import { orderTexts } from '../features/checkout/texts';
import { RequireUser } from '../features/session/require-user';
import { SignedInFallback } from '../features/session/signed-in-route';
import { getStoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/order-receipt';

/**
 * An order's printable receipt (decision 0069): the owner's or an admin's, read in the browser with
 * the session like the order page, with the business's identity from the settings and a PDF of
 * the same receipt.
 */
export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl, business: context.settings.business });
}

export const headers = publicPageHeaders;

export function meta({ data: page, params, matches }: Route.MetaArgs) {
  const origin = page?.origin ?? matches[0]?.data?.settings.publicUrl;
  if (!origin) return [];
  return pageMeta({
    title: `Receipt, order #${params.orderId}`,
    description: 'The receipt of your Northbite order.',
    origin,
    path: `/orders/${encodeURIComponent(params.orderId)}/receipt`,
    noindex: true,
  });
}

const isOrderId = (value: string) => /^[1-9]\d{0,15}$/.test(value);
const noSuchOrder = () => data(orderTexts.noOrderFound, { status: 404 });

export async function clientLoader({ params, request, serverLoader }: Route.ClientLoaderArgs) {
  if (!getStoredUser()) return { ...(await serverLoader()), order: null };
  if (!isOrderId(params.orderId)) throw noSuchOrder();
  const [page, order] = await Promise.all([serverLoader(), loadOrder(params.orderId, request.signal)]);
  return { ...page, order };
}
clientLoader.hydrate = true as const;

async function loadOrder(orderId: string, signal: AbortSignal): Promise<Order> {
  try {
    return await fetchOrder(orderId, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw noSuchOrder();
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
        {missing ? orderTexts.noOrderFound : orderTexts.fetchDetailsFailed(message)}
      </p>
    </Frame>
  );
}

export default function OrderReceipt({ loaderData }: Route.ComponentProps) {
  const { order, business } = loaderData;
  return (
    <RequireUser>
      {() => (order ? <ReceiptView receipt={receiptOf(order, business)} /> : <SignedInFallback />)}
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

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const movements = [
    ...receipt.payments,
    ...receipt.refunds.map((refund) => ({ ...refund, amountCents: -refund.amountCents })),
  ];
  return (
    <Frame>
      <DocumentActions
        backTo={`/orders/${receipt.orderId}`}
        backLabel={`Back to order #${receipt.orderId}`}
        pdfPath={`/api/orders/${receipt.orderId}/receipt.pdf`}
        fileName={`northbite-receipt-${receipt.orderId}.pdf`}
      />
      <article
        aria-labelledby="receipt-title"
        className="space-y-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige print:rounded-none print:p-0 print:shadow-none print:ring-0 sm:p-10"
      >
        <header className="space-y-6">
          <BusinessHeading business={receipt.business} />
          <div>
            <h1 id="receipt-title" className="font-display text-3xl font-bold">
              Receipt
            </h1>
            <p className="text-muted">
              {receipt.title} · {receiptDate(receipt.issuedAt)}
            </p>
          </div>
        </header>
        <section aria-labelledby="receipt-customer" className="text-sm">
          <h2 id="receipt-customer" className="font-semibold">
            Sold to
          </h2>
          <p>{receipt.customer.name}</p>
          {receipt.customer.address.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>{receipt.customer.email}</p>
        </section>
        <ReceiptLines lines={receipt.lines} caption="What was sold, with each line's tax" />
        <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-y-1 text-sm [&>dt]:pr-6 [&>div>dt]:pr-6">
          <dt>Subtotal</dt>
          <dd className="text-right tabular-nums">{formatPrice(receipt.subtotalCents)}</dd>
          <dt>Shipping</dt>
          <dd className="text-right tabular-nums">{formatPrice(receipt.shippingCents)}</dd>
          {receipt.taxes.map((tax) => (
            <div key={tax.label} className="contents" data-testid="receipt-tax">
              <dt>{tax.label}</dt>
              <dd className="text-right tabular-nums">{formatPrice(tax.amountCents)}</dd>
            </div>
          ))}
          <dt className="border-t border-beige pt-2 font-semibold">Total</dt>
          <dd className="border-t border-beige pt-2 text-right font-semibold tabular-nums">
            {formatPrice(receipt.totalCents)}
          </dd>
        </dl>
        <section aria-labelledby="receipt-payments" className="text-sm">
          <h2 id="receipt-payments" className="font-semibold">
            Payments and refunds
          </h2>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
            {movements.map((movement, index) => (
              <div key={index} className="contents">
                <dt>
                  {receiptDate(movement.at)} · {movement.label}
                  {movement.refundId !== undefined && (
                    <>
                      {' · '}
                      <Link
                        to={`/orders/${receipt.orderId}/credit-notes/${movement.refundId}`}
                        className="font-semibold text-maple-dark underline underline-offset-4"
                      >
                        Credit note {creditNoteNumber(movement.refundId)}
                      </Link>
                    </>
                  )}
                </dt>
                <dd className="text-right tabular-nums">
                  {movement.amountCents < 0
                    ? `-${formatPrice(-movement.amountCents)}`
                    : formatPrice(movement.amountCents)}
                </dd>
              </div>
            ))}
            <dt className="font-semibold">Net paid</dt>
            <dd className="text-right font-semibold tabular-nums">{formatPrice(receipt.netPaidCents)}</dd>
          </dl>
        </section>
        <p className="text-xs text-muted">
          Taxes are shown by code on each line: GST or HST as charged; a zero-rated line (basic groceries)
          pays none. Prices in Canadian dollars.
        </p>
      </article>
    </Frame>
  );
}
