// The program under bench/ui.bench.ts: the web app built for production, then `npm start`'s entry on a
// temp DATA_DIR and a free loopback port, its embedded database, and its graceful stop.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { connect, type Database } from '../apps/server/src/db/client';

export const ROOT = path.resolve(import.meta.dirname, '..');
const READY_TIMEOUT = 120_000;

/** A failure with one plain sentence for the reader; no stack trace. */
export class BenchFailure extends Error {}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const WEB = path.join(ROOT, 'apps/web');
const newestMtime = (p: string): number =>
  fs.statSync(p).isDirectory()
    ? Math.max(0, ...fs.readdirSync(p).map((e) => newestMtime(path.join(p, e))))
    : fs.statSync(p).mtimeMs;

/** Other running copies of the program (they serve apps/web/dist, which a build empties first). */
function otherPrograms(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d) && Number(d) !== process.pid)
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('scripts/start.mjs');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The page must be measured as users get it: a production build. scripts/start.mjs rebuilds when the
 * sources are newer than dist, but under the NODE_ENV of its caller, and the program here (like the e2e
 * setup) runs with NODE_ENV=test, which gives React's development build. So: build with
 * NODE_ENV=production when dist is stale or is a development build (it holds `jsxDEV`), and start the
 * program with SKIP_WEB_BUILD=1.
 */
export async function ensureProductionWebBuild() {
  const built = path.join(WEB, 'dist/index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sources = [
    path.join(WEB, 'src'),
    path.join(WEB, 'index.html'),
    path.join(ROOT, 'packages/domain/src'),
  ];
  const stale = sources.some((s) => newestMtime(s) > builtAt);
  const assets = path.join(WEB, 'dist/assets');
  const development =
    fs.existsSync(assets) &&
    fs
      .readdirSync(assets)
      .some((f) => f.endsWith('.js') && fs.readFileSync(path.join(assets, f), 'utf8').includes('jsxDEV'));
  if (!stale && !development) return;

  for (let waited = 0; otherPrograms().length > 0; waited += 5) {
    if (waited === 0)
      console.log(
        `# waiting for the program(s) ${otherPrograms().join(', ')} to stop before rebuilding apps/web/dist…`,
      );
    if (waited >= 300)
      throw new BenchFailure(
        `apps/web/dist needs a production build, but another Crossmarket program (pid ${otherPrograms().join(', ')}) ` +
          `has been serving it for 5 min; rebuilding would break that run. Try again once it has stopped.`,
      );
    await new Promise((r) => setTimeout(r, 5000));
  }
  console.log(`# building the web app for production (dist was ${stale ? 'stale' : 'a development build'})…`);
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@crossmarket/web'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (build.status !== 0)
    throw new BenchFailure(`the web build failed:\n${(build.stdout + build.stderr).slice(-4000)}`);
}

export interface Program {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

/**
 * `npm start`'s entry on a temp DATA_DIR, as e2e/global-setup.ts starts it; resolves once /readyz is 200.
 * `started` gets the program as soon as it is spawned, so that a failure while waiting still stops it.
 */
export async function startProgram(
  dataDir: string,
  baseUrl: string,
  port: number,
  started: (program: Program) => void,
) {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      RATE_LIMIT_SCALE: '1000',
      LOG_LEVEL: 'warn',
      SKIP_WEB_BUILD: '1',
      // The sign-up follows the activation mail in the development mailbox (/dev pages are off by default).
      DEV_PAGES: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (c: Buffer) => {
    const text = c.toString();
    output = (output + text).slice(-6000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const program: Program = { child, exited, output: () => output };
  started(program);

  const deadline = Date.now() + READY_TIMEOUT;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new BenchFailure(
        `the program exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`,
      );
    if (Date.now() > deadline)
      throw new BenchFailure(`the program was not ready in ${READY_TIMEOUT / 1000} s:\n${output}`);
    const ok = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return program;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** SIGTERM, then wait for the graceful shutdown (it stops the embedded PostgreSQL); SIGKILL after 60 s. */
export async function stopProgram(program: Program) {
  const { child, exited } = program;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => {
    console.error('# the program did not stop within 60 s of SIGTERM; killing it');
    child.kill('SIGKILL');
  }, 60_000);
  await exited;
  clearTimeout(killer);
}

/** The program's embedded database, reached with the credentials it keeps in DATA_DIR (as e2e/helpers.ts `sql`). */
export function programDatabase(dataDir: string): Database {
  const port = fs
    .readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]!
    .trim();
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  return connect(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/crossmarket`, {
    max: 4,
    applicationName: 'bench-ui',
  });
}
