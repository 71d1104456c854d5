import { encodeFilters } from '@crossmarket/domain';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded';
import { reports, user, userData } from '../src/db/schema';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { REPO_ROOT, runProgram, tempDataDir, waitReady, type RunningProgram } from './helpers/processes';

// The README's API example, run as a user would: its bash block, with curl, against the real program
// (`start`: server and worker in one process, the sandbox marketplace) on 127.0.0.1, with a token made
// in Settings → API's way (the api-key route, with a session).

let database: TestDatabase;
let program: RunningProgram;
let dataDir: string;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = tempDataDir();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  program = runProgram(['start'], {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: base,
    SESSION_SECRET: 'readme-example-secret-readme-example-42',
    LOG_LEVEL: 'warn',
  });
  await waitReady(base, program);
}, 120_000);

afterAll(async () => {
  program?.child.kill('SIGTERM');
  await program?.exited;
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The README's "## API" section's bash block, as written. */
function readmeExample(): string {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## API$/m)[1]?.split(/^## /m)[0] ?? '';
  const block = /```bash\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README.md has no bash block under "## API"');
  return block;
}

const headers = (cookie?: string) => ({
  'content-type': 'application/json',
  origin: base,
  ...(cookie && { cookie }),
});

/** A verified subscriber signed in; answers the session cookie and the user's id. */
async function subscriber(email: string) {
  const password = 'a-long-secret-9';
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email, password, name: 'Script' }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  expect((await fetch(`${base}/api/me`, { headers: { cookie } })).status).toBe(200);
  const [row] = await database.db
    .update(userData)
    .set({ planCode: 'L', welcomeDone: true, subscriptionEnd: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(userData.userId, (await database.db.select().from(user).where(eq(user.email, email)))[0]!.id))
    .returning({ id: userData.userId });
  return { cookie, userId: row!.id };
}

function runBash(script: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('/bin/bash', ['-c', script], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // The example polls until the report is finalized: a stuck worker must fail the test, not hang it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("the README's API example", () => {
  it('creates a report with a token, polls it and pulls its filtered rows', async () => {
    const { cookie, userId } = await subscriber('script@example.com');
    const created = await fetch(`${base}/api/auth/api-key/create`, {
      method: 'POST',
      headers: headers(cookie),
      body: JSON.stringify({ name: 'README example' }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { key } = (await created.json()) as { key: string };

    const filters = encodeFilters([{ id: 'to_buybox', value: 'only' }]);
    const run = await runBash(readmeExample(), {
      CROSSMARKET_URL: base,
      CROSSMARKET_TOKEN: key,
      CROSSMARKET_FILTERS: filters,
    });
    expect(run.code, `${run.stderr}\n${run.stdout}\n${program.output()}`).toBe(0);

    const reportId = /^report ([0-9a-f-]{36})$/m.exec(run.stdout)?.[1];
    expect(reportId, run.stdout).toBeDefined();
    const [report] = await database.db
      .select()
      .from(reports)
      .where(and(eq(reports.id, reportId!), eq(reports.userId, userId)));
    expect(report).toMatchObject({ title: 'From my script', finalized: true });
    expect(report!.content).toHaveLength(3);

    // The last line is the filters call's answer: the report's rows that have a Buy Box in Canada.
    const answer = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      total: number;
      filtered_count: number;
      data: { product_id: string }[];
      filtered_ids: string[];
    };
    expect(answer.total).toBe(3);
    expect(answer.filtered_count).toBeLessThanOrEqual(3);
    expect(answer.data).toHaveLength(answer.filtered_count);
    for (const row of answer.data)
      expect(['B000000001', 'B000000002', 'B000000003']).toContain(row.product_id);

    // The same call without the filter: the filter really applied (it never adds rows).
    const all = await fetch(`${base}/v1/filters`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ report_id: reportId, filters: '', limit: 50 }),
    });
    expect(((await all.json()) as { filtered_count: number }).filtered_count).toBe(3);
  }, 150_000);
});
