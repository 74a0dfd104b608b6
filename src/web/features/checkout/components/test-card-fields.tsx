import { FlaskConical } from 'lucide-react';
import { testCardConfirmSchema } from '../../../../domain/checkout';
import { checkoutTexts } from '../texts';
import type { TestCard } from '../checkout-api';
import { describedBy, FormField, inputClass } from '../../../components/account/form-field';

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
}
export type CardErrors = Partial<Record<keyof CardValues, string>>;

export const emptyCard: CardValues = { number: '', expiry: '', cvc: '' };

/** The test processor's cards (the same as Stripe's test mode). */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'fails for insufficient funds' },
  // A subscription's saved card (decision 0056): what its later charges do.
  { number: '4000 0000 0000 0341', outcome: 'succeeds; later subscription charges are declined' },
  { number: '4000 0027 6000 3184', outcome: 'succeeds; your bank asks to confirm each later charge' },
];

const EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";

/** Digits in groups of four, as printed on the card. */
const formatNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM / YY as typed: the slash appears after the month. */
function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting back over the slash removes it rather than re-adding it.
  if (value.length < previous.length && digits.length <= 2) return digits;
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  if (digits.length >= 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  return digits;
}

/** The card of the form, or the message of each field that is not right (checked as the server does). */
export function readCard(values: CardValues): { card: TestCard } | { errors: CardErrors } {
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(values.expiry);
  const parsed = testCardConfirmSchema.shape.card.safeParse({
    number: values.number,
    exp_month: expiry?.[1] ?? '',
    exp_year: expiry?.[2] ?? '',
    cvc: values.cvc,
  });
  const errors: CardErrors = {};
  if (!expiry) errors.expiry = EXPIRY_INCOMPLETE;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'number') errors.number ??= issue.message;
      else if (field === 'cvc') errors.cvc ??= issue.message;
      else errors.expiry ??= issue.message === 'Invalid input' ? EXPIRY_INCOMPLETE : issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { card: parsed.data };
}

/**
 * The card form of the built-in test processor, used when Stripe is not configured: clearly marked
 * as test mode, with the test cards listed.
 */
export function TestCardFields({
  values,
  errors,
  disabled,
  onChange,
}: {
  values: CardValues;
  errors: CardErrors;
  disabled: boolean;
  onChange: (values: CardValues) => void;
}) {
  return (
    <div className="space-y-5">
      <div className="rounded-2xl border border-dashed border-berry/50 bg-berry/5 px-4 py-3 text-sm text-ink">
        <p className="flex items-center gap-2 font-semibold text-berry">
          <FlaskConical className="h-4 w-4" aria-hidden="true" />
          {checkoutTexts.testMode}
        </p>
        <p className="mt-1 text-muted">Use any future expiry date and any CVC with these cards:</p>
        <ul className="mt-2 space-y-1">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono font-semibold text-cocoa">{card.number}</span>{' '}
              <span className="text-muted">{card.outcome}</span>
            </li>
          ))}
        </ul>
      </div>
      <FormField id="card-number" label="Card number" error={errors.number}>
        <input
          id="card-number"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={values.number}
          disabled={disabled}
          onChange={(event) => onChange({ ...values, number: formatNumber(event.target.value) })}
          {...describedBy('card-number', errors.number)}
          className={`${inputClass} font-mono tabular-nums`}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-5">
        <FormField id="card-expiry" label="Expiry (MM / YY)" error={errors.expiry}>
          <input
            id="card-expiry"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={values.expiry}
            disabled={disabled}
            onChange={(event) =>
              onChange({ ...values, expiry: formatExpiry(event.target.value, values.expiry) })
            }
            {...describedBy('card-expiry', errors.expiry)}
            className={`${inputClass} tabular-nums`}
          />
        </FormField>
        <FormField id="card-cvc" label="CVC" error={errors.cvc}>
          <input
            id="card-cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={values.cvc}
            disabled={disabled}
            onChange={(event) => onChange({ ...values, cvc: event.target.value.replace(/\D/g, '') })}
            {...describedBy('card-cvc', errors.cvc)}
            className={`${inputClass} tabular-nums`}
          />
        </FormField>
      </div>
    </div>
  );
}
