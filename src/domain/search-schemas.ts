/**
 * Catalogue search's API shapes (decision 0064): the query string of GET /api/search (also what the
 * /search page's loader checks) and the answer. The rules are search.ts's; the page imports types only.
 */
import { productSchema } from './catalog-schemas.js';
import {
  checkSearchText,
  DIET_KEYS,
  SEARCH_MESSAGES,
  SEARCH_SORT_KEYS,
  type SearchSortKey,
  type DietKey,
} from './search.js';
import { isSlug } from './slug.js';
import { z } from './zod.js';

/** One value of the query string, or none ('' counts as none: a form's empty choice). */
const oneValue = (message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value) => (value === '' ? undefined : value));

export const searchQuerySchema = z.object({
  q: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      if (Array.isArray(value)) {
        ctx.addIssue({ code: 'custom', message: 'q: give one search, not several.' });
        return z.NEVER;
      }
      const checked = checkSearchText(value ?? '');
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }
      return { text: checked.text, terms: checked.terms };
    })
    .describe('What to search for: 1 to 100 characters; the last word may be the start of a word.'),
  category: oneValue(SEARCH_MESSAGES.category)
    .refine((slug) => slug === undefined || (slug.length <= 100 && isSlug(slug)), SEARCH_MESSAGES.category)
    .describe('Only products of the category with this slug.'),
  diet: z
    .union([z.string(), z.array(z.string())], { error: SEARCH_MESSAGES.diet })
    .optional()
    .transform((value, ctx): DietKey[] => {
      const list = value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];
      if (list.length > DIET_KEYS.length || !list.every((d) => (DIET_KEYS as string[]).includes(d))) {
        ctx.addIssue({ code: 'custom', message: SEARCH_MESSAGES.diet });
        return z.NEVER;
      }
      return [...new Set(list as DietKey[])];
    })
    .describe('Dietary filters, repeatable: gluten-free, grain-free, vegan. A product must pass every one.'),
  sort: oneValue(SEARCH_MESSAGES.sort)
    .refine(
      (sort) => sort === undefined || (SEARCH_SORT_KEYS as string[]).includes(sort),
      SEARCH_MESSAGES.sort,
    )
    .transform((sort) => sort as SearchSortKey | undefined)
    .describe('relevance (the default), featured (the shop order), price-asc or price-desc.'),
  page: oneValue(SEARCH_MESSAGES.page)
    .refine((page) => page === undefined || /^(?:[1-9]\d{0,2}|1000)$/.test(page), SEARCH_MESSAGES.page)
    .transform((page) => (page === undefined ? 1 : Number(page)))
    .describe('Page of results, from 1.'),
});

/** The query string as it arrives: every field optional text (the schema above checks it). */
export type SearchParams = Partial<Record<'q' | 'category' | 'diet' | 'sort' | 'page', string | string[]>>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

const rangeSchema = z.tuple([z.number().int(), z.number().int()]);

export const searchResultSchema = z.object({
  product: productSchema,
  /** Where the query's words are in the name and description: [start, end) in UTF-16 code units. */
  highlights: z.object({ name: z.array(rangeSchema), description: z.array(rangeSchema) }),
});

export const searchAnswerSchema = z.object({
  /** The query as searched (trimmed, spaces collapsed). */
  query: z.string(),
  /** Results with the filters applied, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  sort: z.enum(SEARCH_SORT_KEYS),
  category: z.string().nullable(),
  diet: z.array(z.enum(DIET_KEYS)),
  results: z.array(searchResultSchema),
  /** When nothing matched the query: other searches that would find something ("Did you mean …"). */
  suggestions: z.array(z.string()),
  /** Counts of the query's results in each category and for each dietary filter, the other filter applied. */
  facets: z.object({
    categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
    diets: z.array(z.object({ key: z.enum(DIET_KEYS), label: z.string(), count: z.number().int() })),
  }),
});

export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
