import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productObservationDays, productObservations } from '../src/db/schema';
import { ensurePartitions } from '../src/features/history/partitions';
import { rollUpDays, rollUpRecent } from '../src/features/history/roll-up';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// Issue 59: the nightly roll-up folded only its last three days, so a worker down for longer left the
// days the server's lookups observed meanwhile out of the 365-day chart for good.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await ensurePartitions(database.db);
});
afterAll(() => database.destroy());

const DAY = 86_400_000;
// Next month's partitions exist whatever today is: the days below all fall in it.
const now = new Date();
const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
const at = (day: number, hour = 12) => new Date(month + (day - 1) * DAY + hour * 3_600_000);

async function observe(asin: string, when: Date, cents: number) {
  await database.db.insert(productObservations).values({
    marketplace: 'ca',
    asin,
    currency: 'CAD',
    kind: 'light',
    observedAt: when,
    buyboxCents: cents,
    inStock: true,
  });
}

const foldedDays = async (asin: string) =>
  (await database.db.select().from(productObservationDays).where(eq(productObservationDays.asin, asin)))
    .map((d) => d.day)
    .sort();

describe('the nightly roll-up after a worker was down', () => {
  it('folds every day since the last one folded, not only the last three', async () => {
    // Folded on day 1; then the worker was down: days 2 to 12 were observed but never folded.
    await observe('B0GAPDAYS1', at(1), 1000);
    await rollUpDays(database.db, at(1, 0), at(2, 0));
    for (const day of [2, 5, 9, 12]) await observe('B0GAPDAYS1', at(day), 1000 + day);
    await rollUpRecent(database.db, at(14, 3));
    const iso = (day: number) => at(day).toISOString().slice(0, 10);
    expect(await foldedDays('B0GAPDAYS1')).toEqual([1, 2, 5, 9, 12].map(iso));
  });

  it('with nothing folded yet, goes back as far as raw observations are kept, no further', async () => {
    await database.db.delete(productObservationDays);
    await observe('B0GAPDAYS2', at(3), 500);
    await observe('B0GAPDAYS2', at(20), 700);
    // Kept 10 days of raw observations: day 3 is past them, day 20 is not.
    await rollUpRecent(database.db, at(23, 3), 10);
    expect(await foldedDays('B0GAPDAYS2')).toEqual([at(20).toISOString().slice(0, 10)]);
  });
});
