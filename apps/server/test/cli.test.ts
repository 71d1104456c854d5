import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { postgresPidsFor, runProgram, tempDataDir, waitReady } from './helpers/processes';

let database: TestDatabase;
const dirs: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

describe('the program', () => {
  it('refuses a bad variable with a message naming it and a non-zero exit', async () => {
    const run = runProgram(['serve'], { PORT: 'abc' });
    expect(await run.exited).not.toBe(0);
    expect(run.output()).toMatch(/PORT: .*got "abc"/);
    expect(run.output()).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  });

  it('explains an unwritable DATA_DIR', async () => {
    const file = path.join(tempDataDir(), 'file');
    dirs.push(path.dirname(file));
    fs.writeFileSync(file, '');
    const run = runProgram(['serve'], { DATA_DIR: path.join(file, 'data') });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`DATA_DIR ${path.join(file, 'data')} is not writable`);
  });

  it('explains a port that is already in use', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    try {
      const run = runProgram(['serve'], {
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32),
      });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`Port ${port} is already in use. Set PORT to a free port.`);
    } finally {
      blocker.close();
    }
  });

  it('refuses a worker on an external database without TOKEN_ENCRYPTION_KEY, naming it (issue 59)', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const run = runProgram(['worker'], { DATABASE_URL: database.url, DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('TOKEN_ENCRYPTION_KEY is not set');
  });

  it('prints usage for an unknown command', async () => {
    const run = runProgram(['fly'], {});
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('Usage: crossmarket <command>');
  });

  it('reseal-tokens prints what is left under another key and exits 1 while anything is', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, TOKEN_ENCRYPTION_KEY: 'a1'.repeat(32) };
    const empty = runProgram(['reseal-tokens'], env);
    expect(await empty.exited).toBe(0);
    expect(empty.output()).toContain('{"resealed":0,"current":0,"cleared":0,"left":{}}');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`insert into "user" (id, name, email) values ('rs', 'Rs', 'rs@example.com')`);
      await client.query(`insert into amazon_connections (user_id, region, selling_partner_id,
          refresh_token_ciphertext, refresh_token_iv, refresh_token_tag, key_id, renew_by)
        values ('rs', 'eu', 'A1RS', '\\x00', '\\x00', '\\x00', 'deadbeef', now())`);
    } finally {
      await client.end();
    }
    const left = runProgram(['reseal-tokens'], env);
    expect(await left.exited).toBe(1);
    expect(left.output()).toContain('"left":{"deadbeef":1}');
  });

  it('runs against an external PostgreSQL named by DATABASE_URL', async () => {
    const port = await freePort();
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const run = runProgram(['start'], { PORT: String(port), DATABASE_URL: database.url, DATA_DIR: dataDir });
    try {
      const res = await waitReady(`http://127.0.0.1:${port}`, run);
      expect(await res.json()).toMatchObject({ status: 'ready' });
      expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
  });

  it('starts on the embedded database, stops on Ctrl-C with PostgreSQL, and reuses the data next time', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir };
    const base = `http://127.0.0.1:${port}`;

    const first = runProgram(['start'], env);
    await waitReady(base, first);
    expect(postgresPidsFor(dataDir)).toHaveLength(1);
    // Leave a mark in the database through the embedded server's own credentials.
    const pgPort = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
    const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/crossmarket`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`insert into "user" (id, name, email) values ('keep', 'Keep', 'keep@example.com')`);
    await client.end();

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(postgresPidsFor(dataDir)).toEqual([]);
    expect(first.output()).toContain('embedded PostgreSQL initialised');

    const second = runProgram(['start'], env);
    try {
      await waitReady(base, second);
      expect(second.output()).not.toContain('embedded PostgreSQL initialised');
      const pgPort2 = fs
        .readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
        .split('\n')[3];
      const again = new pg.Client({ connectionString: url.replace(`:${pgPort}/`, `:${pgPort2}/`) });
      await again.connect();
      const rows = await again.query(`select email from "user" where id = 'keep'`);
      await again.end();
      expect(rows.rows).toEqual([{ email: 'keep@example.com' }]);
    } finally {
      second.child.kill('SIGTERM');
    }
    expect(await second.exited).toBe(0);
    expect(postgresPidsFor(dataDir)).toEqual([]);
  });
});
