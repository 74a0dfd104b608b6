/**
 * Slow clients (decision 0038): sockets that send a request's headers and then trickle its body, or
 * trickle the headers themselves, must neither hold the embedded database's turns (http/db-queue.ts)
 * nor stay open past the server's timeouts. Real sockets on a listening app: `inject` has no socket.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
const IDLE_TIMEOUT_MS = 1_500;
/** More than the embedded database's four turns and its queue of waiting requests together. */
const SLOW_BODIES = 12;
const SLOW_HEADERS = 4;
/** Slower than a byte a second would be a stall; this is a client that keeps the socket just alive. */
const TRICKLE_EVERY_MS = 250;

let t: TestApp;
let base: string;
const PASSWORD = 'Maple-Crunch-2024';
const email = `slow.${Date.now()}@example.ca`;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: {
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
      // A queue as short as the review's: four turns, a few waiting.
      DATABASE_QUEUE_LIMIT: '4',
    },
  });
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { firstName: 'Sam', lastName: 'Slow', email, password: PASSWORD },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t?.close());

interface SlowSocket {
  socket: Socket;
  /** Milliseconds from opening to the server closing it; undefined while open. */
  closedAfterMs?: number;
  /** What the server answered before closing, if anything. */
  answer: string;
  stop(): void;
}

/** Opens a socket that sends `head` at once and then one byte of `rest` every TRICKLE_EVERY_MS. */
function trickle(port: number, head: string, rest: string): Promise<SlowSocket> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    const socket = connect(port, '127.0.0.1');
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const slow: SlowSocket = {
      socket,
      answer: '',
      stop: () => {
        clearInterval(timer);
        socket.destroy();
      },
    };
    socket.on('data', (chunk) => (slow.answer += chunk.toString('latin1')));
    // The server cutting the connection shows here as a reset or a broken pipe on the next byte.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      slow.closedAfterMs ??= Date.now() - opened;
    });
    socket.once('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < rest.length && !socket.destroyed) socket.write(rest[sent++]!);
      }, TRICKLE_EVERY_MS);
      resolve(slow);
    });
    socket.once('error', reject);
  });
}

describe('slow clients', () => {
  it('cannot take the API offline: a login answers at once, and the server closes the slow sockets', async () => {
    const port = Number(new URL(base).port);
    const body = JSON.stringify({ email, password: 'x'.repeat(80) });
    const slowBodies = await Promise.all(
      Array.from({ length: SLOW_BODIES }, (_, n) =>
        trickle(
          port,
          // Half with a bearer token: its session is looked up before the body is read (the
          // route's access check), which must not keep a turn while the body trickles in.
          `POST /api/users/login HTTP/1.1\r\nHost: shop\r\n${n % 2 ? 'Authorization: Bearer not-a-session\r\n' : ''}` +
            `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n{`,
          body.slice(1),
        ),
      ),
    );
    const slowHeaders = await Promise.all(
      Array.from({ length: SLOW_HEADERS }, () =>
        trickle(port, 'POST /api/users/login HTTP/1.1\r\n', 'Host: shop\r\nX-Padding: ' + 'a'.repeat(200)),
      ),
    );
    const all = [...slowBodies, ...slowHeaders];
    try {
      // Let every slow request reach the server and, on today's code, take its turn at the database.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const started = Date.now();
      const res = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
        signal: AbortSignal.timeout(10_000),
      });
      const loginMs = Date.now() - started;
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as { token?: string }).token).toBeTruthy();
      expect(loginMs).toBeLessThan(3_000);

      // Node checks the request timeouts once a second here (connectionsCheckingInterval): the slow
      // sockets are closed within the timeout and that second, and a margin for a busy machine.
      const deadline = Date.now() + REQUEST_TIMEOUT_MS + 4_000;
      while (all.some((s) => s.closedAfterMs === undefined) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const open = all.filter((s) => s.closedAfterMs === undefined).length;
      expect(open, 'slow sockets the server left open').toBe(0);
      for (const s of slowHeaders) expect(s.closedAfterMs!).toBeLessThan(HEADERS_TIMEOUT_MS + 2_500);
      for (const s of slowBodies) expect(s.closedAfterMs!).toBeLessThan(REQUEST_TIMEOUT_MS + 2_500);
      // A request cut off for being slow is told so, not left guessing.
      expect(slowBodies.some((s) => s.answer.startsWith('HTTP/1.1 408'))).toBe(true);
      console.info(
        `slow clients: login ${loginMs} ms with ${all.length} slow sockets open; ` +
          `slow headers closed after ${Math.max(...slowHeaders.map((s) => s.closedAfterMs!))} ms, ` +
          `slow bodies after ${Math.max(...slowBodies.map((s) => s.closedAfterMs!))} ms`,
      );
    } finally {
      for (const s of all) s.stop();
    }
  });

  it('closes a socket that goes quiet in the middle of a request', async () => {
    const port = Number(new URL(base).port);
    const quiet = await trickle(
      port,
      'POST /api/users/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{',
      '',
    );
    try {
      const deadline = Date.now() + IDLE_TIMEOUT_MS + 3_000;
      while (quiet.closedAfterMs === undefined && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(quiet.closedAfterMs, 'a silent socket left open').toBeDefined();
      expect(quiet.closedAfterMs!).toBeLessThan(IDLE_TIMEOUT_MS + 2_500);
    } finally {
      quiet.stop();
    }
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const port = Number(new URL(base).port);
    const idle = await trickle(port, 'GET /api/health HTTP/1.1\r\nHost: shop\r\n\r\n', '');
    try {
      const deadline = Date.now() + 10_000;
      while (idle.closedAfterMs === undefined && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(idle.answer).toMatch(/^HTTP\/1.1 200/);
      expect(idle.closedAfterMs, 'an idle keep-alive socket left open').toBeDefined();
    } finally {
      idle.stop();
    }
  });
});
