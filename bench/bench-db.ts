// A fresh embedded PostgreSQL (or DATABASE_URL), migrated, for benchmarks that need the real database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../apps/server/src/config';
import { connect, type Db } from '../apps/server/src/db/client';
import { migrateAndSeed } from '../apps/server/src/db/migrate';
import { openDatabaseServer } from '../apps/server/src/db/open';
import { reports, user } from '../apps/server/src/db/schema';

export async function benchDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossmarket-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const logger = pino({ level: 'silent' });
  const server = await openDatabaseServer(config, logger);
  const database = connect(server.url, { max: 6 });
  await migrateAndSeed(database.pool);
  const userId = `bench-${Date.now()}`;
  await insertBenchUser(database.db, userId, 'Bench');
  return {
    ...database,
    url: server.url,
    logger,
    userId,
    close: async () => {
      await database.close();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A verified user `id`, written straight into the database (no sign-up). */
export async function insertBenchUser(db: Db, id: string, name: string) {
  await db.insert(user).values({
    id,
    name,
    email: `${id}@example.com`,
    emailVerified: true,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
}

/** `n` distinct valid product IDs. */
export const benchIds = (n: number, tag = 'X') =>
  Array.from({ length: n }, (_, i) => `B${tag}${String(i).padStart(9 - tag.length, '0')}`);

/** A US → CA report of `n` bench IDs owned by `userId`, not yet processed. */
export async function insertBenchReport(db: Db, userId: string, n: number, tag?: string) {
  const [report] = await db
    .insert(reports)
    .values({
      userId,
      title: 'bench',
      fromCountry: 'us',
      toCountry: 'ca',
      content: benchIds(n, tag),
      size: n * 2,
    })
    .returning();
  return report!;
}
