/**
 * The URL slug of a product or category: the name lower-cased and made URL-friendly
 * (docs/product.md, Catalogue). "White Chocolate & Macadamia" -> "white-chocolate-macadamia";
 * accents are folded ("Crème" -> "creme").
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** True when the text is already a well-formed slug. */
export function isSlug(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 120;
}
