// Time from launching the program to /readyz answering 200: cold (first run: initdb + migrations) and
// warm (existing data). The README's operations notes quote these figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function timeToReady(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('program exited before ready');
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGINT');
    await exited;
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossmarket-bench-'));
fs.chmodSync(dataDir, 0o755);
try {
  const cold = await timeToReady(dataDir);
  const warm: number[] = [];
  for (let i = 0; i < 3; i++) warm.push(await timeToReady(dataDir));
  warm.sort((a, b) => a - b);
  console.log(`BENCH startup.cold ${cold.toFixed(0)} ms`);
  console.log(`BENCH startup.warm ${warm[1]!.toFixed(0)} ms`);
  console.log(`BENCH startup.warm_to_cold ${(warm[1]! / cold).toFixed(2)} x`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
