import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { E2E_ADMIN_EMAIL } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real program (`npm start`'s entry: builds the web app when stale, embedded PostgreSQL,
 * migrations, server and worker) on a fresh DATA_DIR and a free port, for every journey to share.
 */
export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossmarket-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      NODE_ENV: 'test',
      RATE_LIMIT_SCALE: '50',
      // A journey signs up several users: the cheap hash tests use (production refuses it).
      PASSWORD_HASH_COST: '1024',
      // The journeys read sign-in links at /dev/mailbox and the sandbox store at /dev/store.
      DEV_PAGES: 'true',
      LOG_LEVEL: 'warn',
      // The default rates, offline on purpose: the ECB unreachable, the shipped dated ECB table prices.
      ECB_RATES_URL: 'http://127.0.0.1:9/eurofxref-daily.xml',
      // One listed address, for the journey in which an operator opens their activation link.
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      // The sandbox's baseline day (providers/marketplace/sandbox-market.ts): the journeys' sandbox figures
      // are the same whatever the date.
      SANDBOX_DAY: '2026-11-29',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the program exited before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the program was not ready in time:\n${output}`);
    const ok = await fetch(`${baseUrl}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    child.kill('SIGINT');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
