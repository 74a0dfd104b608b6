import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { checkoutTexts } from '../texts';

const STEPS = [
  { label: 'Information', to: '/checkout' },
  { label: 'Shipping', to: '/checkout/shipping' },
  { label: 'Payment', to: '/checkout/payment' },
] as const;

/** Where the shopper is in the checkout; earlier steps link back. */
function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Checkout steps" className="mt-5">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {STEPS.map((step, index) => {
          const number = index + 1;
          const done = number < current;
          const active = number === current;
          return (
            <li key={step.to} className="flex items-center gap-2">
              {index > 0 && (
                <span aria-hidden="true" className="text-muted">
                  /
                </span>
              )}
              {done ? (
                <Link
                  to={step.to}
                  className="inline-flex items-center gap-1 font-semibold text-maple-dark underline-offset-4 hover:underline"
                >
                  <Check className="h-4 w-4" aria-hidden="true" />
                  {step.label}
                  <span className="sr-only"> (done)</span>
                </Link>
              ) : (
                <span
                  aria-current={active ? 'step' : undefined}
                  className={active ? 'font-semibold text-cocoa' : 'text-muted'}
                >
                  {step.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The frame of the three checkout steps: title, steps, the step's content and the order summary. */
export function CheckoutFrame({
  step,
  title = checkoutTexts.expressCheckout,
  summary,
  children,
}: {
  step: 1 | 2 | 3;
  title?: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-sand py-10 sm:py-14">
      <div className="container-page max-w-6xl">
        <p className="eyebrow">Secure checkout</p>
        <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">{title}</h1>
        <CheckoutSteps current={step} />
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
          <div className="min-w-0 space-y-6">{children}</div>
          {summary}
        </div>
      </div>
    </div>
  );
}

/** A white card of a checkout step, titled. */
export function CheckoutCard({
  title,
  id,
  action,
  children,
}: {
  title: string;
  id: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8">
      <div className="flex items-start justify-between gap-4">
        <h2 id={id} className="font-display text-2xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The checkout with nothing to buy: 'Your cart is empty' and the way back to the shop. */
export function EmptyCheckout() {
  return (
    <div className="rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-beige">
      <p className="font-display text-2xl font-semibold text-cocoa">{checkoutTexts.emptyCart}</p>
      <p className="mt-2 text-muted">Add your favorite snacks to the cart and fuel your day.</p>
      <Link to="/shop" className="btn-primary mt-6">
        {checkoutTexts.shopNow}
      </Link>
    </div>
  );
}
