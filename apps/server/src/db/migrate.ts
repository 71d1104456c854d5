import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { PLANS } from '@crossmarket/domain';
import type { Db } from './client';
import * as schema from './schema';
import { billingCoupons, plans } from './schema';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 727_001;

/**
 * Applies pending migrations and seeds the plans. Safe to run again and from several processes at once:
 * an advisory lock serialises them and both steps are idempotent.
 */
export async function migrateAndSeed(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    await seedPlans(db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

export async function seedPlans(db: Pick<Db, 'insert'>): Promise<void> {
  for (const p of PLANS) {
    const values = {
      code: p.code,
      name: p.name,
      visible: p.visible,
      sortOrder: p.sortOrder,
      monthlyPriceCents: p.monthlyPriceCents,
      dailyReportQuota: p.dailyReportQuota,
      inventoryQuota: p.inventoryQuota,
      sendLimit: p.sendLimit,
      bestSeller: p.bestSeller,
      points: p.points,
    };
    const { code: _code, ...update } = values;
    // price_id belongs to the payment provider (Stripe's are looked up at start); the sandbox's are fixed.
    await db
      .insert(plans)
      .values({ ...values, priceId: p.visible ? `price_sandbox_${p.code}` : null })
      .onConflictDoUpdate({ target: plans.code, set: update });
  }
  for (const c of SANDBOX_COUPONS) {
    await db.insert(billingCoupons).values(c).onConflictDoNothing();
  }
}

/** Coupons the sandbox engine knows (README, "Billing"). */
export const SANDBOX_COUPONS = [
  { id: 'co_welcome20', code: 'WELCOME20', percentOff: 20, amountOff: null, durationInMonths: null },
  { id: 'co_launch10', code: 'LAUNCH10', percentOff: null, amountOff: 1000, durationInMonths: 1 },
  { id: 'co_half6', code: 'HALF6', percentOff: 50, amountOff: null, durationInMonths: 6 },
];

interface JournalEntry {
  when: number;
  tag: string;
}

function latestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** True when the newest migration shipped with this code has been applied to the database. */
export async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const result = await db.execute<{ latest: string | null }>(
      sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
    );
    const latest = Number(result.rows[0]?.latest ?? 0);
    return latest >= latestMigrationMillis();
  } catch {
    return false;
  }
}
