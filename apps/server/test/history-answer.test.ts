import { describe, expect, it } from 'vitest';
import { productObservations } from '../src/db/schema';
import { injectJson } from './helpers/auth';
import { alice, app, bob, database, setUpInventories } from './helpers/inventories';

// Issue 57, item 1: the history of a product is every seller's lookups put together, so the answer says
// what the product did (prices, dates, days out of stock, rank moves), never how many lookups it rests on
// nor when the first was made: more sellers researching the product must not change what anyone sees.

setUpInventories();
const ASIN = 'B0RESEARCH';
const HOUR = 3_600_000;

/** One look at the product: the same prices and rank each time, as within an hour on Amazon. */
const look = (observedAt: Date) => ({
  marketplace: 'us' as const,
  asin: ASIN,
  currency: 'USD',
  kind: 'full' as const,
  observedAt,
  buyboxCents: 1999,
  lowestNewCents: 1899,
  newOffers: 4,
  salesRank: 1200,
  rankCategory: 'Toys & Games',
  inStock: true,
});

const history = async (cookie: string, days: number) => {
  const res = await injectJson(app, 'GET', `/v1/products/us/${ASIN}/history?days=${days}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, unknown>>();
};

describe('GET /v1/products/:marketplace/:asin/history', () => {
  it('answers the same whether one seller looked once or many sellers looked many times', async () => {
    const hour = new Date(Math.floor(Date.now() / HOUR) * HOUR - 3 * 24 * HOUR);
    const earlier = new Date(hour.getTime() - 6 * 24 * HOUR);
    // A look before the 30 days too: the sandbox fills only the days before the first look, and its
    // market moves by day, so the 30 days' signals rest on these looks alone whatever the date.
    const before = new Date(hour.getTime() - 40 * 24 * HOUR);
    await database.db.insert(productObservations).values([look(before), look(earlier), look(hour)]);
    const once = { 30: await history(alice, 30), 365: await history(alice, 365) };

    // Other sellers research it: many more looks in the same hours, seeing the same thing.
    await database.db
      .insert(productObservations)
      .values(
        [1, 2, 3, 4].flatMap((m) => [
          look(new Date(earlier.getTime() + m * 60_000)),
          look(new Date(hour.getTime() + m * 60_000)),
        ]),
      );
    for (const days of [30, 365] as const) {
      const often = await history(bob, days);
      expect(often).toEqual(once[days]);
      expect(JSON.stringify(often)).not.toMatch(/observations|observed_days|"since"/);
    }
    // What the seller needs is still there.
    const signals = once[30].signals as Record<string, unknown>;
    expect(signals).toMatchObject({
      lowest_price: { price: 19.99, at: earlier.toISOString() },
      days_out_of_stock: 0,
      rank_improvements: 0,
    });
    const observed = (once[30].points as { source: string; at: string }[]).filter(
      (p) => p.source === 'observed',
    );
    expect(observed.map((p) => p.at)).toEqual([earlier.toISOString(), hour.toISOString()]);
  });
});
