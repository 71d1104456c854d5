import { SHIPPED_ECB_TABLE, SHIPPED_RATES } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exchangeRates } from '../../db/schema';
import type { RatesSource, RateTable, SourcedRateTable } from '../../providers/rates/types';

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

/** The dated ECB table shipped with the product (domain exchange-rates.ts). */
export const shippedRates = (): SourcedRateTable => ({
  source: 'ecb-shipped',
  asOf: SHIPPED_ECB_TABLE.asOf,
  rates: { ...SHIPPED_RATES },
});

/** After a failed first fetch, how long the shipped table stands in before the ECB is asked again. */
const RETRY_AFTER_MS = 10 * 60_000;
const failedAt = new WeakMap<Db, number>();

/**
 * The latest stored rates of the source. Nothing stored yet: fetched now; when the ECB cannot be reached
 * (a first start offline), the shipped table of real ECB rates stands in, said so by its source, and the
 * ECB is asked again after RETRY_AFTER_MS (the daily job also stores them once it can).
 */
export async function latestRates(db: Db, source: RatesSource): Promise<SourcedRateTable> {
  const rows = await db.select().from(exchangeRates).where(eq(exchangeRates.source, source.name));
  if (rows.length > 0) {
    return {
      source: source.name,
      asOf: rows.reduce((a, r) => (r.asOf > a ? r.asOf : a), ''),
      rates: Object.fromEntries(rows.map((r) => [r.currency, r.rate])),
    };
  }
  const failed = failedAt.get(db);
  if (failed !== undefined && Date.now() - failed < RETRY_AFTER_MS) return shippedRates();
  try {
    const table = await refreshRates(db, source);
    failedAt.delete(db);
    return { source: source.name, ...table };
  } catch {
    failedAt.set(db, Date.now());
    return shippedRates();
  }
}
