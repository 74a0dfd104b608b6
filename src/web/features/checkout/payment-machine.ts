/**
 * The payment page as named steps (docs/product.md, Checkout and payment; decision 0048). Pure: the
 * hooks run the calls each step asks for and hand their answers back as events.
 *
 * Besides its step, the page keeps the payment open for the cart as it is (the key: amount, lines,
 * address), opened as soon as the page shows and again whenever the cart changes, so that Pay can
 * confirm it at once (decisions 0013 and 0022).
 *
 *   ready ──Pay──▶ paying ──▶ ordered                        (the test processor wrote the order)
 *                    ├──▶ placing ──▶ ordered                (Stripe took the card; POST /api/orders)
 *                    │       └──▶ checking ──▶ ordered | failed | unknown
 *                    ├──▶ checking                           (sent, but no clear answer)
 *                    ├──▶ failed(payment | not-initialized | stock) ──Pay──▶ paying
 *                    └──▶ expired (pricing the cart again, then a new payment) ──Pay──▶ paying
 *
 * `unknown` never offers Pay again: the card may have been charged (decision 0013).
 */
import type { ShippingInfo } from '../../../domain/checkout';
import { messages } from '../../../domain/messages';
import type { Order } from '../../../domain/orders';
import type { PaymentIntent, TestCard } from './checkout-api';
import { checkoutTexts } from './texts';

/**
 * What the page says under the card form: the payment's reason (then 'Payment failed. Please try
 * again.'), the Stripe form not being ready, not enough stock ('stock', the server's message naming
 * the product), a checkout open too long ('expired'), or, after an error past the card step, that it
 * is checking what became of the payment ('checking') or could not find out in time ('unknown').
 */
export type Failure = {
  kind: 'payment' | 'not-initialized' | 'stock' | 'expired' | 'checking' | 'unknown';
  message: string;
} | null;

/** Back from a payment method that redirects (Stripe): the intent and its outcome, from the address. */
export interface StripeReturn {
  paymentIntentId: string;
  succeeded: boolean;
}

/** The cart being paid for: a new key means a new payment (the server prices exactly that). */
export const cartKey = (
  totalCents: number,
  items: readonly { id: number; quantity: number }[],
  info: ShippingInfo,
): string => JSON.stringify([totalCents, items.map((item) => [item.id, item.quantity]), info]);

// ---------------------------------------------------------------------------------------------
// What the calls answer (payment-outcomes.ts and confirm-payment.ts make these of the answers).

/** Opening the payment for the cart (create-payment-intent). */
export type OpenResult =
  /** The open payment; with `order` when this very cart was paid already. */
  | { type: 'open'; intent: PaymentIntent }
  /** Not enough left for a line (409): the server's message. */
  | { type: 'stock'; message: string }
  /** A 409 that says `expired`. */
  | { type: 'expired' }
  /** Any other refusal (4xx): the server's reason. */
  | { type: 'refused'; message: string }
  /** No answer, or a server error. */
  | { type: 'failed' };

/** The card step. */
export type CardResult =
  /** The test processor took the card and wrote the order. */
  | { type: 'order'; order: Order }
  /** Stripe took the card; the order is still to be recorded. */
  | { type: 'paid'; paymentIntentId: string }
  /** The card was refused: its reason (may be empty). */
  | { type: 'declined'; message: string }
  | { type: 'expired' }
  /** Units sold meanwhile, or the payment cannot be taken as it is: review the cart. */
  | { type: 'retry'; message: string }
  /** Bad input (400, 404 for a payment the server does not know, 429): nothing was charged. */
  | { type: 'refused'; message: string; unknownPayment: boolean }
  /** Stripe's form cannot take a card yet. */
  | { type: 'not-initialized' }
  /** Sent, but no clear answer: the card may have been charged. */
  | { type: 'unknown'; paymentIntentId: string };

/** Recording (POST /api/orders) or checking the order of a payment. */
export type OrderResult =
  | { type: 'order'; order: Order }
  /** 402: the card was not charged. */
  | { type: 'not-charged'; message: string }
  | { type: 'expired' }
  | { type: 'unknown' };

// ---------------------------------------------------------------------------------------------
// The state.

/** How Pay pays: Stripe's Payment Element, or the test processor with the card of the form. */
export type PayMethod = { via: 'stripe' } | { via: 'test'; card: TestCard };

/** What the card step confirms: Stripe's form (it holds its intent), or this intent with this card. */
export type Confirmation = { via: 'stripe' } | { via: 'test'; card: TestCard; intent: PaymentIntent };

export type Step =
  /** Pay is offered. */
  | { name: 'ready' }
  /** Pay is offered again, with what went wrong. */
  | { name: 'failed'; failure: NonNullable<Failure> }
  /** The payment was open too long: the cart is priced again (`repricing`), then a new one opens. */
  | { name: 'expired'; repricing: boolean }
  /**
   * Pay was pressed: the card step runs `confirming`; null while the payment for the cart is still
   * opening. `reopened`: the server did not know the payment, and this is the one retry with a new one.
   */
  | { name: 'paying'; call: number; method: PayMethod; confirming: Confirmation | null; reopened: boolean }
  /** Paid with Stripe: the order is being recorded. */
  | { name: 'placing'; call: number; paymentIntentId: string }
  /** The outcome is not known: the page asks the server until it is. */
  | { name: 'checking'; call: number; paymentIntentId: string }
  | { name: 'ordered'; order: Order }
  /** The server could not say in time; the shopper is told where the order will appear. */
  | { name: 'unknown' };

export type IntentSlot =
  /** None open for `key`: the opening failed, the payment expired, or it cannot be taken as it is. */
  | { status: 'none'; key: string | null }
  | { status: 'opening'; key: string; ticket: number }
  | { status: 'open'; key: string; intent: PaymentIntent };

export interface PaymentState {
  /** The cart as it is now. */
  key: string;
  intent: IntentSlot;
  step: Step;
  /** Openings so far: each opening's ticket, so that an older one's answer is known as such. */
  tickets: number;
  /** Calls of the steps so far, likewise. */
  calls: number;
}

export type PaymentEvent =
  | { type: 'cart-changed'; key: string }
  | { type: 'intent-answered'; ticket: number; result: OpenResult }
  /** Pay was pressed with a test card the form refuses (the fields say why). */
  | { type: 'card-invalid' }
  | { type: 'pay'; method: PayMethod }
  | { type: 'card-answered'; call: number; result: CardResult }
  | { type: 'order-answered'; call: number; result: OrderResult }
  | { type: 'repriced' };

export function initialPaymentState(key: string, stripeReturn: StripeReturn | null): PaymentState {
  // Back from Stripe with a payment that went through: its order is recorded; nothing new is opened.
  if (stripeReturn?.succeeded) {
    return {
      key,
      intent: { status: 'none', key: null },
      step: { name: 'placing', call: 1, paymentIntentId: stripeReturn.paymentIntentId },
      tickets: 0,
      calls: 1,
    };
  }
  return {
    key,
    intent: { status: 'opening', key, ticket: 1 },
    step: stripeReturn ? { name: 'failed', failure: { kind: 'payment', message: '' } } : { name: 'ready' },
    tickets: 1,
    calls: 0,
  };
}

/** Whether Pay is offered: never while a payment is under way or its outcome is unknown. */
export const payOffered = (step: Step): boolean =>
  step.name === 'ready' || step.name === 'failed' || step.name === 'expired';

const failed = (kind: NonNullable<Failure>['kind'], message: string): Step => ({
  name: 'failed',
  failure: { kind, message },
});

/** Opens a new payment for the cart as it is. */
function open(state: PaymentState): PaymentState {
  const ticket = state.tickets + 1;
  return { ...state, tickets: ticket, intent: { status: 'opening', key: state.key, ticket } };
}

/**
 * The open payment follows the cart while Pay is offered or waits for it. Not while the card step
 * runs (a new checkout would expire the one being paid, decision 0038), nor once it is paid or its
 * outcome is unknown, nor while the cart is priced again after an expiry. The same cart is not
 * opened again when its opening failed: Pay does that, and says why.
 */
function follow(state: PaymentState): PaymentState {
  const { step } = state;
  const follows =
    step.name === 'ready' ||
    step.name === 'failed' ||
    (step.name === 'expired' && !step.repricing) ||
    (step.name === 'paying' && step.confirming === null);
  return follows && state.intent.key !== state.key ? open(state) : state;
}

/** The payment was open too long (decision 0022): no payment is open until the cart is priced again. */
const expire = (state: PaymentState): PaymentState => ({
  ...state,
  intent: { status: 'none', key: state.intent.key },
  step: { name: 'expired', repricing: true },
});

/** A new call of a step. */
function withCall<S extends Step>(state: PaymentState, make: (call: number) => S): PaymentState {
  const call = state.calls + 1;
  return { ...state, calls: call, step: make(call) };
}

function pay(state: PaymentState, method: PayMethod): PaymentState {
  if (!payOffered(state.step)) return state;
  const { intent } = state;
  const forCart = intent.status !== 'none' && intent.key === state.key ? intent : null;
  // Stripe's form holds its own payment: its card step needs nothing more of ours. The test card
  // pays the payment open for the cart, or waits for the one opening.
  const confirming: Confirmation | null =
    method.via === 'stripe'
      ? method
      : forCart?.status === 'open'
        ? { ...method, intent: forCart.intent }
        : null;
  const paying = withCall(state, (call) => ({
    name: 'paying' as const,
    call,
    method,
    confirming,
    reopened: false,
  }));
  return confirming || forCart ? paying : open(paying);
}

function intentAnswered(state: PaymentState, key: string, result: OpenResult): PaymentState {
  const { step } = state;
  const waiting = step.name === 'paying' && step.confirming === null ? step : null;
  if (result.type === 'open') {
    // This very cart was paid already: its order, instead of the card form (or of not knowing).
    if (result.intent.order && step.name !== 'ordered') {
      return {
        ...state,
        intent: { status: 'none', key },
        step: { name: 'ordered', order: result.intent.order },
      };
    }
    const opened: PaymentState = { ...state, intent: { status: 'open', key, intent: result.intent } };
    // Pay was waiting for it (an opening in flight always follows the cart, so it is this cart's).
    if (waiting?.method.via === 'test') {
      return { ...opened, step: { ...waiting, confirming: { ...waiting.method, intent: result.intent } } };
    }
    // The cart was changed to fit what is left: the stock message no longer applies.
    if (step.name === 'failed' && step.failure.kind === 'stock') {
      return { ...opened, step: { name: 'ready' } };
    }
    return opened;
  }
  const none: PaymentState = { ...state, intent: { status: 'none', key } };
  // Nothing to say once a payment is under way or its outcome unknown: that step says what matters.
  if (!waiting && !payOffered(step)) return none;
  // Not enough left for the cart (decision 0022): said where checkout errors show.
  if (result.type === 'stock') return { ...none, step: failed('stock', result.message) };
  // Otherwise only Pay waiting for this payment has something to say (the opening is only logged).
  if (!waiting) return none;
  if (result.type === 'expired') return expire(state);
  return { ...none, step: failed('payment', result.type === 'refused' ? result.message : '') };
}

function cardAnswered(state: PaymentState, result: CardResult): PaymentState {
  const { step } = state;
  if (step.name !== 'paying') return state;
  switch (result.type) {
    case 'order':
      return { ...state, step: { name: 'ordered', order: result.order } };
    case 'paid':
      return withCall(state, (call) => ({ name: 'placing', call, paymentIntentId: result.paymentIntentId }));
    case 'unknown':
      return withCall(state, (call) => ({ name: 'checking', call, paymentIntentId: result.paymentIntentId }));
    case 'expired':
      return expire(state);
    case 'declined':
      return follow({ ...state, step: failed('payment', result.message) });
    case 'not-initialized':
      return follow({ ...state, step: failed('not-initialized', checkoutTexts.stripeNotInitialized) });
    case 'retry':
      // This payment cannot be taken as it is: the next Pay asks the server for the cart afresh.
      return follow({
        ...state,
        intent: { status: 'none', key: state.intent.key },
        step: failed('stock', result.message),
      });
    case 'refused':
      // The server no longer knows this payment (another tab opened the same cart, which gives it a
      // new secret): once, a payment is opened again and confirmed, as a fresh Pay would.
      if (result.unknownPayment && step.method.via === 'test' && !step.reopened) {
        return open(
          withCall({ ...state, intent: { status: 'none', key: state.intent.key } }, (call) => ({
            ...step,
            call,
            confirming: null,
            reopened: true,
          })),
        );
      }
      return follow({ ...state, step: failed('payment', result.message) });
  }
}

function orderAnswered(state: PaymentState, result: OrderResult): PaymentState {
  const { step } = state;
  if (step.name !== 'placing' && step.name !== 'checking') return state;
  switch (result.type) {
    case 'order':
      return { ...state, step: { name: 'ordered', order: result.order } };
    case 'expired':
      return expire(state);
    case 'not-charged':
      return follow({
        ...state,
        step: failed('payment', step.name === 'placing' ? result.message : 'Your card was not charged.'),
      });
    case 'unknown':
      if (step.name === 'checking') return { ...state, step: { name: 'unknown' } };
      return withCall(state, (call) => ({ name: 'checking', call, paymentIntentId: step.paymentIntentId }));
  }
}

export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'cart-changed':
      return event.key === state.key ? state : follow({ ...state, key: event.key });
    case 'intent-answered':
      // An answer for an opening that a newer one replaced (an older cart) is not this cart's.
      if (state.intent.status !== 'opening' || state.intent.ticket !== event.ticket) return state;
      return intentAnswered(state, state.intent.key, event.result);
    case 'card-invalid':
      return payOffered(state.step) ? { ...state, step: { name: 'ready' } } : state;
    case 'pay':
      return pay(state, event.method);
    case 'card-answered':
      if (state.step.name !== 'paying' || state.step.call !== event.call) return state;
      return cardAnswered(state, event.result);
    case 'order-answered':
      if (!('call' in state.step) || state.step.call !== event.call) return state;
      return orderAnswered(state, event.result);
    case 'repriced':
      if (state.step.name !== 'expired' || !state.step.repricing) return state;
      return open({ ...state, step: { name: 'expired', repricing: false } });
  }
}

// ---------------------------------------------------------------------------------------------
// What the page shows.

export interface PaymentView {
  /** 'Processing...' on the button, the card fields disabled. */
  working: boolean;
  /** The button is disabled. */
  payDisabled: boolean;
  failure: Failure;
  /** The open payment's secret, for Stripe's Payment Element. */
  clientSecret: string | null;
}

export function paymentView(state: PaymentState): PaymentView {
  const { step, intent } = state;
  const working =
    step.name === 'paying' || step.name === 'placing' || step.name === 'checking' || step.name === 'ordered';
  const failure: Failure =
    step.name === 'failed'
      ? step.failure
      : step.name === 'expired'
        ? { kind: 'expired', message: messages.paymentExpired }
        : step.name === 'checking'
          ? { kind: 'checking', message: 'Checking your payment…' }
          : step.name === 'unknown'
            ? { kind: 'unknown', message: '' }
            : null;
  return {
    working,
    payDisabled: !payOffered(step),
    failure,
    // Kept while the card step runs even if the cart changed meanwhile: Stripe's form is paying it.
    clientSecret: intent.status === 'open' ? intent.intent.client_secret : null,
  };
}

/** The checkout's payment status for the step (docs/product.md, Checkout and payment), if it sets one. */
export function paymentStatusOf(step: Step): 'processing' | 'failed' | null {
  if (step.name === 'paying' || step.name === 'placing' || step.name === 'checking') return 'processing';
  if (step.name === 'failed' || step.name === 'expired') return 'failed';
  return null;
}
