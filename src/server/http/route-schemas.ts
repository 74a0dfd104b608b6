/**
 * Pieces every module's route schemas share (decision 0024): the error answer, ids in paths, the
 * answers without a body.
 */
import { z } from 'zod';
import { messageReplySchema } from '../../domain/accounts.js';
import { idField } from './ids.js';

/**
 * Every refusal and failure: `{ message }`, the same shape as the neutral answers; a refused payment
 * also says which kind of refusal it is (decision 0045).
 */
export const errorReplySchema = messageReplySchema
  .extend({
    type: z
      .enum(['declined', 'expired', 'retry'])
      .optional()
      .describe('Only on a refused payment: declined, expired or retry (nothing was charged).'),
  })
  .describe('Refused or failed: `message` says why.');

/** The error answers every route may give (its own refusals, the access check, rate limits, outages). */
export const errorResponses = { '4xx': errorReplySchema, '5xx': errorReplySchema } as const;

/** A database id in the path, as `:id`. */
export const idParams = z.object({ id: idField.describe('A positive whole number.') });

/** 204: nothing in the body (the API document shows no content for it). */
export const noContent = z.undefined().describe('No content.');

/** 304: the client's copy (its If-None-Match ETag) is current. */
export const notModified = z
  .undefined()
  .describe('Not modified: the copy named by If-None-Match is current.');

/** Lists answered a page at a time carry the number of all matches in `x-total-count` (OpenAPI headers). */
export const totalCountHeader = {
  'x-total-count': { type: 'integer', description: 'How many entries match, over all pages.' },
} as const;
