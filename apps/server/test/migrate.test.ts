import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@crossmarket/domain';
import { migrateAndSeed, migrationsApplied } from '../src/db/migrate';
import { plans } from '../src/db/schema';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
});
afterAll(() => database.destroy());

describe('migrate', () => {
  it('reports an empty database as not migrated', async () => {
    expect(await migrationsApplied(database.db)).toBe(false);
  });

  it('migrates and seeds, from several processes at once, without error', async () => {
    await Promise.all([
      migrateAndSeed(database.pool),
      migrateAndSeed(database.pool),
      migrateAndSeed(database.pool),
    ]);
    expect(await migrationsApplied(database.db)).toBe(true);
  });

  it('is idempotent: a second run changes nothing and keeps one row per plan', async () => {
    await migrateAndSeed(database.pool);
    const count = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from plans`);
    expect(count.rows[0]?.n).toBe(PLANS.length);
    const applied = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.n).toBeGreaterThan(0);
  });

  it('seeds the plan tiers with their quotas, F hidden and L the best seller', async () => {
    const rows = await database.db.select().from(plans).orderBy(asc(plans.sortOrder));
    expect(rows.map((r) => [r.code, r.dailyReportQuota, r.visible])).toEqual([
      ['F', 0, false],
      ['S', 1000, true],
      ['M', 2500, true],
      ['L', 5000, true],
      ['XL', 10000, true],
      ['2XL', 25000, true],
      ['3XL', 50000, true],
    ]);
    expect(rows.filter((r) => r.bestSeller).map((r) => r.code)).toEqual(['L']);
    expect(rows.find((r) => r.code === 'L')).toMatchObject({
      monthlyPriceCents: 7900,
      sendLimit: 5000,
      inventoryQuota: 25000,
    });
  });

  it('restores a changed seed value on the next run', async () => {
    await database.db.execute(sql`update plans set daily_report_quota = 1 where code = 'S'`);
    await migrateAndSeed(database.pool);
    const s = await database.db.execute<{ q: number }>(
      sql`select daily_report_quota as q from plans where code = 'S'`,
    );
    expect(s.rows[0]?.q).toBe(1000);
  });
});
