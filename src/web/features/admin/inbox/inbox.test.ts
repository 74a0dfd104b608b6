/** The Inbox tab's rules: the list paths, the answers' checks and counts, the reply link, paging. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactMessage, NewsletterSignup } from '../../../../domain/inbox';
import { messages } from '../../../../domain/messages';
import {
  contactMessageSchema,
  counted,
  fetchInboxPage,
  fetchUnreadCount,
  inboxPath,
  listSummary,
  newsletterSignupSchema,
  replyHref,
  unreadChange,
} from './inbox';
import { pageRange } from '../shared/paging';
import { ADMIN_TABS, parseTab } from '../shared/tabs';

const message: ContactMessage = {
  id: 3,
  name: 'Ada Birch',
  email: 'ada@example.ca',
  message: 'Do you ship to Whitehorse?',
  created_at: '2026-11-25T18:04:00.000Z',
  read_at: null,
};
const signup: NewsletterSignup = {
  id: 9,
  email: 'sam@example.ca',
  source: 'website',
  created_at: '2026-11-25T18:05:00.000Z',
  status: 'confirmed',
  klaviyo: 'pending',
};

const answer = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Overview and Inbox tabs', () => {
  it('come after the four tabs of the spec and Subscriptions, which still open Product Management by default', () => {
    expect(ADMIN_TABS.map((tab) => tab.label)).toEqual([
      'Product Management',
      'Order Management',
      'User Management',
      'Recipe Management',
      'Subscriptions',
      'Overview',
      'Inbox',
      'Reviews',
    ]);
    expect(parseTab('inbox')).toBe('inbox');
    expect(parseTab(null)).toBe('products');
  });
});

describe('inboxPath', () => {
  it('sends the trimmed search only when there is one, the page and its size', () => {
    expect(inboxPath('messages', { q: '', page: 1 }, 10)).toBe('/api/admin/messages?page=1&pageSize=10');
    expect(inboxPath('newsletter-signups', { q: '  Sam+news@Example.ca ', page: 3 }, 20)).toBe(
      '/api/admin/newsletter-signups?q=Sam%2Bnews%40Example.ca&page=3&pageSize=20',
    );
  });
});

describe('fetchInboxPage', () => {
  it('answers the checked entries with the total and unread counts of the headers', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(answer([message], { 'x-total-count': '12', 'x-unread-count': '4' })),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(fetchInboxPage(contactMessageSchema, '/api/admin/messages?page=1')).resolves.toEqual({
      items: [message],
      total: 12,
      unread: 4,
    });
  });

  it('counts what came when the headers are missing or smaller than the page', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(answer([signup], { 'x-total-count': '0' })));
    await expect(fetchInboxPage(newsletterSignupSchema, '/api/admin/newsletter-signups')).resolves.toEqual({
      items: [signup],
      total: 1,
      unread: null,
    });
  });

  it('refuses an answer of another shape', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = [
      () => fetchInboxPage(contactMessageSchema, '/api/admin/messages'),
      () => fetchInboxPage(newsletterSignupSchema, '/api/admin/newsletter-signups'),
      () => fetchInboxPage(contactMessageSchema, '/api/admin/messages'),
    ];
    const bodies = [{ items: [] }, [{ ...signup, klaviyo: 'maybe' }], [{ ...message, read_at: 'soon' }]];
    for (const [index, call] of bad.entries()) {
      vi.stubGlobal('fetch', () => Promise.resolve(answer(bodies[index])));
      await expect(call()).rejects.toThrow(messages.invalidServerResponse);
    }
  });

  it('reads the unread count from one unfiltered message', async () => {
    const fetch = vi.fn((_path: string) => Promise.resolve(answer([message], { 'x-unread-count': '7' })));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchUnreadCount()).resolves.toBe(7);
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/messages?page=1&pageSize=1');
  });
});

describe('replyHref', () => {
  it('is a mailto link to the address with the subject filled in', () => {
    expect(replyHref('ada@example.ca')).toBe(
      'mailto:ada@example.ca?subject=Re%3A%20your%20message%20to%20Northbite',
    );
  });

  it('keeps characters of the address that mean something in a URL from changing the link', () => {
    expect(replyHref('a+b&cc=x?y@example.ca')).toBe(
      'mailto:a%2Bb%26cc%3Dx%3Fy@example.ca?subject=Re%3A%20your%20message%20to%20Northbite',
    );
  });
});

describe('unreadChange', () => {
  const read = { read_at: '2026-11-26T09:00:00.000Z' };
  const unread = { read_at: null };
  it('moves the unread count by one when the state changes, and not otherwise', () => {
    expect(unreadChange(unread, read)).toBe(-1);
    expect(unreadChange(read, unread)).toBe(1);
    expect(unreadChange(read, read)).toBe(0);
    expect(unreadChange(unread, unread)).toBe(0);
  });
});

describe('paging and counts', () => {
  it('gives the positions shown and the number of pages', () => {
    expect(pageRange(1, 10, 10, 23)).toEqual({ first: 1, last: 10, pages: 3 });
    expect(pageRange(3, 10, 3, 23)).toEqual({ first: 21, last: 23, pages: 3 });
    expect(pageRange(1, 10, 0, 0)).toEqual({ first: 0, last: 0, pages: 1 });
  });

  it('names one or many', () => {
    expect(counted(1, 'message', 'messages')).toBe('1 message');
    expect(counted(0, 'message', 'messages')).toBe('0 messages');
  });

  it('sums a list up: its count, its unread messages and its order when there is one', () => {
    const noun: [string, string] = ['message', 'messages'];
    expect(listSummary(12, noun, false, 3)).toBe('12 messages, 3 unread, newest first.');
    expect(listSummary(1, noun, true, 0)).toBe('1 matching message, 0 unread.');
    expect(listSummary(0, noun, true, 0)).toBe('0 matching messages.');
    expect(listSummary(2, ['sign-up', 'sign-ups'], false)).toBe('2 sign-ups, newest first.');
  });
});
