/**
 * How a product is taxed (decision 0066): the owner's call, per product, often after a CRA ruling.
 * Apart from tax.ts so that the cart, which every page carries, holds the class without the rates.
 */
export const TAX_CLASSES = ['standard', 'zero_rated'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const DEFAULT_TAX_CLASS: TaxClass = 'standard';
