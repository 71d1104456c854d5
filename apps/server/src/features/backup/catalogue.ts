import pg from 'pg';
import type { SequenceRecord, TableRecord } from './format';

/**
 * Every schema but PostgreSQL's own and drizzle's: `public`, pg-boss's `pgboss`, and whatever a later
 * migration creates. drizzle's migration table is not data: a restore rebuilds it by migrating.
 */
const SCHEMA_FILTER = `n.nspname not in ('information_schema', 'drizzle') and n.nspname not like 'pg\\_%'`;

interface TableRow {
  oid: number;
  schema: string;
  name: string;
  partitioned: boolean;
}

/**
 * The tables to copy, parents before children (foreign keys), each with its columns (generated ones
 * left out: PostgreSQL computes them again) and, for a partitioned table, its partitions: the table is
 * copied as a whole and the partitions are made again from their bounds.
 */
export async function readTables(client: pg.ClientBase): Promise<TableRecord[]> {
  const { rows: tables } = await client.query<TableRow>(`
    select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind = 'p' as partitioned
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and c.relpersistence <> 't' and ${SCHEMA_FILTER}
     order by n.nspname, c.relname`);
  const { rows: columns } = await client.query<{ oid: number; name: string }>(`
    select a.attrelid::int as oid, a.attname as name
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and c.relkind in ('r', 'p')
       and ${SCHEMA_FILTER}
     order by a.attrelid, a.attnum`);
  const { rows: partitions } = await client.query<{ parent: number; name: string; bound: string }>(`
    select i.inhparent::int as parent, c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where c.relispartition
     order by c.relname`);
  // A partition's foreign key counts for its partitioned table (pg-boss puts them on each queue's table).
  const { rows: references } = await client.query<{ child: number; parent: number }>(`
    select distinct coalesce(ci.inhparent, k.conrelid)::int as child,
                    coalesce(pi.inhparent, k.confrelid)::int as parent
      from pg_constraint k
      left join pg_inherits ci on ci.inhrelid = k.conrelid
      left join pg_inherits pi on pi.inhrelid = k.confrelid
     where k.contype = 'f' and k.conparentid = 0`);

  const byOid = new Map(tables.map((t) => [t.oid, t]));
  const parentsOf = new Map<number, number[]>();
  for (const r of references) {
    if (r.child === r.parent || !byOid.has(r.child) || !byOid.has(r.parent)) continue;
    parentsOf.set(r.child, [...(parentsOf.get(r.child) ?? []), r.parent]);
  }
  const ordered: TableRow[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (t: TableRow) => {
    const seen = state.get(t.oid);
    if (seen === 'done') return;
    if (seen === 'visiting')
      throw new Error(`foreign keys form a cycle through ${t.schema}.${t.name}: no load order exists`);
    state.set(t.oid, 'visiting');
    for (const p of parentsOf.get(t.oid) ?? []) visit(byOid.get(p)!);
    state.set(t.oid, 'done');
    ordered.push(t);
  };
  tables.forEach(visit);

  return ordered.map((t) => ({
    schema: t.schema,
    name: t.name,
    columns: columns.filter((c) => c.oid === t.oid).map((c) => c.name),
    partitioned: t.partitioned,
    partitions: partitions.filter((p) => p.parent === t.oid).map(({ name, bound }) => ({ name, bound })),
  }));
}

/** Every sequence's position, so ids handed out after a restore never repeat one in the data. */
export async function readSequences(client: pg.ClientBase): Promise<SequenceRecord[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(`
    select n.nspname as schema, c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and ${SCHEMA_FILTER}
     order by 1, 2`);
  const out: SequenceRecord[] = [];
  for (const s of rows) {
    const { rows: at } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${qualified(s)}`,
    );
    out.push({ ...s, last_value: at[0]!.last_value, is_called: at[0]!.is_called });
  }
  return out;
}

/** Rows of every table, for the checks after a load (and the tests). */
export async function countRows(
  client: pg.ClientBase,
  tables: TableRecord[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from ${qualified(t)}`);
    counts[`${t.schema}.${t.name}`] = Number(rows[0]!.n);
  }
  return counts;
}

export function qualified(t: { schema: string; name: string }): string {
  return `${pg.escapeIdentifier(t.schema)}.${pg.escapeIdentifier(t.name)}`;
}

export function columnList(columns: string[]): string {
  return columns.map((c) => pg.escapeIdentifier(c)).join(', ');
}
