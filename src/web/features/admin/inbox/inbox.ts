/**
 * The Inbox tab (decision 0023): contact messages and newsletter sign-ups, each a page at a time
 * and searchable by e-mail; the checks of their answers, the reply link and the unread count.
 */
import { brand } from '../../../../domain/brand';
import {
  inboxMessageSchema,
  inboxSignupSchema,
  type ContactMessage,
  type KlaviyoSync,
  type NewsletterSignup,
} from '../../../../domain/inbox';
import { messages as texts } from '../../../../domain/messages';
import type { NewsletterStatus } from '../../../../domain/newsletter';
import { z } from '../../../../domain/zod';
import { apiExchange } from '../../../api';
import type { PagedList } from '../shared/admin-api';
import { pageParam } from '../shared/paging';

export const MESSAGES_PAGE_SIZE = 10;
export const SIGNUPS_PAGE_SIZE = 20;

export type InboxList = 'messages' | 'newsletter-signups';

export interface InboxQuery {
  q: string;
  page: number;
}

/** Where each list keeps its search and page in the address, beside `tab=inbox`. */
export const INBOX_PARAMS: Record<InboxList, { q: string; page: string }> = {
  messages: { q: 'q', page: 'page' },
  'newsletter-signups': { q: 'signups_q', page: 'signups_page' },
};

/** A list's search and page as the address holds them. */
export function inboxQuery(list: InboxList, params: URLSearchParams): InboxQuery {
  const keys = INBOX_PARAMS[list];
  return { q: (params.get(keys.q) ?? '').trim(), page: pageParam(params.get(keys.page)) };
}

export function inboxPath(list: InboxList, { q, page }: InboxQuery, pageSize: number): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return `/api/admin/${list}?${params.toString()}`;
}

const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)));

/** The domain's shapes, with times the browser can read (a bad one fails the list rather than a row). */
export const contactMessageSchema: z.ZodType<ContactMessage> = inboxMessageSchema.extend({
  created_at: timestamp,
  read_at: timestamp.nullable(),
});

export const newsletterSignupSchema: z.ZodType<NewsletterSignup> = inboxSignupSchema.extend({
  created_at: timestamp,
});

export interface InboxPage<T> extends PagedList<T> {
  /** Unread messages among the matches (the `x-unread-count` header); null when the list has none. */
  unread: number | null;
}

const countHeader = (headers: Headers, name: string): number | null => {
  const value = headers.get(name);
  const count = value === null || value === '' ? NaN : Number(value);
  return Number.isSafeInteger(count) && count >= 0 ? count : null;
};

/** GET one page of a list, each entry checked, with its total (and unread) count. */
export async function fetchInboxPage<T>(
  schema: z.ZodType<T>,
  path: string,
  signal?: AbortSignal,
): Promise<InboxPage<T>> {
  const { data, headers } = await apiExchange(path, { signal });
  const parsed = z.array(schema).safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error.issues);
    throw new Error(texts.invalidServerResponse);
  }
  const items = parsed.data;
  const total = countHeader(headers, 'x-total-count');
  return {
    items,
    total: total !== null && total >= items.length ? total : items.length,
    unread: countHeader(headers, 'x-unread-count'),
  };
}

/** Every unread message, for the tab's badge: the unfiltered count of a one-message page. */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const page = await fetchInboxPage(
    contactMessageSchema,
    inboxPath('messages', { q: '', page: 1 }, 1),
    signal,
  );
  return page.unread ?? 0;
}

export const REPLY_SUBJECT = `Re: your message to ${brand.name}`;

/** A `mailto:` link answering the message, with the subject filled in. */
export function replyHref(email: string): string {
  // RFC 6068: the address percent-encoded except its @, the subject as a query value.
  const address = encodeURIComponent(email).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(REPLY_SUBJECT)}`;
}

/** The read state a message has after marking it, and how the unread count moves with it. */
export function unreadChange(
  before: Pick<ContactMessage, 'read_at'>,
  after: Pick<ContactMessage, 'read_at'>,
) {
  return (after.read_at === null ? 1 : 0) - (before.read_at === null ? 1 : 0);
}

/** A sign-up's status as the list says it (decision 0042: pending until its link is followed). */
export const STATUS_LABELS: Record<NewsletterStatus, string> = {
  pending: 'Not confirmed',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

export const KLAVIYO_LABELS: Record<Exclude<KlaviyoSync, null>, string> = {
  synced: 'Synced',
  pending: 'Waiting',
  failed: 'Failed',
};

/** '1 message', '3 sign-ups': a count with its noun. */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The line under a list's title: '12 messages, 3 unread, newest first.', '1 matching sign-up.' */
export function listSummary(
  total: number,
  [one, many]: [string, string],
  filtered: boolean,
  unread: number | null = null,
): string {
  const parts = [
    filtered ? counted(total, `matching ${one}`, `matching ${many}`) : counted(total, one, many),
  ];
  if (unread !== null && total > 0) parts.push(`${unread} unread`);
  if (total > 1) parts.push('newest first');
  return `${parts.join(', ')}.`;
}
