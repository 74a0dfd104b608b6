/**
 * Record ids are PostgreSQL `integer`s: a larger number can name no record, and sent to the database
 * it is an error (22003), not a miss. Every schema that takes an id bounds it here.
 */
export const MAX_RECORD_ID = 2_147_483_647;
