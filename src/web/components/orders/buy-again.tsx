import { RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';

/** What Buy again answered: the line to show, and whether anything went to the cart. */
export interface BuyAgainResult {
  text: string;
  added: boolean;
  failed: boolean;
}

/**
 * "Buy again" (docs/product.md, Orders; decision 0053): `onBuyAgain` puts the order's lines in the
 * cart at today's prices (the page reads the catalogue and uses the cart store), and a status line
 * says what went in and which products are sold out or no longer sold, with a link to the cart. The
 * drawer is not opened: it would cover the line that names what is missing.
 */
export function BuyAgain({ onBuyAgain }: { onBuyAgain: () => Promise<BuyAgainResult> }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BuyAgainResult | null>(null);
  const inFlight = useRef(false);

  async function buyAgain() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setResult(null);
    try {
      setResult(await onBuyAgain());
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 border-t border-beige pt-5" data-testid="buy-again">
      <button
        type="button"
        className="btn-primary w-full gap-2 sm:w-auto"
        onClick={() => void buyAgain()}
        disabled={busy}
      >
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        {busy ? 'Adding to cart...' : 'Buy again'}
      </button>
      <p className="mt-2 text-sm text-muted">Adds these items to your cart at today&apos;s prices.</p>
      <div role="status" className={result ? 'mt-3' : ''}>
        {result && (
          <p
            className={`rounded-2xl px-4 py-3 text-sm font-medium ring-1 ${
              result.failed ? 'bg-red-50 text-danger ring-danger/30' : 'bg-cream text-cocoa ring-beige'
            }`}
            data-testid="buy-again-result"
          >
            {result.text}
            {result.added && (
              <>
                {' '}
                <Link to="/cart" className="font-semibold text-maple-dark underline underline-offset-4">
                  View cart
                </Link>
              </>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
