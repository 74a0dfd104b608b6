/**
 * How much stock an unpaid checkout may hold (decision 0038). A checkout holds the units of a counted
 * product from the moment its payment page opens until it is paid or expires, so that a shopper typing
 * a card number does not lose the last packs to someone quicker. Unbounded, that lets anyone make a
 * product "Sold out" without paying. Holds are bounded three ways:
 * - per account: at most `perAccount` units held at once (and one live checkout per account: a new
 *   checkout replaces the holds of the account's earlier ones);
 * - per client address: at most `perAddress` units held by every account at that address together;
 * - per product: unpaid checkouts together hold at most `sharePercent` of the product's units (those
 *   available plus those held), so the rest can always be bought by whoever pays first.
 * A line that does not fit is not refused: it goes ahead without a hold, and its units are taken when
 * the payment succeeds, if they are still there (pay first, get it first).
 */

export interface HoldLimits {
  perAccount: number;
  perAddress: number;
  sharePercent: number;
}

/** The defaults of the CHECKOUT_HOLD_* settings. */
export const DEFAULT_HOLD_LIMITS: HoldLimits = { perAccount: 24, perAddress: 48, sharePercent: 50 };

export interface HoldCandidate {
  productId: number;
  /** Units of this product the checkout wants (its lines added up). */
  quantity: number;
  /** Units available to sell now (products.stock), before this checkout. */
  available: number;
  /** Units of this product held by other unpaid checkouts. */
  heldByOthers: number;
}

/**
 * Which of the checkout's counted products it may hold, whole lines only, in product id order.
 * `heldAtAddress` is what other accounts' checkouts from the same client address hold already.
 */
export function planHolds(
  candidates: readonly HoldCandidate[],
  heldAtAddress: number,
  limits: HoldLimits,
): Set<number> {
  const held = new Set<number>();
  let account = 0;
  let address = heldAtAddress;
  for (const line of [...candidates].sort((a, b) => a.productId - b.productId)) {
    const units = line.available + line.heldByOthers;
    const shareLeft = Math.floor((units * limits.sharePercent) / 100) - line.heldByOthers;
    const fits =
      line.quantity <= line.available &&
      line.quantity <= shareLeft &&
      account + line.quantity <= limits.perAccount &&
      address + line.quantity <= limits.perAddress;
    if (!fits) continue;
    held.add(line.productId);
    account += line.quantity;
    address += line.quantity;
  }
  return held;
}
