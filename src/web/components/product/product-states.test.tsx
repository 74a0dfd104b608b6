/**
 * Empty-data texts that the seeded catalogue never produces: 'N/A' for missing nutrition
 * values, 'No Image Available', 'No FAQs available for this product.', 'Ingredients not available.',
 * and the product page's failure message. Rendered on the server, as the first page load is.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, UNSAFE_ErrorResponseImpl } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Competitor, Nutrition, Product } from '../../../domain/catalog';
import { messages } from '../../../domain/messages';
import ProductPage, { ErrorBoundary as ProductErrorBoundary } from '../../routes/product';
import { NutritionComparison } from './nutrition-comparison';
import { ProductImage } from './product-image';

const noNutrition: Nutrition = {
  calories: null,
  protein: null,
  fat: null,
  carbs: null,
  fiber: null,
  gluten_free: null,
  grain_free: null,
};

const someNutrition: Nutrition = {
  calories: 210,
  protein: 20,
  fat: 9,
  carbs: 18,
  fiber: 4,
  gluten_free: true,
  grain_free: false,
};

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 42,
    name: 'Test Trail Cookies',
    slug: 'test-trail-cookies',
    description: 'A cookie for the tests.',
    category: 'Chunky Protein Cookies',
    category_id: 1,
    category_slug: 'chunky-protein-cookies',
    size: 680,
    price: 34.99,
    image_url: '/images/seed/test-trail-cookies-1200w.webp',
    images: [{ url: '/images/seed/test-trail-cookies-1200w.webp', alt: 'Test Trail Cookies' }],
    sku: 'NB-TEST-8',
    features: ['20g Protein', 'Gluten-Free'],
    ideal_time_of_day: 'Post-workout',
    nutrition_label: '/images/seed/nutrition-test.svg',
    nutrition_info: null,
    highlights: [
      { heading: 'One', subheading: 'first' },
      { heading: 'Two', subheading: 'second' },
      { heading: 'Three', subheading: 'third' },
      { heading: 'Four', subheading: 'fourth' },
    ],
    ingredients: ['Oats', 'Dates', 'Coconut oil'],
    allergens: ['Tree nuts'],
    nutrition: someNutrition,
    nutrition_facts: null,
    competitors: [{ competitor_name: 'Typical protein bar (60 g)', ...someNutrition }],
    faqs: [{ question: 'Are they soft?', answer: 'Soft in the middle, crisp at the edges.' }],
    stock: null,
    subscribe_save_percent: 0,
    tax_class: 'standard',
    rating: { average: 0, count: 0 },
    ...overrides,
  };
}

/** The product route's default export in a router stub (so Links work), with its loader data. */
function renderProductPage(p: Product): string {
  const loaderData = { origin: 'http://x', product: p, flavourFacts: [] };
  const Stub = createRoutesStub([
    {
      id: 'product',
      path: '/products/:slug',
      // The route module's props are typed for its generated route types; the stub passes the same shape.
      Component: ProductPage as unknown as ComponentType,
      loader: () => loaderData,
    },
  ]);
  // Loaders do not run during a synchronous server render, so the stub starts with the loader's data.
  return renderToString(
    <Stub initialEntries={[`/products/${p.slug}`]} hydrationData={{ loaderData: { product: loaderData } }} />,
  );
}

function renderProductError(error: unknown): string {
  const Stub = createRoutesStub([
    {
      id: 'product',
      path: '/products/:slug',
      Component: ProductPage as unknown as ComponentType,
      ErrorBoundary: ProductErrorBoundary as unknown as ComponentType,
      loader: () => null,
    },
  ]);
  return renderToString(
    <Stub initialEntries={['/products/whatever']} hydrationData={{ errors: { product: error } }} />,
  );
}

/** Text content of the rendered HTML, entities decoded enough for these assertions. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NutritionComparison', () => {
  it("shows 'N/A' for every missing value, ours and the competitors'", () => {
    const competitors: Competitor[] = [
      { competitor_name: 'Bar A', ...noNutrition },
      { competitor_name: 'Bar B', ...someNutrition, fiber: null },
    ];
    const html = renderToString(<NutritionComparison nutrition={noNutrition} competitors={competitors} />);
    const cells = [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    // 7 rows x (ours + 2 competitors).
    expect(cells).toHaveLength(21);
    // Ours: all 7 missing; Bar A: all 7; Bar B: only the fibre.
    expect(cells.filter((c) => c === messages.notAvailable)).toHaveLength(15);
    expect(messages.notAvailable).toBe('N/A');
    expect(text(html)).toContain('Bar A');
    expect(text(html)).toContain('20 g');
    expect(text(html)).toContain('Yes');
  });

  it("shows no 'N/A' when every value is known", () => {
    const html = renderToString(
      <NutritionComparison
        nutrition={someNutrition}
        competitors={[{ competitor_name: 'Bar', ...someNutrition }]}
      />,
    );
    expect(count(text(html), 'N/A')).toBe(0);
  });
});

describe('ProductImage', () => {
  it("shows 'No Image Available' and no image when there is no URL", () => {
    const html = renderToString(<ProductImage url={null} alt="Test" sizes="100vw" />);
    expect(text(html).trim()).toBe('No Image Available');
    expect(html).not.toContain('<img');
  });

  it('shows the image when there is one', () => {
    const html = renderToString(<ProductImage url="/images/x-1200w.webp" alt="Test" sizes="100vw" />);
    expect(html).toContain('<img');
    expect(html).toContain('alt="Test"');
    expect(html).not.toContain('No Image Available');
  });
});

describe('product page with missing data', () => {
  it('renders the seeded shape with its FAQs and ingredients (control)', () => {
    const page = text(renderProductPage(product()));
    expect(page).toContain('Test Trail Cookies');
    expect(page).toContain('Are they soft?');
    expect(page).toContain('Oats, Dates, Coconut oil.');
    expect(page).not.toContain(messages.noFaqs);
    expect(page).not.toContain(messages.noIngredients);
    expect(page).toContain('Best time to eat: Post-workout');
    expect(page).toContain('View nutrition label');
  });

  it("says 'No FAQs available for this product.' when it has none", () => {
    const page = text(renderProductPage(product({ faqs: [] })));
    expect(page).toContain('No FAQs available for this product.');
    expect(page).not.toContain('Are they soft?');
  });

  it("says 'Ingredients not available.' when the ingredient list is empty", () => {
    const page = text(renderProductPage(product({ ingredients: [] })));
    expect(count(page, 'Ingredients not available.')).toBe(1);
    expect(page).not.toContain('Oats, Dates');
    // The allergens are still listed.
    expect(page).toContain('Tree nuts');
  });

  it("shows 'No Image Available', 'Anytime', no comparison and no label button for a bare product", () => {
    const page = text(
      renderProductPage(
        product({
          image_url: null,
          images: [],
          nutrition: noNutrition,
          competitors: [],
          ideal_time_of_day: null,
          nutrition_label: null,
        }),
      ),
    );
    // The main image and the one between the highlights.
    expect(count(page, 'No Image Available')).toBe(2);
    // Nothing to compare with: no 'We vs Them' table of 'N/A' (decision 0065).
    expect(count(page, 'N/A')).toBe(0);
    expect(page).not.toContain('We vs Them');
    expect(page).toContain('Best time to eat: Anytime');
    expect(page).not.toContain('View nutrition label');
  });

  it("says 'Product not found' for a 404", () => {
    const page = text(renderProductError(new UNSAFE_ErrorResponseImpl(404, 'Not Found', null)));
    expect(page).toContain(messages.productNotFound);
  });

  it('shows the failure message in the error colour when loading fails, and logs it', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderProductError(new Error('database down'));
    expect(text(html)).toContain('Category not found or failed to load');
    expect(html).toMatch(/<h1[^>]*class="[^"]*text-danger[^"]*"[^>]*>Category not found or failed to load/);
    expect(logged).toHaveBeenCalledWith('Failed to load product', expect.any(Error));
  });
});

describe('product page stock', () => {
  /** The Product JSON-LD's offer availability. */
  const availability = (html: string) => {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as { '@type'?: string; offers?: { availability?: string } },
    );
    return blocks.find((block) => block['@type'] === 'Product')?.offers?.availability;
  };
  const addButton = (html: string) =>
    /<button[^>]*class="btn-primary[^"]*"[^>]*>[^<]*<\/button>/.exec(html)?.[0];

  it("sold out: the button is disabled and says 'Sold out', the quantity cannot change, JSON-LD says OutOfStock", () => {
    const html = renderProductPage(product({ stock: 0 }));
    expect(addButton(html)).toMatch(/disabled=""[^>]*>Sold out<\/button>/);
    expect(text(html)).not.toContain('Add to Cart');
    expect(html).toMatch(
      /aria-label="Increase quantity"[^>]*disabled=""|disabled=""[^>]*aria-label="Increase quantity"/,
    );
    expect(availability(html)).toBe('https://schema.org/OutOfStock');
  });

  it("few left: 'Only 3 left', Add to Cart, InStock", () => {
    const html = renderProductPage(product({ stock: 3 }));
    expect(text(html)).toContain('Only 3 left');
    expect(text(html)).toContain('Add to Cart');
    expect(availability(html)).toBe('https://schema.org/InStock');
  });

  it('plenty left or made to order: no note, InStock', () => {
    for (const stock of [5, null]) {
      const html = renderProductPage(product({ stock }));
      expect(text(html)).not.toMatch(/Only \d+ left|Sold out/);
      expect(text(html)).toContain('Add to Cart');
      expect(availability(html)).toBe('https://schema.org/InStock');
    }
  });
});
