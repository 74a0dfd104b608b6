import { Check, CircleSlash } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Order } from '../../../domain/orders';
import { orderProgress, type StepState } from '../../../domain/order-progress';

const dayFormat = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric' });
const fullFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeStyle: 'short' });

/** What a screen reader says after a step's name; the current step says it through aria-current. */
const STATE_WORDS: Record<StepState, string> = { done: ', done', current: '', upcoming: ', not yet' };

function Marker({ state }: { state: StepState }) {
  if (state === 'done') {
    return (
      <span className="grid h-8 w-8 place-items-center rounded-full bg-forest text-white">
        <Check className="h-4 w-4" strokeWidth={3} aria-hidden="true" />
      </span>
    );
  }
  if (state === 'current') {
    return (
      <span className="grid h-8 w-8 place-items-center rounded-full bg-maple-dark ring-4 ring-maple-light/30">
        <span className="h-2.5 w-2.5 rounded-full bg-white" />
      </span>
    );
  }
  return <span className="block h-8 w-8 rounded-full border-2 border-beige bg-white" />;
}

/**
 * The order's progress (docs/product.md, Orders; decision 0053): Placed, Preparing, Shipped,
 * Delivered as an ordered list, the current step marked with aria-current and its shape (a check for
 * the steps done), each dated where the order records it, and a sentence saying where it stands.
 * Canceled and Refunded are a line of their own. `children` follow in the card: the parcel, and why
 * the order can no longer be canceled.
 */
export function OrderProgress({ order, children }: { order: Order; children?: ReactNode }) {
  const progress = orderProgress(order);
  return (
    <section
      aria-labelledby="order-progress-title"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
      data-testid="order-progress"
    >
      <h2 id="order-progress-title" className="font-display text-2xl font-semibold">
        Progress
      </h2>
      {progress.kind === 'ended' ? (
        <p
          className="mt-4 flex items-start gap-3 rounded-2xl bg-sand/70 px-4 py-3 text-cocoa"
          data-testid="order-ended"
        >
          <CircleSlash className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
          <span>
            <span className="font-semibold">{progress.headline}</span>
            {progress.at && (
              <span className="block text-sm text-muted">
                {progress.status} on{' '}
                <time dateTime={progress.at}>{fullFormat.format(new Date(progress.at))}</time>
              </span>
            )}
          </span>
        </p>
      ) : (
        <>
          <p className="mt-1 text-muted" data-testid="order-progress-headline">
            {progress.headline}
          </p>
          <ol aria-label="Order progress" className="mt-6 grid grid-cols-4">
            {progress.steps.map((step, index) => {
              const reached = step.state !== 'upcoming';
              return (
                <li
                  key={step.label}
                  aria-current={step.state === 'current' ? 'step' : undefined}
                  data-state={step.state}
                  data-testid="order-step"
                  className="relative flex flex-col items-center px-1 text-center"
                >
                  {index > 0 && (
                    <span
                      aria-hidden="true"
                      className={`absolute top-[15px] right-[calc(50%+20px)] left-[calc(-50%+20px)] h-0.5 rounded-full ${
                        reached ? 'bg-forest' : 'bg-beige'
                      }`}
                    />
                  )}
                  <Marker state={step.state} />
                  <span
                    className={`mt-2 text-sm leading-tight ${
                      step.state === 'current'
                        ? 'font-bold text-ink'
                        : reached
                          ? 'font-semibold text-cocoa'
                          : 'text-muted'
                    }`}
                    data-testid="order-step-label"
                  >
                    {step.label}
                  </span>
                  <span className="sr-only">{STATE_WORDS[step.state]}</span>
                  {step.at ? (
                    <time
                      dateTime={step.at}
                      title={fullFormat.format(new Date(step.at))}
                      className="mt-0.5 text-xs text-muted tabular-nums"
                    >
                      {dayFormat.format(new Date(step.at))}
                    </time>
                  ) : (
                    // Keeps the steps' labels on one line whether dated or not.
                    <span aria-hidden="true" className="mt-0.5 text-xs">
                      &nbsp;
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {children}
    </section>
  );
}
