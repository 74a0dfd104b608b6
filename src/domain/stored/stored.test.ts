/**
 * The schemas of records that outlive a deploy (decision 0047): the shapes today's code writes
 * parse (as JSON, the way the database gives them back), garbage fails with a message that says
 * where and why, and versions other than 1 are refused.
 */
import { describe, expect, it } from 'vitest';
import { z } from '../zod.js';
import { abandonedCartItemsSchema } from './abandoned-cart-items.js';
import { parseCheckoutSnapshot } from './checkout-snapshot.js';
import {
  farewellCleanupJobPayloadSchema,
  housekeepingJobPayloadSchema,
  imageCollectionJobPayloadSchema,
  klaviyoConsentJobPayloadSchema,
  klaviyoDeleteJobPayloadSchema,
  klaviyoSubscribeJobPayloadSchema,
  refundJobPayloadSchema,
  reminderJobPayloadSchema,
  reviewRequestJobPayloadSchema,
} from './job-payloads.js';
import { outboxHeadersColumnSchema } from './outbox-headers.js';
import { describeIssues, parseStored, StoredRecordError, versionOne } from './versions.js';

/** What a stored value reads as through `schema`, or the one-line description of why it does not. */
function read(schema: z.ZodType, json: string): { data: unknown } | { problem: string } {
  const parsed = schema.safeParse(JSON.parse(json));
  return parsed.success ? { data: parsed.data } : { problem: describeIssues(parsed.error.issues) };
}

describe('versions', () => {
  const schema = versionOne({ name: z.string() });

  it('reads version 1 with no `v` or with `v: 1`, and drops the field and keys it does not know', () => {
    expect(schema.parse({ name: 'a' })).toEqual({ name: 'a' });
    expect(schema.parse({ v: 1, name: 'a' })).toEqual({ name: 'a' });
    expect(schema.parse({ name: 'a', addedLater: true })).toEqual({ name: 'a' });
  });

  it('refuses a version it does not know, saying so', () => {
    expect(read(schema, '{"v":2,"name":"a"}')).toEqual({
      problem: 'v: unknown version: this build reads version 1',
    });
    expect(read(schema, '{"v":"1","name":"a"}')).toEqual({
      problem: 'v: unknown version: this build reads version 1',
    });
  });

  it('parseStored throws a StoredRecordError naming the record, with the issues', () => {
    let thrown: unknown;
    try {
      parseStored('the test record', schema, { name: 7 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StoredRecordError);
    expect((thrown as StoredRecordError).message).toBe(
      'cannot read the test record: name: Invalid input: expected string, received number',
    );
    expect((thrown as StoredRecordError).record).toBe('the test record');
    expect((thrown as StoredRecordError).issues).toMatchObject([{ code: 'invalid_type', path: ['name'] }]);
  });
});

describe('job payloads', () => {
  it.each([
    ['abandoned-cart.reminder', reminderJobPayloadSchema, '{"cartId":12}', { cartId: 12 }],
    ['reviews.request', reviewRequestJobPayloadSchema, '{"orderId":7}', { orderId: 7 }],
    [
      'orders.refund',
      refundJobPayloadSchema,
      '{"idempotencyKey":"refund-order-7-1"}',
      { idempotencyKey: 'refund-order-7-1' },
    ],
    [
      'klaviyo.subscribe',
      klaviyoSubscribeJobPayloadSchema,
      '{"email":"ada@example.ca","source":"Newsletter sign-up"}',
      { email: 'ada@example.ca', source: 'Newsletter sign-up' },
    ],
    [
      'klaviyo.subscribe without a source',
      klaviyoSubscribeJobPayloadSchema,
      '{"email":"ada@example.ca"}',
      { email: 'ada@example.ca' },
    ],
    [
      'klaviyo.consent',
      klaviyoConsentJobPayloadSchema,
      '{"email":"ada@example.ca"}',
      { email: 'ada@example.ca' },
    ],
    [
      'klaviyo.delete-profile',
      klaviyoDeleteJobPayloadSchema,
      '{"email":"ada@example.ca"}',
      { email: 'ada@example.ca' },
    ],
    ['klaviyo.delete-profile, forgotten', klaviyoDeleteJobPayloadSchema, '{"erased":true}', { erased: true }],
    ['privacy.forget-farewell', farewellCleanupJobPayloadSchema, '{"emailId":431}', { emailId: 431 }],
    [
      'maintenance.housekeeping',
      housekeepingJobPayloadSchema,
      '{"runAt":"2026-11-29T10:00:00.000Z"}',
      { runAt: new Date('2026-11-29T10:00:00.000Z') },
    ],
    [
      'images.collect-garbage',
      imageCollectionJobPayloadSchema,
      '{"runAt":"2026-11-29T10:00:00.000Z"}',
      { runAt: new Date('2026-11-29T10:00:00.000Z') },
    ],
  ])('%s: as written today', (_name, schema, json, expected) => {
    expect(read(schema, json)).toEqual({ data: expected });
    // The same with `v: 1`.
    expect(read(schema, json.replace('{', '{"v":1,'))).toEqual({ data: expected });
  });

  it.each([
    [
      'abandoned-cart.reminder',
      '{"cartId":"12"}',
      reminderJobPayloadSchema,
      'cartId: Invalid input: expected number, received string',
    ],
    [
      'abandoned-cart.reminder',
      '{"cartId":1.5}',
      reminderJobPayloadSchema,
      'cartId: Invalid input: expected int, received number',
    ],
    [
      'orders.refund',
      '{}',
      refundJobPayloadSchema,
      'idempotencyKey: Invalid input: expected string, received undefined',
    ],
    [
      'orders.refund',
      '{"idempotencyKey":""}',
      refundJobPayloadSchema,
      'idempotencyKey: Too small: expected string to have >=1 characters',
    ],
    [
      'klaviyo.subscribe',
      '{"email":"a@b.ca","source":3}',
      klaviyoSubscribeJobPayloadSchema,
      'source: Invalid input: expected string, received number',
    ],
    ['klaviyo.consent', '{"email":""}', klaviyoConsentJobPayloadSchema, 'email: the e-mail address is empty'],
    [
      'klaviyo.consent',
      '[]',
      klaviyoConsentJobPayloadSchema,
      'Invalid input: expected object, received array',
    ],
    [
      'klaviyo.delete-profile',
      '{"erased":false}',
      klaviyoDeleteJobPayloadSchema,
      'expected { email } or { erased: true } (email: an e-mail address is required | erased: Invalid input: expected true)',
    ],
    [
      'privacy.forget-farewell',
      '{"emailId":null}',
      farewellCleanupJobPayloadSchema,
      'emailId: Invalid input: expected number, received null',
    ],
    [
      'maintenance.housekeeping',
      '{"runAt":"tomorrow"}',
      housekeepingJobPayloadSchema,
      'runAt: runAt must be an ISO 8601 date and time',
    ],
    [
      'images.collect-garbage',
      '{}',
      imageCollectionJobPayloadSchema,
      'runAt: runAt must be an ISO 8601 date and time',
    ],
  ])('%s: %s does not parse', (_name, json, schema, problem) => {
    expect(read(schema, json)).toEqual({ problem });
  });
});

describe('the checkout snapshot', () => {
  /** As payments/service.ts writes it: the priced lines, the shipping form's output, the totals. */
  const written = {
    lines: [
      { productId: 3, name: 'Peanut Butter Crunch', sku: 'NB-PB-12', priceCents: 3499, quantity: 2 },
      { productId: 9, name: 'Variety Pack', sku: null, priceCents: 4200, quantity: 1 },
    ],
    shippingInfo: {
      firstName: 'Ada',
      lastName: 'Maple',
      address1: '1 Main St',
      address2: 'Unit 4',
      city: 'Vancouver',
      state: 'British Columbia',
      postalCode: 'V5K 0A1',
      country: 'Canada',
      phoneNumber: '+16045550123',
      email: 'ada@example.ca',
    },
    totals: { subtotalCents: 11198, shippingCents: 0, taxCents: 560, totalCents: 11758 },
  };

  it('reads what the checkout writes, with or without the second address line', () => {
    expect(parseCheckoutSnapshot(JSON.parse(JSON.stringify(written)))).toEqual(written);
    const { address2: _address2, ...oneLine } = written.shippingInfo;
    const snapshot = { ...written, shippingInfo: oneLine };
    expect(parseCheckoutSnapshot(JSON.parse(JSON.stringify(snapshot)))).toEqual(snapshot);
    expect(parseCheckoutSnapshot({ v: 1, ...written })).toEqual(written);
  });

  it('reads a snapshot erasure anonymised (decision 0043)', () => {
    const erased = {
      ...written,
      shippingInfo: {
        firstName: '[erased]',
        lastName: '[erased]',
        address1: '[erased]',
        city: 'Vancouver',
        state: 'British Columbia',
        postalCode: 'V5K',
        country: 'Canada',
        phoneNumber: '[erased]',
        email: '[erased]',
      },
    };
    expect(parseCheckoutSnapshot(erased)).toEqual(erased);
  });

  it('throws a StoredRecordError saying which fields are wrong', () => {
    const broken = {
      ...written,
      lines: [{ ...written.lines[0], priceCents: '34.99' }],
      totals: { subtotalCents: 6998, shippingCents: 0, taxCents: 350 },
    };
    expect(() => parseCheckoutSnapshot(broken)).toThrow(StoredRecordError);
    expect(() => parseCheckoutSnapshot(broken)).toThrow(
      'cannot read the checkout snapshot: lines[0].priceCents: Invalid input: expected number, received string; ' +
        'totals.totalCents: Invalid input: expected number, received undefined',
    );
    expect(() => parseCheckoutSnapshot({ ...written, lines: [] })).toThrow(
      'cannot read the checkout snapshot: lines: a checkout has at least one line',
    );
    expect(() => parseCheckoutSnapshot(null)).toThrow(
      'cannot read the checkout snapshot: Invalid input: expected object, received null',
    );
    expect(() => parseCheckoutSnapshot({ ...written, v: 2 })).toThrow(
      'cannot read the checkout snapshot: v: unknown version: this build reads version 1',
    );
  });
});

describe("an e-mail's headers in the outbox", () => {
  it('reads the headers of a commercial e-mail, and none on a transactional one', () => {
    const oneClick = {
      'List-Unsubscribe': '<https://shop.example/unsubscribe?token=abc%20def>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    expect(read(outboxHeadersColumnSchema, JSON.stringify(oneClick))).toEqual({ data: oneClick });
    const plain = { 'List-Unsubscribe': '<http://localhost:3000/unsubscribe?token=abc>' };
    expect(read(outboxHeadersColumnSchema, JSON.stringify(plain))).toEqual({ data: plain });
    expect(read(outboxHeadersColumnSchema, 'null')).toEqual({ data: null });
  });

  it('refuses what would send something else: a line break, another scheme, a version it does not know', () => {
    expect(
      read(outboxHeadersColumnSchema, '{"List-Unsubscribe":"<https://x.ca/u>\\r\\nBcc: all@x.ca"}'),
    ).toEqual({
      problem: 'List-Unsubscribe: must be one http(s) link in angle brackets',
    });
    expect(read(outboxHeadersColumnSchema, '{"List-Unsubscribe":"<mailto:stop@x.ca>"}')).toEqual({
      problem: 'List-Unsubscribe: must be one http(s) link in angle brackets',
    });
    expect(
      read(
        outboxHeadersColumnSchema,
        '{"List-Unsubscribe":"<https://x.ca/u>","List-Unsubscribe-Post":"yes"}',
      ),
    ).toEqual({ problem: 'List-Unsubscribe-Post: Invalid input: expected "List-Unsubscribe=One-Click"' });
    expect(read(outboxHeadersColumnSchema, '{"v":2,"headers":{}}')).toEqual({
      problem: 'List-Unsubscribe: Invalid input: expected string, received undefined',
    });
  });
});

describe("an abandoned cart's items", () => {
  it('reads the ids and quantities the capture writes', () => {
    expect(read(abandonedCartItemsSchema, '[{"id":3,"quantity":2},{"id":9,"quantity":1}]')).toEqual({
      data: [
        { id: 3, quantity: 2 },
        { id: 9, quantity: 1 },
      ],
    });
  });

  it('refuses anything else, saying where', () => {
    expect(read(abandonedCartItemsSchema, '[{"id":3,"quantity":0}]')).toEqual({
      problem: '[0].quantity: Too small: expected number to be >0',
    });
    expect(read(abandonedCartItemsSchema, '[{"id":"3","quantity":1}]')).toEqual({
      problem: '[0].id: Invalid input: expected number, received string',
    });
    expect(read(abandonedCartItemsSchema, '{"v":2,"items":[]}')).toEqual({
      problem: 'expected a list of { id, quantity }',
    });
  });
});
