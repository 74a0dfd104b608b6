/**
 * Run by mail tests as a separate process, so that a test can kill -9 a mailer at a known point of a
 * send: opens the database (argv[2]: a PGlite data directory, or a postgres:// URL), runs one
 * delivery round through the SMTP server at argv[3], prints "delivered <n>" and exits.
 */
import pino from 'pino';
import { openDatabase } from '../db/client.js';
import { createJobRunner } from '../modules/jobs/queue.js';
import { createMailer } from '../modules/mail/mailer.js';

const [target = '', smtpUrl = ''] = process.argv.slice(2);
const database = await openDatabase(
  target.startsWith('postgres')
    ? { kind: 'postgres', url: target, poolSize: 2 }
    : { kind: 'pglite', dir: target },
);
const log = pino({ level: 'warn' }, pino.destination(2));
const jobs = createJobRunner({ db: database.db, log });
createMailer({
  db: database.db,
  from: 'Northbite <orders@northbite.test>',
  // Only delivers: the footer was written when the test enqueued.
  sender: { mailingAddress: '1 Test Street, Vancouver, BC V6A 1A1', contactEmail: 'hello@northbite.test' },
  log,
  transport: smtpUrl,
  jobs,
});
console.log('ready');
const delivered = await jobs.runDue();
console.log(`delivered ${delivered}`);
await jobs.stop();
await database.close();
