/**
 * The PostgreSQL extensions every PGlite of the shop loads. The migrations create pg_trgm (catalogue
 * search's typo matching, decision 0064), and a database that has it needs its code loaded to read
 * the products' trigram index: so every PGlite opened on the shop's data, the app's, the tests'
 * snapshot and the checks', is created with these.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm } as const;
