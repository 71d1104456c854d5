import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { columnList, qualified, readSequences, readTables } from './catalogue';
import { BACKUP_FORMAT, BACKUP_VERSION, RecordWriter, tableKey, type BackupHeader } from './format';

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  migration: string;
}

/** COPY hands rows over one by one; data records are cut at this size instead. */
const CHUNK = 64 * 1024;

/**
 * Writes a backup of the database at `url` into `file` while the app keeps running: everything is read in
 * one REPEATABLE READ READ ONLY transaction (a single snapshot, so a report and its products, a payment
 * and its subscription agree), streamed table by table through COPY and gzip, never a table in memory.
 * The file appears under its name only once complete (written beside it, then renamed).
 */
export async function writeBackup(url: string, file: string): Promise<BackupSummary> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new Error(`${target} already exists: choose another file name`);
  const partial = `${target}.partial`;
  const client = new pg.Client({ connectionString: url, application_name: 'crossmarket-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    // The scan pool's statement timeout does not apply here, but a server-wide one might.
    await client.query('set local statement_timeout = 0');
    const header = await readHeader(client);
    const tables = await readTables(client);

    const gzip = zlib.createGzip({ level: 6 });
    const written = pipeline(gzip, fs.createWriteStream(partial, { flags: 'w', mode: 0o600 }));
    // Awaited at the end; a write error before that surfaces through the writer's drain wait.
    written.catch(() => {});
    const writer = new RecordWriter(gzip);
    const rows: Record<string, number> = {};
    await writer.json('H', header);
    for (const table of tables) {
      await writer.json('T', table);
      // A partitioned table is copied through a query (COPY of the parent itself copies nothing).
      const source = table.partitioned
        ? `(select ${columnList(table.columns)} from ${qualified(table)})`
        : `${qualified(table)} (${columnList(table.columns)})`;
      const copy = client.query(copyTo(`copy ${source} to stdout`));
      let pending: Buffer[] = [];
      let size = 0;
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        pending.push(chunk);
        size += chunk.length;
        if (size >= CHUNK) {
          await writer.write('D', Buffer.concat(pending, size));
          pending = [];
          size = 0;
        }
      }
      if (size > 0) await writer.write('D', Buffer.concat(pending, size));
      rows[tableKey(table)] = copy.rowCount;
      await writer.json('E', { rows: copy.rowCount });
    }
    await writer.json('S', await readSequences(client));
    await writer.trailer(rows);
    gzip.end();
    await written;
    await client.query('commit');
    await fsyncFile(partial);
    fs.renameSync(partial, target);
    return {
      file: target,
      tables: tables.length,
      rows: Object.values(rows).reduce((a, b) => a + b, 0),
      bytes: fs.statSync(target).size,
      migration: header.migration.hash.slice(0, 12),
    };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function readHeader(client: pg.Client): Promise<BackupHeader> {
  // An error would end the snapshot's transaction: what may be missing is looked for first.
  const { rows: present } = await client.query<{ drizzle: boolean; pgboss: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as drizzle,
            to_regclass('pgboss.version') is not null as pgboss`,
  );
  if (!present[0]!.drizzle) throw new Error('the database has no migrations applied: nothing to back up');
  const { rows: migration } = await client.query<{ hash: string; created_at: string }>(
    `select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const latest = migration[0];
  if (!latest) throw new Error('the database has no migrations applied: nothing to back up');
  const pgboss = present[0]!.pgboss
    ? await client.query<{ version: number }>(`select max(version)::int as version from pgboss.version`)
    : { rows: [] };
  const { rows: server } = await client.query<{ v: string }>(`select current_setting('server_version') as v`);
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    migration: { hash: latest.hash, created_at: Number(latest.created_at) },
    pgboss_version: pgboss.rows[0]?.version ?? null,
    server_version: server[0]!.v,
  };
}

async function fsyncFile(file: string) {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
