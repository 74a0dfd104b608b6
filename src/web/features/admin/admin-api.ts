/**
 * The dashboard's calls: the shop's request helper (SPEC §7) with every answer checked against its
 * schema, and a list reader that also returns the `x-total-count` header of paged lists.
 */
import { messages } from '../../../domain/messages';
import type { z } from '../../../domain/zod';
import { ApiError, apiExchange, apiRequest, type ApiOptions } from '../../api';

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

/** The text to show for a failed call: the server's message for requests it refused, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message;
  }
  return fallback;
}
