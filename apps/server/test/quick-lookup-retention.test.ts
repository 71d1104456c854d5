import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickLookups, user } from '../src/db/schema';
import { purgeQuickLookups, QUICK_LOOKUP_RETENTION_DAYS } from '../src/features/lookup/jobs';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// Quick checks are kept QUICK_LOOKUP_RETENTION_DAYS (the nightly purge-quick-lookups job), then deleted.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(user).values({ id: 'u1', name: 'Ayşe', email: 'ayse@example.com' });
});
afterAll(() => database.destroy());

describe('purging quick checks', () => {
  it('deletes the checks past the retention, and only those', async () => {
    const check = { userId: 'u1', productId: 'B0C1XAMPLE', fromCountry: 'us', toCountry: 'ca' };
    const [old, kept] = await database.db
      .insert(quickLookups)
      .values([check, check])
      .returning({ id: quickLookups.id });
    await database.db
      .update(quickLookups)
      .set({ createdAt: sql`now() - make_interval(days => ${QUICK_LOOKUP_RETENTION_DAYS + 1})` })
      .where(eq(quickLookups.id, old!.id));
    expect(await purgeQuickLookups(database.db)).toBe(1);
    const left = await database.db.select({ id: quickLookups.id }).from(quickLookups);
    expect(left).toEqual([{ id: kept!.id }]);
  });
});
