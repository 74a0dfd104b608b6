/**
 * Verifies a PGlite data directory the way `npm run db:check` reports it: the start-up checks of
 * pglite-startup.ts, then, on the opened database, `bt_index_check(index, heapallindexed, checkunique)`
 * from PGlite's amcheck on every btree index and `verify_heapam` on every table, and every table read
 * in full (each row turned into text, which detoasts every value). Data checksums are on in PGlite, so
 * a page overwritten on disk fails its checksum as soon as it is read.
 *
 * Everything runs in one transaction that is rolled back: `create extension amcheck` leaves nothing
 * behind. Each relation is checked under its own savepoint, so one damaged relation does not stop the
 * others being checked. Should PostgreSQL abort on one (PGlite cannot survive that), the relation is
 * reported and PGlite is opened again for the rest.
 *
 * The caller must hold the directory's lock (data-dir-lock.ts): the shop must be stopped.
 */
import type { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { createPglite, DataDirError } from './pglite-startup.js';

export interface CheckProblem {
  kind: 'table' | 'index' | 'database';
  /** schema.name; for the database, its directory. */
  name: string;
  message: string;
}

export interface CheckReport {
  tables: number;
  indexes: number;
  /** False when amcheck could not be loaded: tables were read, indexes not verified. */
  amcheck: boolean;
  problems: CheckProblem[];
}

interface Relation {
  kind: 'table' | 'index';
  oid: number;
  name: string;
  /** For an index, its table. */
  table?: string;
  unique?: boolean;
}

const RELATIONS = `
  select c.oid::int as oid, c.relkind = 'i' as is_index,
         format('%I.%I', n.nspname, c.relname) as name,
         case when t.oid is not null then format('%I.%I', tn.nspname, t.relname) end as table_name,
         coalesce(i.indisunique, false) as is_unique
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_index i on i.indexrelid = c.oid
    left join pg_class t on t.oid = i.indrelid
    left join pg_namespace tn on tn.oid = t.relnamespace
   where c.relpersistence = 'p'
     and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_temp%' and n.nspname <> 'pg_toast'
     and (c.relkind in ('r', 'm')
          or (c.relkind = 'i' and c.relam = (select oid from pg_am where amname = 'btree')
              and i.indisvalid and i.indisready))
   order by c.relkind = 'i', n.nspname = 'pg_catalog', n.nspname, c.relname`;

function messageOf(error: unknown): string {
  const text = error instanceof Error ? `${error.message}` : String(error);
  return text.split('\n')[0]!;
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'RuntimeError' || /PGlite is closed/i.test(error.message));

/**
 * Checks the database in `dir`. `onProblem` hears of each problem as it is found. Throws DataDirError
 * when the directory cannot be checked for a reason that is not damage (unwritable, full).
 */
export async function checkPgliteDatabase(
  dir: string,
  onProblem: (problem: CheckProblem) => void = () => {},
): Promise<CheckReport> {
  const report: CheckReport = { tables: 0, indexes: 0, amcheck: true, problems: [] };
  const problem = (p: CheckProblem) => {
    report.problems.push(p);
    onProblem(p);
  };

  let client: PGlite;
  try {
    client = await createPglite({ dataDir: dir, extensions: { amcheck } });
  } catch (error) {
    if (error instanceof DataDirError && error.problem === 'damaged') {
      problem({ kind: 'database', name: dir, message: error.message });
      return report;
    }
    throw error;
  }

  const begin = async (db: PGlite) => {
    await db.exec('begin');
    try {
      await db.exec('savepoint amcheck; create extension if not exists amcheck; release savepoint amcheck');
      return true;
    } catch {
      await db.exec('rollback to savepoint amcheck');
      return false;
    }
  };

  let relations: Relation[];
  try {
    report.amcheck = await begin(client);
    const { rows } = await client.query<{
      oid: number;
      is_index: boolean;
      name: string;
      table_name: string;
      is_unique: boolean;
    }>(RELATIONS);
    relations = rows.map((row) =>
      row.is_index
        ? { kind: 'index', oid: row.oid, name: row.name, table: row.table_name, unique: row.is_unique }
        : { kind: 'table', oid: row.oid, name: row.name },
    );
  } catch (error) {
    await client.close().catch(() => {});
    // The catalogue itself cannot be read (data corrupted, internal or I/O error); anything else is a bug here.
    if (!isAbort(error) && !/^(XX|58)/.test(String((error as { code?: unknown }).code))) throw error;
    problem({
      kind: 'database',
      name: dir,
      message: `the system catalogue cannot be read: ${messageOf(error)}`,
    });
    return report;
  }

  let reopened = 0;
  // Tables come first: an index check reads its table too (heapallindexed), and fails with it.
  const damagedTables = new Set<string>();
  for (const relation of relations) {
    if (relation.kind === 'index' && !report.amcheck) continue;
    if (relation.kind === 'table') report.tables++;
    else report.indexes++;
    try {
      for (const message of await checkRelation(client, relation)) {
        if (relation.kind === 'table') damagedTables.add(relation.name);
        const of = relation.table
          ? damagedTables.has(relation.table)
            ? ` (an index of ${relation.table}, which is damaged itself)`
            : ` (an index of ${relation.table})`
          : '';
        problem({ kind: relation.kind, name: relation.name, message: `${message}${of}` });
      }
    } catch (error) {
      if (!isAbort(error)) {
        problem({ kind: relation.kind, name: relation.name, message: messageOf(error) });
        continue;
      }
      problem({
        kind: relation.kind,
        name: relation.name,
        message: `PostgreSQL aborted while checking it (${messageOf(error)})`,
      });
      // The instance is gone: open the database again for the relations still to check.
      if (++reopened > 3) {
        problem({
          kind: 'database',
          name: dir,
          message: 'PostgreSQL aborted too often; the check stopped early',
        });
        return report;
      }
      await client.close().catch(() => {});
      client = await createPglite({ dataDir: dir, extensions: { amcheck } });
      report.amcheck = await begin(client);
    }
  }
  await client.exec('rollback').catch(() => {});
  await client.close();
  return report;
}

/** The problems of one relation (empty when it is sound). A damaged page raises an error: caught. */
async function checkRelation(db: PGlite, relation: Relation): Promise<string[]> {
  await db.exec('savepoint relation');
  try {
    const problems: string[] = [];
    if (relation.kind === 'index') {
      await db.query('select bt_index_check($1::oid::regclass, true, $2)', [relation.oid, relation.unique]);
    } else {
      if (await hasVerifyHeapam(db)) {
        const { rows } = await db.query<{ blkno: number; offnum: number; msg: string }>(
          'select blkno, offnum, msg from verify_heapam($1::oid::regclass, check_toast => true) limit 20',
          [relation.oid],
        );
        for (const row of rows) problems.push(`block ${row.blkno}, item ${row.offnum}: ${row.msg}`);
      }
      // Every row, every column: a sequential scan, each value detoasted into text.
      await db.query(`select count(*), sum(octet_length(t::text)) from only ${relation.name} as t`);
    }
    await db.exec('release savepoint relation');
    return problems;
  } catch (error) {
    if (isAbort(error)) throw error;
    await db.exec('rollback to savepoint relation');
    return [messageOf(error)];
  }
}

const heapam = new WeakMap<PGlite, boolean>();
async function hasVerifyHeapam(db: PGlite): Promise<boolean> {
  let known = heapam.get(db);
  if (known === undefined) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_proc where proname = 'verify_heapam'`,
    );
    known = rows[0]!.n > 0;
    heapam.set(db, known);
  }
  return known;
}
