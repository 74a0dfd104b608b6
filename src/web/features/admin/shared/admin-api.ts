/**
 * The dashboard's calls: the shop's request helper with every answer checked against its
 * schema, a list reader that also returns the `x-total-count` header of paged lists, and the shape in
 * which the route's clientLoader hands each list to its tab.
 */
import { messages } from '../../../../domain/messages';
import type { z } from '../../../../domain/zod';
import { apiExchange, apiRequest, type ApiOptions } from '../../../api';

/** Calls the API and checks the answer; a reply of another shape is 'Invalid response from the server'. */
export async function adminRequest<S extends z.ZodType>(
  schema: S,
  path: string,
  options: ApiOptions = {},
): Promise<z.output<S>> {
  const reply = await apiRequest<unknown>(path, options);
  const parsed = schema.safeParse(reply);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error.issues);
    throw new Error(messages.invalidServerResponse);
  }
  return parsed.data;
}

export interface PagedList<T> {
  items: T[];
  /** every match, across pages (the `x-total-count` header) */
  total: number;
}

/** GET a paged list: the same bearer token and error semantics as apiRequest, plus the total count. */
export async function fetchPagedList<S extends z.ZodType>(
  schema: S,
  path: string,
  signal?: AbortSignal,
): Promise<PagedList<z.output<S>>> {
  const { data, headers } = await apiExchange(path, { signal });
  if (!Array.isArray(data)) throw new Error(messages.invalidServerResponse);
  const items: z.output<S>[] = [];
  for (const entry of data) {
    const parsed = schema.safeParse(entry);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${path}`, parsed.error.issues);
      throw new Error(messages.invalidServerResponse);
    }
    items.push(parsed.data);
  }
  const header = Number(headers.get('x-total-count'));
  return { items, total: Number.isFinite(header) && header >= items.length ? header : items.length };
}

/** One part of a tab as its loader answers it: the value, or that it failed (and was logged). */
export type Loaded<T> = { ok: true; value: T } | { ok: false };

/**
 * Runs one load of the dashboard's clientLoader. An abort (the admin moved on before it answered)
 * goes up to React Router, which drops that navigation; any other failure is logged and answered as
 * failed, so the rest of the tab still shows and the failed part offers 'Try again'.
 */
export async function loadPart<T>(
  signal: AbortSignal,
  failure: string,
  load: () => Promise<T>,
): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    if (signal.aborted) throw error;
    console.error(failure, error);
    return { ok: false };
  }
}

/** The value of a part that the tab can do without (an empty list, no plan): `fallback` when it failed. */
export const valueOr = <T, F>(part: Loaded<T>, fallback: F): T | F => (part.ok ? part.value : fallback);
