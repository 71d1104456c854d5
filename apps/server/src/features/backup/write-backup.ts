import fs from 'node:fs';
import os from 'node:os';
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

export interface BackupOptions {
  /**
   * The share of the time the backup works (0 < pace ≤ 1); the rest it waits. While this process waits it
   * reads nothing, so PostgreSQL's COPY waits too: the sellers' calls get the machine back (issue 57's
   * budget: filter calls at most 1.2 × slower during a backup). 1 runs flat out.
   */
  pace?: number;
}

/** Waits after each stretch of work, so work is `pace` of the wall time. */
function pacer(pace: number) {
  let since = performance.now();
  return async () => {
    if (pace >= 1) return;
    const worked = performance.now() - since;
    if (worked < 20) return;
    await new Promise((r) => setTimeout(r, (worked * (1 - pace)) / pace));
    since = performance.now();
  };
}

/**
 * Writes a backup of the database at `url` into `file` while the app keeps running: everything is read in
 * one REPEATABLE READ READ ONLY transaction (a single snapshot, so a report and its products, a payment
 * and its subscription agree), streamed table by table through COPY and gzip, never a table in memory.
 * The file appears under its name only once complete (written beside it, then renamed).
 */
export async function writeBackup(
  url: string,
  file: string,
  options: BackupOptions = {},
): Promise<BackupSummary> {
  const rest = pacer(options.pace ?? 0.5);
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new Error(`${target} already exists: choose another file name`);
  const partial = `${target}.partial`;
  const client = new pg.Client({ connectionString: url, application_name: 'crossmarket-backup' });
  await client.connect();
  if ((options.pace ?? 0.5) < 1) await lowerServerPriority(client);
  try {
    await client.query('begin isolation level repeatable read read only');
    // The scan pool's statement timeout does not apply here, but a server-wide one might.
    await client.query('set local statement_timeout = 0');
    await client.query('set local idle_in_transaction_session_timeout = 0');
    const header = await readHeader(client);
    const tables = await readTables(client);

    // Level 1: most of gzip's gain on COPY text for a fraction of level 6's CPU, which sellers share.
    const gzip = zlib.createGzip({ level: 1 });
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
          await rest();
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

/**
 * The PostgreSQL process serving our COPY does most of a backup's work; on this machine (the embedded
 * server, or a local one run by our user or as root) it is given the lowest CPU priority too. Elsewhere
 * (another host, another user) this is not ours to change, and the pacing alone keeps out of the way.
 */
async function lowerServerPriority(client: pg.Client) {
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(client.host)) return;
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]!.pid;
  try {
    // The same number on this machine must be a PostgreSQL process, not one of ours by chance.
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres')) return;
    os.setPriority(pid, os.constants.priority.PRIORITY_LOW);
  } catch {
    // no /proc, or not ours to renice
  }
}

async function fsyncFile(file: string) {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
