import { healthSchema, readinessSchema } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { App } from './app-type';
import type { Db } from '../db/client';
import { migrationsApplied } from '../db/migrate';

export function registerHealthRoutes(app: App, db: Db) {
  app.get('/healthz', { schema: { response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      let database = false;
      let migrations = false;
      try {
        await db.execute(sql`select 1`);
        database = true;
        migrations = await migrationsApplied(db);
      } catch {
        // reported below as not ready
      }
      const ready = database && migrations;
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', checks: { database, migrations } });
    },
  );
}
