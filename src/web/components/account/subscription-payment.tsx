/**
 * A subscription's card and its customer's bank, at the page (decision 0059): a new card for the
 * renewals (Stripe's Payment Element on a SetupIntent, or the test processor's test card form), and
 * the confirmation a bank asks for before it lets a renewal be charged (Stripe.js's own challenge,
 * or the test processor's stand-in for it).
 */
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatPrice, dollarsToCents } from '../../../domain/money';
import type { Order } from '../../../domain/orders';
import type { AuthenticationAnswer, CardUpdateReply } from '../../../domain/subscription-schemas';
import { userMessage } from '../../api';
import {
  confirmWithTestBank,
  orderOfPayment,
  startCardUpdate,
  updateCard,
} from '../../features/account/subscriptions';
import {
  StripePaymentElement,
  type StripeHandle,
} from '../../features/checkout/components/stripe-payment-element';
import {
  emptyCard,
  readCard,
  TestCardFields,
  type CardErrors,
  type CardValues,
} from '../../features/checkout/components/test-card-fields';
import { getStripe } from '../../features/checkout/stripe';
import { Spinner } from '../spinner';

const secondaryButton =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-maple-dark hover:bg-white disabled:cursor-not-allowed disabled:text-muted';

/** What updating the card came to, as the customer reads it. */
export function cardUpdateStatus(reply: CardUpdateReply): { status: string; problem: string | null } {
  const card = reply.subscription.card;
  const saved = card ? `Card updated: ${card.brand} ending in ${card.last4}.` : 'Card updated.';
  const retry = reply.retry;
  if (!retry) return { status: saved, problem: null };
  if (retry.outcome === 'ordered') {
    return {
      status: `${saved} Your delivery is on its way: order #${retry.order_id} placed.`,
      problem: null,
    };
  }
  if (retry.outcome === 'requires_action') {
    return {
      status: saved,
      problem: 'Your bank asks you to confirm the payment: choose Order now to confirm it.',
    };
  }
  return { status: saved, problem: `We tried your new card for the delivery: ${retry.message}` };
}

/**
 * The new card form: Stripe's Payment Element when the shop takes cards through Stripe (the card
 * goes to Stripe, never to the shop), else the test card fields.
 */
export function CardUpdateForm({
  subscriptionId,
  stripeKey,
  onSaved,
  onCancel,
}: {
  subscriptionId: number;
  stripeKey: string | null;
  onSaved: (reply: CardUpdateReply) => void;
  onCancel: () => void;
}) {
  const [setupSecret, setSetupSecret] = useState<string | null>(null);
  const [handle, setHandle] = useState<StripeHandle | null>(null);
  const [values, setValues] = useState<CardValues>(emptyCard);
  const [errors, setErrors] = useState<CardErrors>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
    if (!stripeKey) return;
    let cancelled = false;
    startCardUpdate(subscriptionId)
      .then((secret) => {
        if (!cancelled) setSetupSecret(secret);
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setProblem(userMessage(error, 'The card form could not be opened. Please try again.'));
      });
    return () => {
      cancelled = true;
    };
  }, [stripeKey, subscriptionId]);

  async function save() {
    setProblem(null);
    let body: Parameters<typeof updateCard>[1];
    if (stripeKey) {
      if (!handle) return;
      setBusy(true);
      const submitted = await handle.elements.submit();
      const result = submitted.error
        ? { error: submitted.error }
        : await handle.stripe.confirmSetup({
            elements: handle.elements,
            redirect: 'if_required',
            confirmParams: { return_url: window.location.href },
          });
      if (result.error || !('setupIntent' in result) || !result.setupIntent) {
        setBusy(false);
        setProblem(result.error?.message ?? 'Your card could not be saved. Please try again.');
        return;
      }
      body = { setup_intent_id: result.setupIntent.id };
    } else {
      const read = readCard(values);
      if ('errors' in read) {
        setErrors(read.errors);
        return;
      }
      setErrors({});
      body = { card: read.card };
    }
    setBusy(true);
    try {
      onSaved(await updateCard(subscriptionId, body));
    } catch (error) {
      setProblem(userMessage(error, 'Your card could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="mt-4 space-y-4 rounded-xl bg-sand p-4"
      aria-labelledby={`card-form-${subscriptionId}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h4
        id={`card-form-${subscriptionId}`}
        ref={heading}
        tabIndex={-1}
        className="font-sans text-base font-semibold text-cocoa outline-none"
      >
        Update your card
      </h4>
      <p className="text-sm text-muted">
        Your deliveries are charged to this card from now on. If the last one could not be charged, we try it
        again right away.
      </p>
      {stripeKey ? (
        setupSecret ? (
          <StripePaymentElement publishableKey={stripeKey} clientSecret={setupSecret} onReady={setHandle} />
        ) : (
          !problem && <Spinner label="Opening the card form" className="py-6" />
        )
      ) : (
        <TestCardFields values={values} errors={errors} disabled={busy} onChange={setValues} />
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn-primary min-h-11 px-5"
          disabled={busy || (stripeKey !== null && !handle)}
        >
          {busy ? 'Saving…' : 'Save card'}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
          Keep the current card
        </button>
      </div>
    </form>
  );
}

/**
 * The bank's confirmation of a renewal's payment. With Stripe, Stripe.js shows the bank's own
 * challenge for the saved card; with the test processor, a panel stands in for it, as Stripe's test
 * mode does, and confirming it pays.
 */
export function BankConfirmation({
  payment,
  stripeKey,
  card,
  onOrder,
  onCancel,
}: {
  payment: AuthenticationAnswer;
  stripeKey: string | null;
  card: string;
  onOrder: (order: Order) => void;
  onCancel: (problem: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const amount = formatPrice(dollarsToCents(payment.amount));

  async function confirm() {
    setBusy(true);
    setProblem(null);
    try {
      if (stripeKey && payment.payment_method) {
        const stripe = await getStripe(stripeKey);
        if (!stripe) throw new Error('Stripe.js did not load');
        const result = await stripe.confirmCardPayment(payment.client_secret, {
          payment_method: payment.payment_method,
        });
        if (result.error) {
          setProblem(result.error.message ?? 'Your bank did not confirm the payment.');
          return;
        }
        onOrder(await orderOfPayment(payment.payment_intent_id));
        return;
      }
      const answer = await confirmWithTestBank(payment.client_secret);
      if (answer.type === 'order') onOrder(answer.order);
      else onCancel(answer.message);
    } catch (error) {
      setProblem(userMessage(error, 'The payment could not be confirmed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={`bank-${payment.payment_intent_id}`}
      className="mt-4 space-y-3 rounded-xl border border-forest/30 bg-white p-4"
      data-testid="bank-confirmation"
    >
      <h4
        id={`bank-${payment.payment_intent_id}`}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-sans text-base font-semibold text-cocoa outline-none"
      >
        <ShieldCheck className="h-5 w-5 text-forest" aria-hidden="true" />
        Confirm with your bank
      </h4>
      <p className="text-sm text-ink">
        {`Your bank asks you to confirm the payment of ${amount} for this delivery with your ${card}.`}
      </p>
      {!stripeKey && (
        <p className="text-sm text-muted">
          Test mode: this stands in for your bank's own confirmation screen (3-D Secure).
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary min-h-11 px-5"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? 'Confirming…' : `Confirm payment of ${amount}`}
        </button>
        <button type="button" className={secondaryButton} disabled={busy} onClick={() => onCancel(null)}>
          Not now
        </button>
      </div>
    </section>
  );
}
