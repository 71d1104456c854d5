import { parityFor, type ParityJump, type PricingSettings, type RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RatesSource } from '../../providers/rates/types';
import { latestRates } from '../rates';

/**
 * How far an "Auto" parity may move at one update before the listings hold asks the seller about every
 * far price move of the inventory: the hold's own limit for one price (listings/safety.ts, 25 %).
 */
export const PARITY_JUMP = 0.25;

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
  let jump: ParityJump | null = null;
  if (claimed.settings.parity_type === 'auto') {
    const from = claimed.settings.parity;
    const to = parityFor(claimed.from_country, claimed.to_country, table.rates);
    claimed.settings = { ...claimed.settings, parity: to };
    // A run may re-price only part of a large inventory (update-plan.ts), each run's share under the
    // hold's 20 %: the jump is kept so that the hold asks whatever share a run moves.
    if (from > 0 && Math.abs(to - from) / from > PARITY_JUMP)
      jump = { from, to, source: table.source, as_of: table.asOf };
  }
  await db.execute(sql`
    update inventories set
      parity_rates = ${JSON.stringify(table.rates)}::jsonb,
      rates_source = ${table.source},
      rates_as_of = ${table.asOf},
      settings = case when settings->>'parity_type' = 'auto'
                      then jsonb_set(settings, '{parity}', to_jsonb(${claimed.settings.parity}::float8))
                      else settings end,
      -- A jump not yet released keeps the parity the listings were priced at as its start.
      parity_jump = case when ${jump !== null} then jsonb_build_object(
                           'from', coalesce((parity_jump->>'from')::float8, ${jump?.from ?? null}::float8),
                           'to', ${jump?.to ?? null}::float8, 'source', ${table.source}::text,
                           'as_of', ${table.asOf}::text, 'at', now())
                         else parity_jump end
     where id = ${id}::uuid`);
  return table.rates;
}
