import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

/** PIDs of PostgreSQL servers whose command line names this data folder. */
export function postgresPidsFor(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.includes('postgres') && cmd.includes(path.join(dir, 'postgres'))) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

export function tempDataDir(prefix = 'crossmarket-data-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface RunningProgram {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs the real program (`main.ts <command>`) as a user would, capturing what it prints. */
export function runProgram(args: string[], env: Record<string, string | undefined>): RunningProgram {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts'), ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: '1024',
      // The sandbox's baseline day, as in testConfig: its figures whatever the date.
      SANDBOX_DAY: '2026-11-29',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function waitReady(baseUrl: string, program?: RunningProgram) {
  return waitFor(async () => {
    if (program && program.child.exitCode !== null) throw new Error(`program exited:\n${program.output()}`);
    const res = await fetch(`${baseUrl}/readyz`);
    return res.status === 200 ? res : undefined;
  }, `${baseUrl}/readyz`);
}
