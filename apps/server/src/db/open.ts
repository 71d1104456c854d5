import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

export interface DatabaseServer {
  url: string;
  embedded?: EmbeddedPostgres;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR/postgres. */
export async function openDatabaseServer(config: Config, logger: Logger): Promise<DatabaseServer> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({ dataDir: path.resolve(config.dataDir), logger });
  return { url: embedded.url, embedded, stop: () => embedded.stop() };
}
