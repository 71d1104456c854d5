import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Inventory } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../src/db/client';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { BackupFileError, countRows, readTables, restoreBackup } from '../src/features/backup';
import { readRecords, type Trailer } from '../src/features/backup/format';
import { loadSellerToken, tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import { updateInventory } from '../src/features/inventories/update-inventory';
import { baselineSandbox } from './helpers/sandbox';
import { KEY_A, call } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser, PASSWORD } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';
import { dryRunThenPublish, listableInCanada, seedPricedProducts } from './helpers/listings';
import { runProgram, tempDataDir, waitReady, type RunningProgram } from './helpers/processes';
import { productIds, sendUsToCaReport } from './helpers/reports';

// `crossmarket backup` of a running app (server and worker on the test database) with a report, an
// inventory published to the sandbox store, a paid subscription and a sealed Amazon token;
// `crossmarket restore` into a fresh DATA_DIR; then the program started on it. One app start in this file.

const SELLER_TOKEN = 'Atzr|backup-restore-refresh-token';
const APP_URL = 'http://localhost:3999';
const silent = pino({ level: 'silent' });

let source: TestDatabase;
let testApp: TestApp;
let userId: string;
const dirs: string[] = [];
const programs: RunningProgram[] = [];
let embedded: EmbeddedPostgres | undefined;
let restored: Database | undefined;
let file: string;

beforeAll(async () => {
  source = await createTestDatabase();
  testApp = await buildTestApp(source, { TOKEN_ENCRYPTION_KEY: KEY_A });
  const app = testApp.app;
  const cookie = await activeUser(app, source.db, 'backup@example.com');
  userId = await userIdOf(source.db, 'backup@example.com');
  await subscribe(app, cookie, 'L');
  await sendUsToCaReport(app, source.db, cookie, 'Backed up', productIds(12, 'bk'));

  const inventory = (await call(app, 'POST', '/api/inventories', cookie, BODY)).json<Inventory>();
  const codes = listableInCanada(6, 7000);
  await seedPricedProducts(
    source.db,
    inventory.id,
    userId,
    codes.map((code) => ({ code, std: 1 })),
  );
  await source.db.execute(sql`update inventory_products set snapshot = null, updated_at = null
    where inventory_id = ${inventory.id}::uuid`);
  await source.db.execute(
    sql`update inventories set update_status = 'queued' where id = ${inventory.id}::uuid`,
  );
  const deps = { db: source.db, logger: silent, leaseSeconds: 60, owner: 'test' };
  expect(await updateInventory({ ...deps, marketplace: baselineSandbox() }, inventory.id)).toBe('done');
  await dryRunThenPublish(app, cookie, inventory.id);

  const box = tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }), silent);
  await saveConnection(
    source.db,
    userId,
    'eu',
    'A1BACKUP',
    box.seal(SELLER_TOKEN, sealContext(userId, 'eu')),
  );
}, 240_000);

afterAll(async () => {
  for (const p of programs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
  await Promise.all(programs.map((p) => p.exited));
  await restored?.close();
  await embedded?.stop();
  await testApp.close();
  await source.destroy();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** The row counts the file says it holds (read to its end, so its checksum is checked too). */
async function countsInFile(file: string): Promise<Record<string, number>> {
  let trailer: Trailer | undefined;
  for await (const record of readRecords(fs.createReadStream(file).pipe(zlib.createGunzip()))) {
    if (record.kind === 'Z') trailer = JSON.parse(record.payload.toString('utf8')) as Trailer;
  }
  return trailer!.rows;
}

async function tableCounts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countRows(client, await readTables(client));
  } finally {
    await client.end();
  }
}

const SELLER_TABLES = [
  'public.reports',
  'public.report_products',
  'public.inventories',
  'public.inventory_products',
  'public.listings',
  'public.billing_subscriptions',
  'public.payments',
  'public.amazon_connections',
  'public.user',
];

describe('backup and restore', () => {
  it('restores a running app into a fresh DATA_DIR: every row, a token that opens, an app that starts', async () => {
    const work = tempDataDir('crossmarket-backup-');
    dirs.push(work);
    file = path.join(work, 'nightly.backup');
    const backup = runProgram(['backup', file], { DATABASE_URL: source.url, DATA_DIR: work });
    expect(await backup.exited, backup.output()).toBe(0);
    expect(fs.statSync(file).mode & 0o077).toBe(0); // sealed tokens, e-mails: the owner's only

    const inFile = await countsInFile(file);
    const atSource = await tableCounts(source.url);
    expect(Object.keys(inFile).sort()).toEqual(Object.keys(atSource).sort());
    for (const table of SELLER_TABLES) {
      expect(atSource[table], table).toBeGreaterThan(0);
      expect(inFile[table], table).toBe(atSource[table]);
    }
    expect(Object.keys(inFile).some((t) => t.startsWith('pgboss.'))).toBe(true);

    // Into a DATABASE_URL that holds anything: refused, and nothing touched.
    const refused = runProgram(['restore', file], { DATABASE_URL: source.url, DATA_DIR: work });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('the target database is not empty');

    const dataDir = tempDataDir('crossmarket-restored-');
    dirs.push(dataDir);
    const restore = runProgram(['restore', file], { DATA_DIR: dataDir });
    expect(await restore.exited, restore.output()).toBe(0);
    // A second restore into the same DATA_DIR: refused.
    const again = runProgram(['restore', file], { DATA_DIR: dataDir });
    expect(await again.exited).toBe(1);
    expect(again.output()).toContain('already holds a database');

    // This process owns the restored cluster; the program started below shares it.
    embedded = await startEmbeddedPostgres({ dataDir, logger: silent });
    expect(await tableCounts(embedded.url)).toEqual(inFile);
    restored = connect(embedded.url, { max: 2 });
    const box = tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }), silent);
    expect(await loadSellerToken(restored.db, box, userId, 'eu')).toBe(SELLER_TOKEN);

    const port = await freePort();
    const program = runProgram(['start'], {
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL,
      TOKEN_ENCRYPTION_KEY: KEY_A,
      LOG_LEVEL: 'warn',
    });
    programs.push(program);
    const base = `http://127.0.0.1:${port}`;
    await waitReady(base, program);
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP_URL },
      body: JSON.stringify({ email: 'backup@example.com', password: PASSWORD }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const reports = await fetch(`${base}/api/reports`, { headers: { cookie } });
    expect(reports.status).toBe(200);
    expect(JSON.stringify(await reports.json())).toContain('Backed up');
  });

  it('refuses a cut or altered file, and commits nothing of it', async () => {
    const whole = zlib.gunzipSync(fs.readFileSync(file));
    const cut = path.join(path.dirname(file), 'cut.backup');
    fs.writeFileSync(cut, zlib.gzipSync(whole.subarray(0, whole.length - 200)));
    const altered = path.join(path.dirname(file), 'altered.backup');
    // Still loadable data (an address changed, same length): only the checksum can tell.
    const at = whole.indexOf('backup@example.com');
    expect(at).toBeGreaterThan(0);
    const changed = Buffer.from(whole);
    changed.write('backup@example.net', at);
    fs.writeFileSync(altered, zlib.gzipSync(changed));
    // Cut as a full disk would: the gzip stream itself ends early.
    const truncated = path.join(path.dirname(file), 'truncated.backup');
    const raw = fs.readFileSync(file);
    fs.writeFileSync(truncated, raw.subarray(0, Math.floor(raw.length * 0.7)));
    for (const damaged of [cut, altered, truncated]) {
      const target = await createTestDatabase({ empty: true });
      try {
        await expect(restoreBackup(target.url, damaged)).rejects.toBeInstanceOf(BackupFileError);
        const users = await target.db.execute<{ n: number }>(sql`select count(*)::int as n from "user"`);
        expect(users.rows[0]!.n).toBe(0);
      } finally {
        await target.destroy();
      }
    }
  });
});
