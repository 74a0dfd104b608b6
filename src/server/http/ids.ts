import { z } from 'zod';
import { MAX_RECORD_ID } from '../../domain/ids.js';

/** A database id in a path: digits only (no "1e3" or "0x10"), within PostgreSQL's integer. */
export const idField = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { message: 'The id must be a positive whole number.' })
  .transform(Number)
  .pipe(z.number().max(MAX_RECORD_ID, { message: 'The id must be a positive whole number.' }));
