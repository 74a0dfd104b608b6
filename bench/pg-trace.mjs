/**
 * Preloaded (`node --import ./bench/pg-trace.mjs`) by `bench/api.mjs --check-ceiling` into the shop and
 * the ceiling: every statement sent through `pg` is appended to TRACE_FILE (its name when it is a
 * prepared statement, its text, and which of its parameters are null), so the two lists can be
 * compared. Not loaded in measured runs.
 */
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.TRACE_FILE;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function traced(config, values, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  const name = typeof config === 'object' ? config?.name : undefined;
  const params = (typeof config === 'object' && config?.values) || (Array.isArray(values) ? values : []);
  if (file && text) {
    const nulls = params.map((v) => (v === null || v === undefined ? 'null' : '?')).join('');
    // Whitespace aside: the same statement however it is laid out in the source.
    const statement = { name, text: text.replace(/\s+/g, ' ').trim(), params: nulls };
    appendFileSync(file, `${JSON.stringify(statement)}\n`);
  }
  return query.call(this, config, values, ...rest);
};
