/**
 * The owner's settings as stored in `shop_settings`, one versioned schema per key (decision 0047):
 * a later build reads what an earlier one wrote.
 */
import { z } from '../zod.js';
import { versionOne } from './versions.js';

/** `reviews`: whether new and edited product reviews wait for the owner (decision 0063). */
export const reviewSettingsRecordSchema = versionOne({ moderation: z.boolean() });
export type ReviewSettingsRecord = z.output<typeof reviewSettingsRecordSchema>;
