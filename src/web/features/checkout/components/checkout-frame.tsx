import { Check } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigationType } from 'react-router';
import { checkoutTexts } from '../texts';

const STEPS = [
  { label: 'Address', to: '/checkout' },
  { label: 'Shipping', to: '/checkout/shipping' },
  { label: 'Payment', to: '/checkout/payment' },
] as const;

type StepNumber = 1 | 2 | 3;

/** Where the shopper is in the checkout, numbered; earlier steps link back. */
function CheckoutSteps({ current }: { current: StepNumber }) {
  return (
    <nav aria-label="Checkout steps" className="mt-6">
      <ol className="grid max-w-xl grid-cols-3 gap-2 text-sm" data-testid="checkout-steps">
        {STEPS.map((step, index) => {
          const number = index + 1;
          const done = number < current;
          const active = number === current;
          const marker = (
            <span
              aria-hidden="true"
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                active
                  ? 'bg-cocoa text-cream'
                  : done
                    ? 'bg-maple-dark text-white'
                    : 'bg-white text-muted ring-1 ring-beige'
              }`}
            >
              {done ? <Check className="h-4 w-4" /> : number}
            </span>
          );
          return (
            <li
              key={step.to}
              className={`flex items-center gap-2 border-t-4 pt-2 ${
                number <= current ? 'border-cocoa' : 'border-beige'
              }`}
            >
              {done ? (
                <Link
                  to={step.to}
                  className="inline-flex items-center gap-2 font-semibold text-maple-dark underline-offset-4 hover:underline"
                >
                  {marker}
                  {step.label}
                  <span className="sr-only"> (done)</span>
                </Link>
              ) : (
                <span
                  aria-current={active ? 'step' : undefined}
                  className={`inline-flex items-center gap-2 ${active ? 'font-semibold text-cocoa' : 'text-muted'}`}
                >
                  {marker}
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

/**
 * The frame of the three checkout steps: title, steps, the step's content and the order summary.
 * Each step puts the keyboard and screen-reader focus on its heading when it opens, so a keyboard
 * shopper does not walk through the header again (docs/product.md, Checkout); the heading names the
 * step.
 */
export function CheckoutFrame({
  step,
  title = checkoutTexts.expressCheckout,
  summary,
  children,
}: {
  step: StepNumber;
  title?: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // 'POP' is a page opened fresh (or the browser's back button): it starts at the top as any page.
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') heading.current?.focus({ preventScroll: true });
  }, [navigationType, step]);
  return (
    <div className="bg-sand py-10 sm:py-14">
      <div className="container-page max-w-6xl">
        <p className="eyebrow">Secure checkout</p>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-2 font-display text-3xl font-bold outline-none sm:text-4xl"
        >
          {title}
          <span className="sr-only">{`, step ${step} of ${STEPS.length}: ${STEPS[step - 1]!.label}`}</span>
        </h1>
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
