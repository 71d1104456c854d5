import { NARROW_COLUMNS, type NarrowColumn } from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';

// SQL pieces over the narrow columns of `report_products`. The names come from the domain's constant
// column list (checked against a plain identifier pattern here), never from a request, so `sql.raw`
// is safe for them; every value still travels as a parameter.

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
for (const c of NARROW_COLUMNS) {
  if (!IDENTIFIER.test(c.name)) throw new Error(`narrow column ${c.name} is not a plain identifier`);
}

/** `name type, …` for a `jsonb_to_recordset(…) as x(…)` column definition list. */
export function recordsetDefinition(columns: readonly NarrowColumn[]): SQL {
  return sql.raw(columns.map((c) => `${c.name} ${c.type}`).join(', '));
}

/** `name, …` */
export function columnList(columns: readonly NarrowColumn[], prefix = ''): SQL {
  return sql.raw(columns.map((c) => `${prefix}${c.name}`).join(', '));
}

/** `name = source.name, …` for an upsert (`excluded`) or an update from a record set. */
export function assignments(columns: readonly NarrowColumn[], source: string): SQL {
  return sql.raw(columns.map((c) => `${c.name} = ${source}.${c.name}`).join(', '));
}

/** `name = $1, …`: one row's values, each a parameter (`value` gives a column's). */
export function valueAssignments(columns: readonly NarrowColumn[], value: (c: NarrowColumn) => unknown): SQL {
  return sql.join(
    columns.map((c) => sql`${sql.raw(c.name)} = ${value(c)}`),
    sql`, `,
  );
}

const KNOWN = new Set(['product_id', 'position', ...NARROW_COLUMNS.map((c) => c.name)]);

/** A column of `report_products` by name, qualified with its alias `r` in the analysis queries. */
export function columnRef(name: string): SQL {
  if (!KNOWN.has(name)) throw new Error(`no analysis column ${name}`);
  return sql.raw(`r.${name}`);
}
