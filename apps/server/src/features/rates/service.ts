import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exchangeRates } from '../../db/schema';
import { fixedRates } from '../../providers/rates/fixed';
import type { RatesSource, RateTable } from '../../providers/rates/types';

/** Fetches the source's rates and stores them as the latest (the daily job, and the first use). */
export async function refreshRates(db: Db, source: RatesSource): Promise<RateTable> {
  const table = await source.fetch();
  const rows = Object.entries(table.rates).map(([currency, rate]) => ({
    source: source.name,
    currency,
    rate,
    asOf: table.asOf,
  }));
  await db
    .insert(exchangeRates)
    .values(rows)
    .onConflictDoUpdate({
      target: [exchangeRates.source, exchangeRates.currency],
      set: { rate: sql`excluded.rate`, asOf: sql`excluded.as_of`, fetchedAt: new Date() },
    });
  return table;
}

/**
 * The latest stored rates of the source. Nothing stored yet: fetched now; when that fails (the ECB is
 * unreachable on a first start), the specification's fixed table stands in so reports can still be made.
 */
export async function latestRates(db: Db, source: RatesSource): Promise<RateTable & { source: string }> {
  const rows = await db.select().from(exchangeRates).where(eq(exchangeRates.source, source.name));
  if (rows.length > 0) {
    return {
      source: source.name,
      asOf: rows.reduce((a, r) => (r.asOf > a ? r.asOf : a), ''),
      rates: Object.fromEntries(rows.map((r) => [r.currency, r.rate])),
    };
  }
  try {
    return { source: source.name, ...(await refreshRates(db, source)) };
  } catch {
    return { source: fixedRates.name, ...(await fixedRates.fetch()) };
  }
}
