import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.js';
import { serializeError } from './log-redaction.js';

const SECRETS = ['ada.private@example.ca', 'Ada', 'Lovelace', '1 Secret Lane', '+16045550123'];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

/** A real failed query carrying personal data: the second account with the same e-mail. */
async function failedInsert(): Promise<Error> {
  const values = {
    email: SECRETS[0]!,
    firstName: SECRETS[1]!,
    lastName: SECRETS[2]!,
    address: SECRETS[3]!,
    phoneNumber: SECRETS[4]!,
  };
  await database.db.insert(users).values(values).onConflictDoNothing();
  try {
    await database.db.insert(users).values(values);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the duplicate insert did not fail');
}

describe('serializeError', () => {
  it('keeps the query, codes, stack and causes of a failed query, and none of its values', async () => {
    const error = await failedInsert();
    // Before: the whole error was logged, values and all.
    expect(JSON.stringify({ message: error.message, stack: error.stack })).toContain(SECRETS[0]);

    const logged = JSON.stringify(serializeError(error));
    for (const secret of SECRETS) expect(logged).not.toContain(secret);
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('params: [redacted]');
    expect(logged).toMatch(/"code":"23505"/);
  });

  it('is what the app logs an error with', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // The same serializer wiring as buildApp (app.ts), on a logger whose output the test reads.
    const app = Fastify({ logger: { level: 'error', stream, serializers: { err: serializeError } } });
    app.log.error({ err: await failedInsert() }, 'request failed');
    await app.close();
    expect(lines.join('')).toContain('request failed');
    for (const secret of SECRETS) expect(lines.join('')).not.toContain(secret);
  });
});
