import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AdminSystemInput } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { MIGRATIONS_DIR } from '../../../db/migrate';
import { configWarnings } from './config-warnings';

/** Processes not seen for this long are no longer listed (the heartbeat comes every 30 s). */
const SEEN_WITHIN = '10 minutes';

/** The server package's version, read once (npm's `npm_package_version` is unset under `node`). */
let version: string | undefined;
function appVersion() {
  if (version === undefined) {
    try {
      const file = path.resolve(import.meta.dirname, '../../../../package.json');
      version = String((JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown');
    } catch {
      version = 'unknown';
    }
  }
  return version;
}

/** Drizzle's journal, to name the latest applied migration (the table keeps only its hash and time). */
function journalTags(): Map<number, string> {
  try {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    return new Map(journal.entries.map((e) => [e.when, e.tag]));
  } catch {
    return new Map();
  }
}

/** GET /api/admin/system: what runs, where it stands, and what in its configuration needs a look. */
export async function systemOverview(db: Db, config: Config): Promise<AdminSystemInput> {
  const [migrations, processes] = await Promise.all([
    db.execute<{ applied: string; latest: string | null }>(sql`
      select count(*) as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`),
    db.execute<{ kind: 'serve' | 'worker'; instance: string; started_at: Date; seen_at: Date }>(sql`
      select kind, instance, started_at, seen_at from process_heartbeats
       where seen_at > now() - ${SEEN_WITHIN}::interval
       order by kind, seen_at desc`),
  ]);
  const m = migrations.rows[0];
  // drizzle stores the journal's `when` (ms) in created_at, a bigint: its tag names the migration.
  const latestWhen = m?.latest ? Number(m.latest) : null;
  return {
    version: appVersion(),
    node: process.version,
    migrations: {
      applied: Number(m?.applied ?? 0),
      latest: latestWhen === null ? null : (journalTags().get(latestWhen) ?? null),
      latest_at: latestWhen === null ? null : new Date(latestWhen),
    },
    providers: {
      payments: config.PAYMENTS_PROVIDER,
      marketplace: config.MARKETPLACE_PROVIDER,
      mail: config.MAIL_TRANSPORT,
      rates: config.RATES_SOURCE,
    },
    processes: processes.rows.map((p) => ({
      kind: p.kind,
      instance: p.instance,
      started_at: new Date(p.started_at),
      seen_at: new Date(p.seen_at),
    })),
    warnings: configWarnings(config),
  };
}
