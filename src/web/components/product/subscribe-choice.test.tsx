/**
 * Subscribe and save away from the product page (decision 0056), as the server renders it: the
 * compact choice on product cards (from `sm` on; a phone's card stays compact, decision 0055) and
 * the product page's choice on the variety pack. The journeys (e2e/subscribe-choice.test.ts) use
 * them in a browser; these cover what the demo catalogue never shows: 0% and sold out.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StarterPack } from '../catalog/starter-pack';
import { ProductCard, type CardProduct } from './product-card';

const product = (overrides: Partial<CardProduct> = {}): CardProduct => ({
  id: 7,
  name: 'Test Trail Cookies',
  slug: 'test-trail-cookies',
  description: 'A cookie for the tests.',
  category: 'Chunky Protein Cookies',
  size: 680,
  price: 34.99,
  image_url: null,
  sku: 'NB-TEST-8',
  stock: null,
  subscribe_save_percent: 10,
  rating: { average: 0, count: 0 },
  tax_class: 'standard',
  ...overrides,
});

const render = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);

/** The card's choice: its fieldset, or null. */
const choiceOf = (html: string) =>
  /<fieldset[^>]*data-testid="card-subscribe"[\s\S]*?<\/fieldset>/.exec(html)?.[0] ?? null;

/** Text content, entities decoded enough for these assertions. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

describe('the product card', () => {
  it('offers "Subscribe & save N%" with the subscription price and the interval, 4 weeks, unticked, from sm on', () => {
    const choice = choiceOf(render(<ProductCard product={product()} />));
    expect(choice).not.toBeNull();
    expect(text(choice!)).toBe(
      'How to buy Test Trail Cookies Subscribe & save 10% $31.49 every 2 weeks 4 weeks 6 weeks 8 weeks',
    );
    expect(choice).toMatch(/<input type="checkbox"(?![^>]*checked)[^>]*>/);
    expect(choice).toMatch(/<select aria-label="Deliver every"/);
    expect(choice).toMatch(/<option value="4" selected="">4 weeks<\/option>/);
    // Not shown on a phone's compact card.
    expect(choice).toMatch(/^<fieldset class="[^"]*\bhidden sm:block\b/);
  });

  it('offers plain "Subscribe" at the one-time price when the product saves nothing, as the product page does', () => {
    const choice = choiceOf(render(<ProductCard product={product({ subscribe_save_percent: 0 })} />));
    expect(text(choice!)).toMatch(/^How to buy Test Trail Cookies Subscribe \$34\.99 every /);
  });

  it('offers nothing on a sold-out card', () => {
    const html = render(<ProductCard product={product({ stock: 0 })} />);
    expect(choiceOf(html)).toBeNull();
    expect(html).toContain('Sold out');
  });
});

describe('the variety pack', () => {
  const pack = product({
    name: 'Chunky Protein Cookie Variety Pack',
    slug: 'chunky-variety-pack',
    price: 21.99,
  });
  const options = (html: string) => /<div[^>]*>(?=<fieldset)/.exec(html)?.[0];

  it("offers the product page's choice at every width on its own page", () => {
    const html = render(<StarterPack product={pack} id="variety-pack" buyBox />);
    expect(text(html)).toContain('How to buy Chunky Protein Cookie Variety Pack');
    expect(text(html)).toContain('One-time purchase $21.99');
    expect(text(html)).toContain('Subscribe & save 10% $19.79 Deliver every');
    expect(options(html)).toBe('<div>');
  });

  it('offers it from md on where the pack closes another page, and not when sold out', () => {
    expect(options(render(<StarterPack product={pack} />))).toBe('<div class="hidden md:block">');
    expect(render(<StarterPack product={{ ...pack, stock: 0 }} />)).not.toContain('How to buy');
  });
});
