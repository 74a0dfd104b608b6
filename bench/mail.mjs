/**
 * Outbox delivery speed (the issue: 10 e-mails per 15 s per instance when idle, a backlog of 1,400
 * took more than 15 minutes). A backlog of e-mails is queued in a fresh database and drained by the
 * real mailer of the built server (one `runDue()` call of the job runner that delivers for it),
 * through an smtp-server on loopback that accepts everything, running in a worker thread of its
 * own. PGlite (a data directory in a temporary folder, as in production), then PostgreSQL if
 * reachable, in a database made for the run and dropped after it.
 *
 *   npm run build && npm run bench:mail       (PostgreSQL at BENCH_PG_ADMIN_URL, default
 *                                               postgres://postgres@127.0.0.1:5432/postgres)
 *   npm run bench:mail -- --count 1400 --pglite-only
 *
 * Reported, not asserted: e-mails per second, and what the server received (every e-mail once).
 */
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

if (!isMainThread) {
  // The SMTP server: accepts every message, counts them and their distinct Message-IDs.
  const { SMTPServer } = await import('smtp-server');
  const ids = new Set();
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 4096) head += chunk.toString();
      });
      stream.on('end', () => {
        messages++;
        ids.add(/^message-id:\s*(\S+)/im.exec(head)?.[1]);
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.server.address().port }));
  parentPort.on('message', (command) => {
    if (command === 'count') parentPort.postMessage({ messages, unique: ids.size });
    if (command === 'reset') {
      messages = 0;
      ids.clear();
      parentPort.postMessage({ reset: true });
    }
    if (command === 'close') server.close(() => parentPort.close());
  });
} else {
  await main();
}

async function main() {
  const pino = (await import('pino')).default;
  const nodemailer = (await import('nodemailer')).default;
  const { fmt, machine, onScratchDatabases } = await import('./lib.mjs');
  const { createMailer, BATCH, CONCURRENCY } = await import('../build/app/server/modules/mail/mailer.js');
  const { createJobRunner } = await import('../build/app/server/modules/jobs/queue.js');
  const { enqueueEmail } = await import('../build/app/server/modules/mail/outbox.js');

  const args = process.argv.slice(2);
  const COUNT = Number(args[args.indexOf('--count') + 1]) || 1400;
  const PGLITE_ONLY = args.includes('--pglite-only');
  const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

  const smtp = new Worker(new URL(import.meta.url));
  const ask = (command) =>
    new Promise((resolve) => {
      smtp.once('message', resolve);
      smtp.postMessage(command);
    });
  const { port } = await new Promise((resolve) => smtp.once('message', resolve));
  const smtpUrl = `smtp://127.0.0.1:${port}`;

  const SENDER = {
    mailingAddress: '1 Bench Street, Vancouver, BC V6A 1A1',
    contactEmail: 'hello@bench.test',
  };

  async function run(label, handle) {
    await handle.migrate();
    for (let i = 0; i < COUNT; i += 200) {
      await handle.db.transaction(async (tx) => {
        for (let j = i; j < Math.min(i + 200, COUNT); j++) {
          const { to, subject, text, html } = message(j);
          await enqueueEmail(
            tx,
            { kind: 'transactional', to, subject, text, html },
            { deliver: true, domain: 'bench.test', sender: SENDER },
          );
        }
      });
    }
    await ask('reset');
    const log = pino({ level: 'warn' });
    const jobs = createJobRunner({ db: handle.db, log });
    createMailer({
      db: handle.db,
      from: 'Northbite <orders@bench.test>',
      sender: SENDER,
      log,
      transport: smtpUrl,
      jobs,
    });
    const started = performance.now();
    const sent = await jobs.runDue();
    const seconds = (performance.now() - started) / 1000;
    await jobs.stop();
    const { rows } = await handle.db.$client.query(
      "select count(*)::int as left from email_outbox where status <> 'sent'",
    );
    const received = await ask('count');
    return { label, sent, seconds, left: rows[0].left, ...received };
  }

  const message = (j) => ({
    from: 'Northbite <orders@bench.test>',
    to: `customer${j}@bench.test`,
    subject: `Your Northbite order #${j}`,
    text: `Thanks for your order #${j}.\n\n`.repeat(20),
    html: `<p>Thanks for your order #${j}.</p>`.repeat(20),
  });

  /** The ceiling: the same messages through the same pooled transport, no database at all. */
  async function ceiling(count = COUNT) {
    await ask('reset');
    const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: CONCURRENCY });
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) await transport.sendMail(message(next++));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    transport.close();
    return { label: 'no database (ceiling)', sent: count, seconds, left: '', ...(await ask('count')) };
  }

  // Warm-up (JIT, sockets): not reported.
  await ceiling(300);
  const results = [await ceiling()];
  results.push(...(await onScratchDatabases('mail', run, { pgliteOnly: PGLITE_ONLY, pgAdminUrl: PG_ADMIN })));
  await smtp.terminate();

  console.log(
    `\n${new Date().toISOString().slice(0, 10)}; ${machine()}; ${COUNT} e-mails queued, ` +
      `batches of ${BATCH}, ${CONCURRENCY} SMTP connections.\n`,
  );
  const ceilingRate = results[0].sent / results[0].seconds;
  const header = ['run', 'e-mails sent', 'seconds', 'e-mails/s', 'of the ceiling', 'received by the server'];
  header.push('distinct Message-IDs', 'left in the outbox');
  const rows = results.map((r) => {
    const rate = r.sent / r.seconds;
    const share = `${fmt((100 * rate) / ceilingRate, 0)}%`;
    return [r.label, r.sent, fmt(r.seconds, 2), fmt(rate, 0), share, r.messages, r.unique, r.left];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
}
