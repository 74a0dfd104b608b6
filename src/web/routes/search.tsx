import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import { SEARCH_SORTS, type DietKey, type SearchSortKey } from '../../domain/search';
import type { SearchParams } from '../../domain/search-schemas';
import { SearchBox } from '../components/chrome/search-box';
import { cardProduct, ProductCard } from '../components/product/product-card';
import { HighlightedText } from '../components/search/highlighted-text';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/search';

/** The query string as the API reads it (a repeated field becomes a list; the schema refuses it). */
function paramsOf(url: URL): SearchParams {
  const params: SearchParams = {};
  for (const key of ['q', 'category', 'diet', 'sort', 'page'] as const) {
    const values = url.searchParams.getAll(key);
    if (values.length > 0) params[key] = values.length === 1 ? values[0] : values;
  }
  return params;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = paramsOf(url);
  const origin = context.settings.publicUrl;
  const typed = typeof params.q === 'string' ? params.q : '';
  // No query yet (the header's search icon, or an empty form): the form, asking for one.
  if (params.q === undefined || (typeof params.q === 'string' && params.q.trim() === ''))
    return data({ origin, typed: '', problem: null, answer: null });
  const outcome = await context.storefront.search(params);
  if ('problem' in outcome)
    // Shown again in its field, less what a field cannot show.
    return data(
      { origin, typed: typed.replace(/\p{Cc}/gu, '').slice(0, 200), problem: outcome.problem, answer: null },
      { status: 400 },
    );
  const { answer } = outcome;
  return data({
    origin,
    typed: answer.query,
    problem: null,
    // Only what the cards show travels to the browser, with where to mark the query's words.
    answer: {
      ...answer,
      results: answer.results.map(({ product, highlights }) => ({
        product: cardProduct(product),
        highlights,
      })),
    },
  });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  return pageMeta({
    title: page?.answer ? `Search results for “${page.answer.query}”` : 'Search',
    description: 'Search Northbite protein cookies, energy bites and granola.',
    origin: page?.origin ?? '',
    path: '/search',
    // Result pages are endless variations of the catalogue: kept out of search engines and the sitemap.
    noindex: true,
  });
}

type Answer = NonNullable<Route.ComponentProps['loaderData']['answer']>;

/** The link to these results with some of the choices changed (a new choice starts at page 1). */
function hrefOf(
  answer: Answer,
  change: Partial<{ category: string | null; diet: DietKey[]; sort: SearchSortKey; page: number }>,
) {
  const next = { category: answer.category, diet: answer.diet, sort: answer.sort, page: 1, ...change };
  const params = new URLSearchParams({ q: answer.query });
  if (next.category) params.set('category', next.category);
  for (const diet of next.diet) params.append('diet', diet);
  if (next.sort !== 'relevance') params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  return `/search?${params.toString()}`;
}

const chipClass = (active: boolean) =>
  `inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold transition-colors ${
    active
      ? 'border-cocoa bg-cocoa text-cream hover:bg-ink'
      : 'border-beige bg-white text-cocoa hover:border-cocoa'
  }`;

function Choices({ label, children }: { label: string; children: ReactNode }) {
  const id = `choices-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div role="group" aria-labelledby={id} className="flex flex-wrap items-center gap-2">
      <span id={id} className="mr-1 text-xs font-semibold tracking-[0.18em] text-muted uppercase">
        {label}
      </span>
      {children}
    </div>
  );
}

function Filters({ answer }: { answer: Answer }) {
  const categoryTotal = answer.facets.categories.reduce((sum, c) => sum + c.count, 0);
  // A dietary filter is offered where some result passes it, or while it is chosen.
  const diets = answer.facets.diets.filter((d) => d.count > 0 || answer.diet.includes(d.key));
  return (
    <div className="space-y-3" data-testid="search-filters">
      {answer.facets.categories.length > 1 || answer.category ? (
        <Choices label="Category">
          <Link
            to={hrefOf(answer, { category: null })}
            className={chipClass(!answer.category)}
            aria-current={!answer.category ? 'true' : undefined}
          >
            All <span className="font-normal opacity-80">({categoryTotal})</span>
          </Link>
          {answer.facets.categories.map((c) => (
            <Link
              key={c.slug}
              to={hrefOf(answer, { category: c.slug })}
              className={chipClass(answer.category === c.slug)}
              aria-current={answer.category === c.slug ? 'true' : undefined}
            >
              {c.name} <span className="font-normal opacity-80">({c.count})</span>
            </Link>
          ))}
        </Choices>
      ) : null}
      {diets.length > 0 && (
        <Choices label="Dietary">
          {diets.map((d) => {
            const on = answer.diet.includes(d.key);
            return (
              <Link
                key={d.key}
                to={hrefOf(answer, {
                  diet: on ? answer.diet.filter((k) => k !== d.key) : [...answer.diet, d.key],
                })}
                className={chipClass(on)}
                aria-current={on ? 'true' : undefined}
              >
                {d.label} <span className="font-normal opacity-80">({d.count})</span>
              </Link>
            );
          })}
        </Choices>
      )}
      <Choices label="Sort">
        {SEARCH_SORTS.map((s) => (
          <Link
            key={s.key}
            to={hrefOf(answer, { sort: s.key })}
            className={chipClass(answer.sort === s.key)}
            aria-current={answer.sort === s.key ? 'true' : undefined}
          >
            {s.label}
          </Link>
        ))}
      </Choices>
    </div>
  );
}

function Results({ answer }: { answer: Answer }) {
  const pages = Math.ceil(answer.total / answer.page_size);
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
        {answer.results.map(({ product, highlights }, i) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              imageLoading={i === 0 ? 'priority' : i < 4 ? 'eager' : 'lazy'}
              highlighted={{
                name: <HighlightedText text={product.name} ranges={highlights.name} />,
                description: <HighlightedText text={product.description} ranges={highlights.description} />,
              }}
            />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Result pages" className="mt-10 flex justify-center gap-2">
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <Link
              key={n}
              to={hrefOf(answer, { page: n })}
              className={chipClass(n === answer.page)}
              aria-current={n === answer.page ? 'page' : undefined}
            >
              <span className="sr-only">Page </span>
              {n}
            </Link>
          ))}
        </nav>
      )}
    </>
  );
}

function NothingFound({ answer }: { answer: Answer }) {
  const filtered = answer.category !== null || answer.diet.length > 0;
  return (
    <div className="mx-auto max-w-xl rounded-3xl bg-white px-6 py-10 text-center ring-1 ring-beige">
      <h2 className="font-display text-2xl font-semibold">
        {filtered ? 'No products match these filters' : `No products match “${answer.query}”`}
      </h2>
      {answer.suggestions.length > 0 ? (
        <div className="mt-4" data-testid="search-suggestions">
          <p className="text-muted">Did you mean</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {answer.suggestions.map((suggestion) => (
              <li key={suggestion}>
                <Link
                  to={`/search?${new URLSearchParams({ q: suggestion }).toString()}`}
                  className={chipClass(false)}
                >
                  {suggestion}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-3 text-muted">
          {filtered
            ? 'Try removing a filter.'
            : 'Check the spelling, or try a more general word like “cookies”.'}
        </p>
      )}
      <Link to="/shop" className="btn-primary mt-6">
        Browse all snacks
      </Link>
    </div>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { typed, problem, answer } = loaderData;
  return (
    <>
      <header className="bg-sand py-8 md:py-12">
        <div className="container-page text-center">
          <p className="eyebrow">Search</p>
          <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">
            {answer ? (
              <>
                Results for <span className="text-maple-dark">“{answer.query}”</span>
              </>
            ) : (
              'What are you looking for?'
            )}
          </h1>
          <SearchBox id="search-page-q" defaultValue={typed} size="lg" className="mx-auto mt-6 max-w-xl" />
          {problem && (
            <p role="alert" className="mt-4 font-semibold text-danger">
              {problem}
            </p>
          )}
        </div>
      </header>
      {answer && (
        <section aria-labelledby="search-results-title" className="container-page py-8 md:py-12">
          <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="search-results-title" className="section-title text-2xl sm:text-3xl">
              {answer.total === 1 ? '1 product' : `${answer.total} products`}
            </h2>
            {answer.total > answer.page_size && (
              <p className="text-sm text-muted">
                Page {answer.page} of {Math.ceil(answer.total / answer.page_size)}
              </p>
            )}
          </div>
          {(answer.total > 0 || answer.category !== null || answer.diet.length > 0) && (
            <div className="mb-8">
              <Filters answer={answer} />
            </div>
          )}
          {answer.results.length > 0 ? <Results answer={answer} /> : <NothingFound answer={answer} />}
        </section>
      )}
    </>
  );
}
