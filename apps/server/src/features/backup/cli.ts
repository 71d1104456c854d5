import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import { openDatabaseServer } from '../../db/open';
import type { Logger } from '../../logger';
import { StartupError } from '../../startup-error';
import { BackupFileError } from './format';
import { restoreBackup, RestoreRefusedError } from './restore-backup';
import { writeBackup } from './write-backup';

/** `crossmarket-2026-11-29T08-30-00Z.backup` in the current folder. */
export function defaultBackupName(now = new Date()): string {
  return `crossmarket-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.backup`;
}

/** `crossmarket backup [file]` and `crossmarket restore <file>`: prints a JSON summary on success. */
export async function runBackupCommand(
  command: 'backup' | 'restore',
  args: string[],
  config: Config,
  logger: Logger,
): Promise<void> {
  if (command === 'backup') {
    const fullSpeed = args.includes('--full-speed');
    const file = args.find((a) => !a.startsWith('--')) ?? defaultBackupName();
    // Below the app's processes for the CPU (threads made from now on, gzip's among them, inherit it).
    if (!fullSpeed) os.setPriority(os.constants.priority.PRIORITY_LOW);
    // With the app running, the embedded server is shared (db/embedded.ts); otherwise started for this.
    const server = await openDatabaseServer(config, logger);
    try {
      const summary = await writeBackup(server.url, file, { pace: fullSpeed ? 1 : 0.5 });
      logger.info(summary, 'backup written');
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    } finally {
      await server.stop();
    }
    return;
  }

  const file = args[0];
  if (!file) throw new StartupError('Usage: crossmarket restore <file>');
  if (!fs.existsSync(file)) throw new StartupError(`${file} does not exist`);
  const pgDir = path.join(config.dataDir, 'postgres');
  const embedded = !config.DATABASE_URL;
  if (embedded && fs.existsSync(pgDir))
    throw new StartupError(
      `${pgDir} already holds a database: restore only into an empty DATA_DIR (move the old one aside first)`,
    );
  const server = await openDatabaseServer(config, logger);
  try {
    const summary = await restoreBackup(server.url, file);
    logger.info(summary, 'backup restored');
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } catch (error) {
    if (embedded) {
      // The cluster was made for this restore: leave DATA_DIR empty again, so the next try is allowed.
      await server.stop();
      fs.rmSync(pgDir, { recursive: true, force: true });
      fs.rmSync(path.join(config.dataDir, 'postgres.password'), { force: true });
    }
    if (error instanceof RestoreRefusedError || error instanceof BackupFileError)
      throw new StartupError(`Restore refused: ${error.message}. Nothing was restored.`);
    throw error;
  } finally {
    await server.stop();
  }
}
