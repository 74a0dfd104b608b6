/**
 * Backup and restore (docs/operations/backup-and-restore.md): a shop with paid orders and an uploaded
 * product image is backed up the documented way, restored into a fresh place, and started on the copy,
 * which must still know every order (same ids, totals, items, statuses) and every session, and serve
 * the image (it is a row of the database, decision 0030: no folder to copy besides).
 *
 * - PostgreSQL: `pg_dump -Fc` of one database, `pg_restore` into a new one. Needs pg_dump/pg_restore
 *   on PATH and a server reachable at E2E_PG_ADMIN_URL (a superuser URL; default: local trust auth);
 *   skipped, with a warning, when either is missing.
 * - PGlite: the shop stopped with SIGTERM, its whole DATA_DIR copied, the shop started on the copy.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, onDatabase, postgresUnavailable, type TestDatabase } from './postgres';
import { startShop, type RunningShop } from './server';
import { payWithTestCard, shopApi, type ShopApi } from './shop-api';

const run = promisify(execFile);

const ADMIN = { email: 'owner@northbite.test', password: 'sugar-maple-owner-2024' };
const PASSWORD = 'oat clusters forever';
const SHOP_ENV = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // Each API call below comes from its own client address (X-Forwarded-For), as through a proxy, so
  // the per-client registration limit does not trip.
  TRUST_PROXY: '1',
};
const SHIPPING = {
  firstName: 'Jordan',
  lastName: 'Lee',
  address1: '4700 Kingsway',
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'V5H 4M1',
  country: 'Canada',
  phoneNumber: '+16045550123',
  email: 'jordan@example.ca',
};

interface ApiProduct {
  id: number;
  name: string;
  price: number;
}
interface ApiOrder {
  id: number;
  user_id: number;
  status: string;
  total: number;
  is_paid: boolean;
  items: { product_id: number | null; product_name: string; quantity: number; price: number }[];
}
interface Auth {
  token: string;
  user: { id: number; email: string };
}

/** What a shop held before its backup, as its API answered it. */
interface Snapshot {
  shoppers: { email: string; id: number; token: string; orders: ApiOrder[] }[];
  adminToken: string;
  adminOrders: ApiOrder[];
  orderIds: number[];
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/** A product photo uploaded by the admin: its URL and the bytes the shop served for it. */
interface UploadedImage {
  url: string;
  bytes: Buffer;
}

async function uploadImage(api: ShopApi, baseUrl: string): Promise<UploadedImage> {
  const { token } = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
  const form = new FormData();
  form.append('name', `Backed Up Granola ${randomBytes(3).toString('hex')}`);
  form.append('description', 'Its photo must survive the restore.');
  form.append('price', '12.95');
  form.append('category_id', '3');
  const photo = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#b87333' } })
    .png()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${baseUrl}/api/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const created = (await res.json()) as { image_url: string };
  expect(res.status, JSON.stringify(created)).toBe(201);
  const image = await fetch(`${baseUrl}${created.image_url}`);
  expect(image.status).toBe(200);
  return { url: created.image_url, bytes: Buffer.from(await image.arrayBuffer()) };
}

/** The restored shop serves the image, both sizes, the same bytes as before. */
async function expectImage(baseUrl: string, image: UploadedImage): Promise<void> {
  const res = await fetch(`${baseUrl}${image.url}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(Buffer.from(await res.arrayBuffer()).equals(image.bytes)).toBe(true);
  expect((await fetch(`${baseUrl}${image.url.replace('-800w.webp', '-400w.webp')}`)).status).toBe(200);
}

/** Two shoppers, three paid orders (one shipped, one in progress), and what the API then answers. */
async function placeOrders(api: ShopApi, baseUrl: string): Promise<Snapshot> {
  const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
  expect(products.length).toBeGreaterThanOrEqual(4);
  const line = (index: number, quantity: number) => ({ ...products[index]!, quantity });
  const stamp = `${Date.now()}.${randomBytes(3).toString('hex')}`;
  const register = (name: string) =>
    api<Auth>('/api/users/register', {
      method: 'POST',
      body: {
        firstName: name,
        lastName: 'Backup',
        email: `${name.toLowerCase()}.${stamp}@example.ca`,
        password: PASSWORD,
        phoneNumber: '6045550123',
      },
    });
  const alex = await register('Alex');
  const sam = await register('Sam');

  const placed = [
    await payWithTestCard<ApiOrder>(api, alex.token, [line(0, 2)], SHIPPING),
    await payWithTestCard<ApiOrder>(api, alex.token, [line(1, 1), line(2, 3)], SHIPPING),
    await payWithTestCard<ApiOrder>(api, sam.token, [line(3, 1)], { ...SHIPPING, city: 'Toronto' }),
  ];
  const { token: adminToken } = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
  const setStatus = (id: number, status: string) =>
    api(`/api/orders/${id}/status`, { method: 'PATCH', token: adminToken, body: { status } });
  await setStatus(placed[0]!.id, 'Shipped');
  await setStatus(placed[1]!.id, 'In Progress');

  const shoppers = [];
  for (const auth of [alex, sam]) {
    const orders = await api<ApiOrder[]>(`/api/users/${auth.user.id}/orders`, { token: auth.token });
    shoppers.push({ email: auth.user.email, id: auth.user.id, token: auth.token, orders });
  }
  const adminOrders = await api<ApiOrder[]>('/api/orders?pageSize=200', { token: adminToken });

  // The snapshot is what it should be, so comparing against it later means something.
  const orderIds = placed.map((order) => order.id).sort((a, b) => a - b);
  expect(shoppers.map((s) => s.orders.length)).toEqual([2, 1]);
  expect(adminOrders.map((order) => order.id).sort((a, b) => a - b)).toEqual(orderIds);
  expect(adminOrders.every((order) => order.is_paid && order.total > 0)).toBe(true);
  expect(adminOrders.map((order) => order.status).sort()).toEqual(['In Progress', 'Pending', 'Shipped']);
  expect(adminOrders.find((order) => order.id === placed[1]!.id)!.items).toHaveLength(2);
  return { shoppers, adminToken, adminOrders, orderIds };
}

/** The restored shop answers every order exactly as before, to new sign-ins and to the old sessions. */
async function expectEveryOrder(api: ShopApi, before: Snapshot): Promise<void> {
  for (const shopper of before.shoppers) {
    const login = await api<Auth>('/api/users/login', {
      method: 'POST',
      body: { email: shopper.email, password: PASSWORD },
    });
    expect(login.user.id).toBe(shopper.id);
    const path = `/api/users/${shopper.id}/orders`;
    expect((await api<ApiOrder[]>(path, { token: login.token })).sort(byId)).toEqual(
      [...shopper.orders].sort(byId),
    );
    // Sessions are rows in the database: the token issued before the backup still works.
    expect((await api<ApiOrder[]>(path, { token: shopper.token })).sort(byId)).toEqual(
      [...shopper.orders].sort(byId),
    );
  }

  const { token: adminToken } = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
  for (const token of [adminToken, before.adminToken]) {
    const orders = await api<ApiOrder[]>('/api/orders?pageSize=200', { token });
    expect(orders.sort(byId)).toEqual([...before.adminOrders].sort(byId));
    expect(orders.map((order) => order.id)).toEqual(before.orderIds);
  }
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL

/** pg_dump and pg_restore on PATH, and the server answering. */
async function backupToolsUnavailable(): Promise<string | null> {
  for (const tool of ['pg_dump', 'pg_restore']) {
    try {
      execFileSync(tool, ['--version'], { stdio: 'ignore' });
    } catch {
      return `${tool} is not on PATH`;
    }
  }
  return postgresUnavailable();
}

const skipPostgres = await backupToolsUnavailable();
if (skipPostgres) console.warn(`backup.test.ts: skipping the PostgreSQL backup test: ${skipPostgres}`);

const databases: string[] = [];

/** A new, empty database on the server of ADMIN_URL, dropped after the file. */
async function newDatabase(label: string): Promise<TestDatabase> {
  const database = await createDatabase(`northbite_backup_${label}`);
  databases.push(database.name);
  return database;
}

/** Rows in every table (the app's and drizzle's migration journal), to compare two databases. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  return onDatabase(url, async (client) => {
    const { rows: tables } = await client.query<{ name: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
         from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${name}`);
      counts[name] = Number(rows[0]!.n);
    }
    return counts;
  });
}

const workDirs: string[] = [];
const workDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  workDirs.push(dir);
  return dir;
};

const running: RunningShop[] = [];
async function start(env: Record<string, string>): Promise<RunningShop> {
  const shop = await startShop({ ...SHOP_ENV, ...env });
  running.push(shop);
  return shop;
}
async function stop(shop: RunningShop): Promise<void> {
  expect(await shop.stop(), shop.output()).toBe(0);
}

afterAll(async () => {
  await Promise.all(running.map((shop) => shop.stop()));
  for (const name of databases) await dropDatabase(name);
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it.skipIf(skipPostgres)(
    'PostgreSQL: pg_dump -Fc, pg_restore into a fresh database, and every order and session is there',
    async () => {
      let shop: RunningShop;
      const api = shopApi(() => shop.url, '10.71');

      const source = await newDatabase('source');
      shop = await start({ DATABASE_URL: source.url });
      const before = await placeOrders(api, shop.url);
      const image = await uploadImage(api, shop.url);
      await stop(shop);

      // The documented nightly command, then the documented restore into a database made for it.
      const dump = join(workDir('northbite-backup-'), 'shop.dump');
      await run('pg_dump', ['--format=custom', '--file', dump, '--dbname', source.url]);
      const restored = await newDatabase('restored');
      await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restored.url, dump]);
      const counts = await rowCounts(restored.url);
      expect(counts).toEqual(await rowCounts(source.url));
      expect(counts['public.orders']).toBe(3);

      // Gone, so nothing below can be answered from the original.
      await dropDatabase(source.name);

      shop = await start({ DATABASE_URL: restored.url });
      await expectEveryOrder(api, before);
      await expectImage(shop.url, image);

      // Sequences came along: the restored shop takes new orders without reusing an id.
      const { token } = await api<Auth>('/api/users/login', {
        method: 'POST',
        body: { email: before.shoppers[1]!.email, password: PASSWORD },
      });
      const products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
      const next = await payWithTestCard<ApiOrder>(api, token, [{ ...products[0]!, quantity: 1 }], SHIPPING);
      expect(next.id).toBeGreaterThan(Math.max(...before.orderIds));
      await stop(shop);
    },
    90_000,
  );

  it('PGlite: stop the shop, copy DATA_DIR, start on the copy, and every order and session is there', async () => {
    let shop: RunningShop;
    const api = shopApi(() => shop.url, '10.72');

    // Our own DATA_DIR: the env given to startShop comes after the temporary one it makes.
    const dataDir = workDir('northbite-live-');
    shop = await start({ DATA_DIR: dataDir });
    const before = await placeOrders(api, shop.url);
    const image = await uploadImage(api, shop.url);
    await stop(shop);
    expect(existsSync(join(dataDir, 'pglite')), 'stop() removes only its own temporary directory').toBe(true);
    // A clean shutdown removes PGlite's postmaster.pid; the runbook checks for it before copying.
    expect(existsSync(join(dataDir, 'pglite', 'postmaster.pid'))).toBe(false);

    const copy = join(workDir('northbite-restored-'), 'data');
    cpSync(dataDir, copy, { recursive: true });
    expect(readdirSync(copy).sort()).toEqual(readdirSync(dataDir).sort());
    // The original is gone too, so the copy alone answers.
    rmSync(dataDir, { recursive: true, force: true });

    shop = await start({ DATA_DIR: copy });
    await expectEveryOrder(api, before);
    await expectImage(shop.url, image);
    await stop(shop);
  }, 90_000);
});
