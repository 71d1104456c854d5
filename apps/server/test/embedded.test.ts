import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { isAlive } from '../src/db/fs-utils';
import { createLogger } from '../src/logger';
import { postgresPidsFor, SERVER_ROOT, tempDataDir, waitFor } from './helpers/processes';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  const dataDir = tempDataDir();
  dirs.push(dataDir);

  it('initialises once, listens on loopback only, and keeps data across restarts', async () => {
    const first = await startEmbeddedPostgres({ dataDir, logger });
    expect(first.owned).toBe(true);
    expect(first.url).toContain('@127.0.0.1:');
    const [settings] = await query(first.url, `select current_setting('listen_addresses') as listen`);
    expect(settings.listen).toBe('127.0.0.1');
    await query(first.url, 'create table kept (v text); insert into kept values ($$still here$$)');
    await first.stop();
    expect(postgresPidsFor(dataDir)).toEqual([]);

    const second = await startEmbeddedPostgres({ dataDir, logger });
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await second.stop();
    expect(postgresPidsFor(dataDir)).toEqual([]);
  });

  it('recovers from a stale pid file left by a crash', async () => {
    fs.writeFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), '999999\n/nowhere\n0\n5432\n');
    const db = await startEmbeddedPostgres({ dataDir, logger });
    expect(await query(db.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await db.stop();
  });

  it('stops a server orphaned by a killed process, then starts its own', async () => {
    const script = `
      import { startEmbeddedPostgres } from './src/db/embedded.ts';
      import { createLogger } from './src/logger.ts';
      const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }) });
      console.log('READY');
      setInterval(() => {}, 1000);`;
    const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: SERVER_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    owner.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    await waitFor(async () => (out.includes('READY') ? true : undefined), 'the owner process');

    // While its owner lives, a second process shares the server instead of fighting over it.
    const shared = await startEmbeddedPostgres({ dataDir, logger });
    expect(shared.owned).toBe(false);
    expect(await query(shared.url, 'select v from kept')).toEqual([{ v: 'still here' }]);

    const [orphan] = postgresPidsFor(dataDir);
    owner.kill('SIGKILL');
    await new Promise((r) => owner.once('exit', r));
    expect(isAlive(orphan!)).toBe(true); // PostgreSQL outlived its owner

    const db = await startEmbeddedPostgres({ dataDir, logger });
    expect(db.owned).toBe(true);
    expect(isAlive(orphan!)).toBe(false);
    expect(await query(db.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await db.stop();
    expect(postgresPidsFor(dataDir)).toEqual([]);
  });

  it('names DATA_DIR when it cannot be written', async () => {
    const file = path.join(dataDir, 'a-file');
    fs.writeFileSync(file, ''); // a folder cannot be made inside a file, even by root
    await expect(startEmbeddedPostgres({ dataDir: path.join(file, 'data'), logger })).rejects.toThrow(
      /DATA_DIR .*a-file\/data is not writable \(ENOTDIR\)/,
    );
  });
});
