import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { columnList, countRows, qualified } from './catalogue';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupFileError,
  parseJson,
  readRecords,
  tableKey,
  type BackupHeader,
  type SequenceRecord,
  type TableRecord,
  type Trailer,
} from './format';
import { loadQueues, QUEUE_TABLE } from './pgboss-queues';

/** The target is not empty, or the file was made by another version of the program. */
export class RestoreRefusedError extends Error {}

export interface RestoreSummary {
  tables: number;
  rows: number;
  migration: string;
}

function openRecords(file: string) {
  const gunzip = zlib.createGunzip();
  const input = fs.createReadStream(file);
  input.on('error', (error) => gunzip.destroy(error));
  return readRecords(input.pipe(gunzip));
}

/** The header alone: what made the file, checked before anything touches the target. */
async function readHeader(file: string): Promise<BackupHeader> {
  const records = openRecords(file);
  try {
    const first = await records.next();
    if (first.done) throw new BackupFileError('the file is empty');
    const header = parseJson<BackupHeader>(first.value, 'H');
    if (header.format !== BACKUP_FORMAT) throw new BackupFileError('not a Crossmarket backup');
    if (header.version > BACKUP_VERSION)
      throw new RestoreRefusedError(`backup format ${header.version} is newer than this program reads`);
    return header;
  } catch (error) {
    if (error instanceof SyntaxError || (error as { code?: string }).code === 'Z_DATA_ERROR')
      throw new BackupFileError('not a Crossmarket backup, or a damaged one');
    throw error;
  } finally {
    await records.return(undefined);
  }
}

/**
 * Restores a backup into the empty database at `url`: the migrations up to the backup's own (newer ones
 * run at the next start, as after any upgrade), pg-boss's schema, then every table in one transaction, in
 * the file's order (parents first), the sequences, and a count of every table against the file's.
 * Nothing is committed unless the file's checksum and every count hold.
 */
export async function restoreBackup(url: string, file: string): Promise<RestoreSummary> {
  const header = await readHeader(file);
  const client = new pg.Client({ connectionString: url, application_name: 'crossmarket-restore' });
  await client.connect();
  try {
    await assertEmpty(client);
    await migrateUpTo(client, header.migration);
    if (header.pgboss_version !== null) await installQueueSchema(url, header.pgboss_version);
    await client.query('begin');
    await client.query('set local statement_timeout = 0');
    const loaded = await load(client, file);
    await client.query('commit');
    return {
      tables: loaded.length,
      rows: loaded.reduce((sum, t) => sum + t.rows, 0),
      migration: header.migration.hash.slice(0, 12),
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function assertEmpty(client: pg.Client) {
  const { rows } = await client.query<{ n: number }>(`
    select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'`);
  if (rows[0]!.n > 0)
    throw new RestoreRefusedError(
      'the target database is not empty: restore only into a new, empty database (or an empty DATA_DIR)',
    );
}

/** drizzle's migrator over a copy of the journal cut at the backup's migration. */
async function migrateUpTo(client: pg.Client, wanted: BackupHeader['migration']) {
  const journalFile = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const metas = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const index = journal.entries.findIndex((e) => e.when === wanted.created_at);
  if (index < 0 || metas[index]?.hash !== wanted.hash)
    throw new RestoreRefusedError(
      'the backup was made by a version of Crossmarket whose migrations this one does not have: restore it with that version (or a newer one)',
    );
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'crossmarket-restore-'));
  try {
    const entries = journal.entries.slice(0, index + 1);
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries)
      fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** pg-boss makes its own schema; the backup's rows only fit the same schema version. */
async function installQueueSchema(url: string, wanted: number) {
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    max: 1,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: number }>(
      'select max(version)::int as version from pgboss.version',
    );
    if (rows[0]?.version !== wanted)
      throw new RestoreRefusedError(
        `the backup's job queue is pg-boss schema ${wanted}, this program's is ${rows[0]?.version}: restore it with the version that made it`,
      );
  } finally {
    await client.end();
  }
}

interface Loaded {
  table: TableRecord;
  rows: number;
}

async function load(client: pg.Client, file: string): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  let table: TableRecord | undefined;
  let copy: CopyStreamQuery | undefined;
  let finished: Promise<void> | undefined;
  let trailer: Trailer | undefined;
  let sequences: SequenceRecord[] = [];
  const records = openRecords(file);
  await records.next(); // the header, read already
  try {
    await loadRecords();
  } catch (error) {
    // A COPY left open holds the connection: CopyFail ends it, so the ROLLBACK that follows can run.
    if (copy) {
      copy.destroy(error as Error);
      await finished?.catch(() => {});
    }
    throw error;
  }
  async function loadRecords() {
    for await (const record of records) {
      if (record.kind === 'T') {
        table = parseJson<TableRecord>(record, 'T');
        await prepareTable(client, table);
        const into = tableKey(table) === QUEUE_TABLE ? 'pg_temp.restore_queue' : qualified(table);
        copy = client.query(copyFrom(`copy ${into} (${columnList(table.columns)}) from stdin`));
        finished = new Promise<void>((resolve, reject) => {
          copy!.on('finish', resolve);
          copy!.on('error', reject);
        });
        finished.catch(() => {}); // awaited at the table's end; an early failure surfaces there or above
      } else if (record.kind === 'D') {
        if (!copy) throw new BackupFileError('data outside a table');
        // `once` also rejects when the COPY fails meanwhile (PostgreSQL refused a row).
        if (!copy.write(record.payload)) await once(copy, 'drain');
      } else if (record.kind === 'E') {
        if (!copy || !table) throw new BackupFileError('a table end outside a table');
        const { rows } = parseJson<{ rows: number }>(record, 'E');
        copy.end();
        await finished;
        if (copy.rowCount !== rows)
          throw new BackupFileError(
            `${tableKey(table)}: ${copy.rowCount} rows loaded, the file says ${rows}`,
          );
        if (tableKey(table) === QUEUE_TABLE) await loadQueues(client);
        loaded.push({ table, rows });
        copy = undefined;
        table = undefined;
      } else if (record.kind === 'S') {
        sequences = parseJson<SequenceRecord[]>(record, 'S');
      } else if (record.kind === 'Z') {
        trailer = parseJson<Trailer>(record, 'Z');
      } else {
        throw new BackupFileError(`unexpected "${record.kind}" record`);
      }
    }
  }
  if (!trailer || copy) throw new BackupFileError('the file ends early');
  for (const s of sequences)
    await client.query('select setval($1::regclass, $2::bigint, $3)', [
      qualified(s),
      s.last_value,
      s.is_called,
    ]);

  const counted = await countRows(
    client,
    loaded.map((l) => l.table),
  );
  for (const { table: t, rows } of loaded) {
    const key = tableKey(t);
    if (trailer.rows[key] !== rows || counted[key] !== rows)
      throw new BackupFileError(
        `${key}: ${counted[key]} rows after the load, the file says ${trailer.rows[key]}`,
      );
  }
  if (Object.keys(trailer.rows).length !== loaded.length)
    throw new BackupFileError('tables are missing from the file');
  return loaded;
}

/**
 * Before a table's rows: it must exist (the migrations made it), the partitions its rows fall in are made
 * from their bounds, and rows written by the set-up itself (pg-boss's version row) give way to the file's.
 */
async function prepareTable(client: pg.Client, table: TableRecord) {
  const { rows } = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [
    qualified(table),
  ]);
  if (!rows[0]!.found)
    throw new RestoreRefusedError(`${tableKey(table)} is in the backup but not in this version's database`);
  for (const p of table.partitions) {
    await client.query(
      `create table if not exists ${qualified({ schema: table.schema, name: p.name })} partition of ${qualified(table)} ${p.bound}`,
    );
  }
  if (tableKey(table) === QUEUE_TABLE) {
    await client.query(`create temp table restore_queue (like ${qualified(table)}) on commit drop`);
    return;
  }
  await client.query(`delete from ${qualified(table)}`);
}
