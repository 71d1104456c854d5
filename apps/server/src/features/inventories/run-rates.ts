import { parityFor, type PricingSettings, type RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RatesSource } from '../../providers/rates/types';
import { latestRates } from '../rates';

/**
 * The run prices with the latest rates and keeps them, their source and day on the inventory. An "Auto"
 * parity follows them (saved too, so the settings shown are those that priced): an inventory made on the
 * specification's placeholder table (MXN at 1.12 per dollar) must not keep sending prices 16 times off to
 * Amazon. A parity the seller typed stays theirs.
 */
export async function priceWithLatestRates(
  db: Db,
  source: RatesSource,
  id: string,
  claimed: { from_country: RegionCode; to_country: RegionCode; settings: PricingSettings },
) {
  const table = await latestRates(db, source);
  if (claimed.settings.parity_type === 'auto') {
    claimed.settings = {
      ...claimed.settings,
      parity: parityFor(claimed.from_country, claimed.to_country, table.rates),
    };
  }
  await db.execute(sql`
    update inventories set
      parity_rates = ${JSON.stringify(table.rates)}::jsonb,
      rates_source = ${table.source},
      rates_as_of = ${table.asOf},
      settings = case when settings->>'parity_type' = 'auto'
                      then jsonb_set(settings, '{parity}', to_jsonb(${claimed.settings.parity}::float8))
                      else settings end
     where id = ${id}::uuid`);
  return table.rates;
}
