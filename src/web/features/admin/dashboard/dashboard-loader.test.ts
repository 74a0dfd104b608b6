/**
 * The dashboard's clientLoader: it reads only the tab the address names, with that list's search and
 * page, only for a stored admin session, and a part that fails leaves the rest of the tab shown.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDashboard } from './dashboard-loader';

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', ...headers } });

function storeSession(user: { id: number; email: string; isAdmin: boolean } | null) {
  const items = new Map<string, string>(
    user
      ? [
          ['token', 't0k3n'],
          ['user', JSON.stringify(user)],
        ]
      : [],
  );
  vi.stubGlobal('window', {
    localStorage: { getItem: (key: string) => items.get(key) ?? null },
  });
}

const load = (search: string) => loadDashboard(new Request(`http://shop.test/admin/dashboard${search}`));

let fetch: ReturnType<typeof vi.fn<(path: string) => Promise<Response>>>;

beforeEach(() => {
  fetch = vi.fn((path: string) => {
    if (path.startsWith('/api/admin/messages'))
      return Promise.resolve(json([], { 'x-total-count': '0', 'x-unread-count': '4' }));
    if (path.startsWith('/api/admin/newsletter-signups'))
      return Promise.resolve(json([], { 'x-total-count': '0' }));
    if (path.startsWith('/api/orders')) return Promise.resolve(json([], { 'x-total-count': '0' }));
    if (path === '/api/users') return Promise.resolve(json([]));
    if (path.startsWith('/api/admin/subscriptions')) return Promise.resolve(json([]));
    return Promise.resolve(
      new Response(JSON.stringify({ message: 'Internal Server Error' }), { status: 500 }),
    );
  });
  vi.stubGlobal('fetch', fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const paths = () => fetch.mock.calls.map(([path]) => path);

describe('loadDashboard', () => {
  it('reads nothing without a stored admin session: the page sends the browser to /login', async () => {
    storeSession({ id: 2, email: 'maya@example.ca', isAdmin: false });
    await expect(load('?tab=users')).resolves.toEqual({ tab: 'users', view: null, unread: null });
    storeSession(null);
    await expect(load('')).resolves.toEqual({ tab: 'products', view: null, unread: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads the page of orders the address asks for, and the unread count for the badge', async () => {
    storeSession({ id: 1, email: 'owner@example.ca', isAdmin: true });
    const data = await load('?tab=orders&status=Shipped&q=%20maya%20&page=3');
    expect(data).toEqual({
      tab: 'orders',
      view: { tab: 'orders', data: { ok: true, value: { items: [], total: 0 } } },
      unread: 4,
    });
    expect(paths().sort()).toEqual([
      '/api/admin/messages?page=1&pageSize=1',
      '/api/orders?status=Shipped&q=maya&page=3&pageSize=20',
    ]);
  });

  it('searches for the order a link names (?order=N), and ignores a status it does not know', async () => {
    storeSession({ id: 1, email: 'owner@example.ca', isAdmin: true });
    await load('?tab=orders&order=123&status=Lost');
    expect(paths()).toContain('/api/orders?q=123&page=1&pageSize=20');
  });

  it('reads the subscriptions the address asks for, by status and e-mail (decision 0057)', async () => {
    storeSession({ id: 1, email: 'owner@example.ca', isAdmin: true });
    const data = await load('?tab=subscriptions&status=past_due&q=%20maya%20');
    expect(data.view).toEqual({ tab: 'subscriptions', data: { ok: true, value: [] } });
    expect(paths()).toContain('/api/admin/subscriptions?status=past_due&q=maya');
    fetch.mockClear();
    await load('?tab=subscriptions&status=lost');
    expect(paths()).toContain('/api/admin/subscriptions');
  });

  it('counts the badge from the unfiltered messages list, without a request of its own', async () => {
    storeSession({ id: 1, email: 'owner@example.ca', isAdmin: true });
    const data = await load('?tab=inbox&signups_q=granola&signups_page=2');
    expect(data.unread).toBe(4);
    expect(paths().sort()).toEqual([
      '/api/admin/messages?page=1&pageSize=10',
      '/api/admin/newsletter-signups?q=granola&page=2&pageSize=20',
    ]);
  });

  it('answers a part that failed as failed, and logs it, so the rest of the tab still shows', async () => {
    storeSession({ id: 1, email: 'owner@example.ca', isAdmin: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const data = await load('?tab=products');
    expect(data.view).toEqual({ tab: 'products', data: { ok: false } });
    expect(data.unread).toBe(4);
    expect(error).toHaveBeenCalledWith('Failed to load products', expect.anything());
  });

  it('passes an abort up to React Router instead of answering it as a failure', async () => {
    storeSession({ id: 1, email: 'owner@example.ca', isAdmin: true });
    const controller = new AbortController();
    fetch.mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    const request = new Request('http://shop.test/admin/dashboard?tab=users', { signal: controller.signal });
    await expect(loadDashboard(request)).rejects.toThrow('aborted');
  });
});
