import 'dotenv/config';
import { buildApp, type App } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { connect, type Database } from './db/client';
import { ensureWritableDir } from './db/fs-utils';
import { migrateAndSeed } from './db/migrate';
import { openDatabaseServer, type DatabaseServer } from './db/open';
import type PgBoss from 'pg-boss';
import { createBoss, ensureQueues, pgBossQueue, type JobQueue } from './jobs/queue';
import { startWorker, type Worker } from './jobs/worker';
import { createMailTransport } from './providers/mail/transport';
import { createPayments, paymentJobs } from './providers/payments';
import { createMarketplace } from './providers/marketplace';
import { createSellerStore } from './providers/seller-store';
import { createSellerOrders } from './providers/seller-orders';
import { startHeartbeat } from './features/admin';
import { runBackupCommand } from './features/backup';
import { createLookupAccounts, ResealStoppedError, resealAllTokens, tokenBoxFor } from './features/amazon';
import { resetOperatorCredentials } from './features/auth';
import { createRatesSource } from './providers/rates';
import { priceLookupKey } from './providers/payments/stripe';
import { PLANS } from '@crossmarket/domain';
import { createLogger, type Logger } from './logger';
import { resolveSessionSecret } from './secrets';
import { StartupError } from './startup-error';

const COMMANDS = ['start', 'serve', 'worker', 'migrate', 'reseal-tokens', 'backup', 'restore'] as const;
type Command = (typeof COMMANDS)[number];

const USAGE = `Usage: crossmarket <command>

  start     embedded PostgreSQL (unless DATABASE_URL is set) + migrate + serve + worker
  serve     the HTTP API and the web app
  worker    background jobs
  migrate   apply database migrations and seed the plans, then exit
  reseal-tokens
            seal every stored Amazon token under TOKEN_ENCRYPTION_KEY, print what is left, then exit
            (exit code 1 while a token still needs a key from TOKEN_ENCRYPTION_OLD_KEYS or an unknown one)
  backup [file] [--full-speed]
            write a consistent, compressed copy of the database while the app runs (docs/deploy.md);
            paced to leave the machine to the app unless --full-speed
  restore <file>
            load a backup into an empty DATA_DIR or an empty DATABASE_URL database, then exit`;

/** Everything a running process holds, closed in reverse order of opening. */
class Resources {
  private closers: { name: string; close: () => Promise<unknown> }[] = [];
  add(name: string, close: () => Promise<unknown>) {
    this.closers.push({ name, close });
  }
  async closeAll(logger: Logger) {
    for (const { name, close } of this.closers.reverse()) {
      try {
        await close();
      } catch (error) {
        logger.error({ err: error }, `failed to stop ${name}`);
      }
    }
    this.closers = [];
  }
}

async function listen(app: App, config: Config) {
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new StartupError(`Port ${config.PORT} is already in use. Set PORT to a free port.`);
    if (code === 'EACCES')
      throw new StartupError(`Not allowed to listen on port ${config.PORT}. Set PORT to a port above 1024.`);
    throw error;
  }
}

async function run(command: Command, config: Config, logger: Logger, resources: Resources) {
  requireSharedKey(command, config, logger);
  ensureWritableDir(config.dataDir, 'DATA_DIR');
  if (command === 'backup' || command === 'restore') {
    await runBackupCommand(command, process.argv.slice(3), config, logger);
    return 'exit';
  }
  const server: DatabaseServer = await openDatabaseServer(config, logger);
  resources.add('PostgreSQL', () => server.stop());
  const database: Database = connect(server.url, { max: command === 'worker' ? 4 : 10, logger });
  resources.add('database pool', () => database.close());

  if (command === 'migrate' || command === 'start') {
    await migrateAndSeed(database.pool);
    logger.info('migrations applied');
    // Once per database: SQL cannot read ADMIN_EMAILS (docs/decisions.md, issue 57).
    const reset = await resetOperatorCredentials(database.db, config.ADMIN_EMAILS);
    if (reset.ran) logger.warn(reset, "operators' and ADMIN_EMAILS accounts' passwords and sessions reset");
  }
  if (command === 'migrate') return 'exit';
  if (command === 'reseal-tokens') {
    // Only rows under a key this process lacks (or that do not open) are "left"; anything else (the
    // database, most likely) stops the run with what went wrong, and a non-zero exit.
    const report = await resealAllTokens(database.db, tokenBoxFor(config, logger)).catch((error: unknown) => {
      // A ResealStoppedError names the row and the driver's words; a query wrapper's message would
      // repeat its parameters, so only the first cause's is shown.
      let first = error;
      while (!(first instanceof ResealStoppedError) && first instanceof Error && first.cause instanceof Error)
        first = first.cause;
      const why = first instanceof Error ? first.message : String(first);
      throw new StartupError(
        `reseal-tokens stopped: ${why}\nTokens re-sealed before this keep the current key; run it again once this is fixed.`,
      );
    });
    logger.info(report, 'tokens re-sealed under the current key');
    process.stdout.write(`${JSON.stringify(report)}\n`);
    if (Object.keys(report.left).length > 0) process.exitCode = 1;
    return 'exit';
  }

  let boss: PgBoss | undefined;
  if (command === 'worker' || command === 'start') {
    const mail = createMailTransport(config, database.db, logger);
    const worker: Worker = await startWorker({
      url: server.url,
      db: database.db,
      logger,
      mail,
      links: tokenBoxFor(config, logger),
      appUrl: config.APP_URL,
      marketplace: createMarketplace(config, { db: database.db, logger }),
      sellerStore: createSellerStore(config, { db: database.db, logger }),
      sellerOrders: createSellerOrders(config, { db: database.db, logger }),
      accounts: (queue) => createLookupAccounts({ db: database.db, queue, config, logger }),
      rates: createRatesSource(config),
      payments: paymentJobs(config.PAYMENTS_PROVIDER),
      leaseSeconds: config.REPORT_LEASE_SECONDS,
      listingPriceCeiling: config.LISTING_PRICE_CEILING,
      history: {
        enabled: config.HISTORY_ENABLED,
        rawDays: config.HISTORY_RAW_DAYS,
        retentionDays: config.HISTORY_RETENTION_DAYS,
      },
    });
    resources.add('worker', () => worker.stop());
    boss = worker.boss;
    // The console's System page lists the processes alive (features/admin/system/heartbeat.ts).
    const heartbeat = startHeartbeat(database.db, 'worker', logger);
    resources.add('worker heartbeat', async () => heartbeat.stop());
  }
  if (command === 'serve' || command === 'start') {
    if (!boss) {
      // A serve-only process enqueues jobs but runs none.
      const sender = createBoss(server.url);
      await sender.start();
      await ensureQueues(sender, database.pool);
      resources.add('job queue', () => sender.stop({ graceful: false, wait: true }));
      boss = sender;
    }
    const queue = pgBossQueue(boss);
    if (config.PAYMENTS_PROVIDER === 'stripe') await syncStripePrices(config, database, queue, logger);
    const sessionSecret = resolveSessionSecret(config, logger);
    const app = await buildApp(config, { database, logger, queue, sessionSecret });
    resources.add('HTTP server', () => app.close());
    await listen(app, config);
    const heartbeat = startHeartbeat(database.db, 'serve', logger);
    resources.add('serve heartbeat', async () => heartbeat.stop());
    logger.info(`Crossmarket is ready on ${config.APP_URL}`);
  }
  return 'running';
}

/**
 * A `serve` or `worker` on an external database is one of several processes (docs/deploy.md): without
 * TOKEN_ENCRYPTION_KEY each would generate its own key, and workers could open neither the sellers' Amazon
 * tokens nor the sealed links of activation mails, so no sign-up mail would ever go, silently (issue 59).
 */
function requireSharedKey(command: Command, config: Config, logger: Logger) {
  if (!config.DATABASE_URL || config.TOKEN_ENCRYPTION_KEY) return;
  // One `start` on its own database is the common case; beside other processes it has the same problem.
  if (command === 'start')
    logger.warn(
      'TOKEN_ENCRYPTION_KEY is not set: a key is generated into DATA_DIR. Any other process on this DATABASE_URL must use that same key, or set TOKEN_ENCRYPTION_KEY everywhere.',
    );
  if (command === 'serve' || command === 'worker')
    throw new StartupError(
      `TOKEN_ENCRYPTION_KEY is not set: '${command}' on DATABASE_URL runs beside other processes, and every server and worker must seal and open with the same key (openssl rand -base64 32). See docs/deploy.md.`,
    );
}

/** Stores the Stripe price id of each paid plan (found by lookup key); a miss is logged, not fatal. */
async function syncStripePrices(config: Config, database: Database, queue: JobQueue, logger: Logger) {
  try {
    const found = await createPayments(config, database.db, queue).provider.listPrices();
    const missing = PLANS.filter((p) => p.visible && !found.some((f) => f.code === p.code));
    if (missing.length > 0) {
      logger.warn(
        `Stripe has no active price for ${missing.map((p) => priceLookupKey(p.code)).join(', ')}: those plans cannot be bought`,
      );
    }
  } catch (error) {
    logger.warn({ err: error }, 'could not look the Stripe prices up; /api/get-products will try again');
  }
}

async function main() {
  const command = process.argv[2] as Command | undefined;
  if (!command || !COMMANDS.includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(command ? 2 : 0);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable and its default.\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config);
  const resources = new Resources();
  let shuttingDown = false;
  let firstSignalAt = 0;
  const shutdown = async (reason: string, code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ reason }, 'shutting down');
    await resources.closeAll(logger);
    logger.flush();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // npm relays the terminal's Ctrl-C, so one key press can arrive twice; only a later one forces exit.
      if (shuttingDown) {
        if (Date.now() - firstSignalAt < 2000) return;
        logger.warn('second signal: exiting now');
        process.exit(130);
      }
      firstSignalAt = Date.now();
      void shutdown(signal, 0);
    });
  }
  process.on('unhandledRejection', (error) => {
    logger.error({ err: error }, 'unhandled rejection');
  });

  try {
    const state = await run(command, config, logger, resources);
    if (state === 'exit') await shutdown('done', typeof process.exitCode === 'number' ? process.exitCode : 0);
  } catch (error) {
    if (error instanceof StartupError) {
      logger.error(error.message);
      process.stderr.write(`\n${error.message}\n`);
    } else {
      logger.error({ err: error }, 'start-up failed');
    }
    await shutdown('start-up failed', 1);
  }
}

void main();
