import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiError } from '../../http/errors';
import { leftOutReason } from './publish';
import { productFacts } from './repo';

/** How long a dry run's verdicts stand for a publish: Amazon's rules and the seller's prices move. */
export const DRY_RUN_HOURS = 24;

/**
 * Nothing is written to a seller's Amazon before Amazon has looked at it: of the products a publish would
 * send (named, or the whole inventory; left-out ones are never sent), those without a verdict (valid or
 * invalid) from a finished dry run of this inventory in the last `DRY_RUN_HOURS`. A dry run Amazon did not
 * answer for a product, or one that left it out when it could not be listed yet, is no verdict.
 */
export async function productsWithoutDryRun(db: Db, inventoryId: string, productIds: string[] | null) {
  const sendable = (await productFacts(db, inventoryId, productIds))
    .filter((p) => leftOutReason(p) === null)
    .map((p) => p.code);
  if (sendable.length === 0) return 0;
  const rows = await db.execute<{ missing: number }>(sql`
    select count(*)::int as missing
      from unnest(${sql.param(sendable)}::text[]) as wanted(code)
     where not exists (
       select 1 from listing_runs r join listing_run_results v on v.run_id = r.id
        where r.inventory_id = ${inventoryId}::uuid and r.mode = 'preview' and r.status = 'done'
          and r.finished_at > now() - make_interval(hours => ${DRY_RUN_HOURS})
          and v.product_id = wanted.code and v.outcome in ('valid', 'invalid'))`);
  return rows.rows[0]!.missing;
}

export const dryRunRequired = (count: number) =>
  apiError(409, 'listings_dry_run_required', 'apiErrors.listingsDryRunRequired', {
    params: { count, hours: DRY_RUN_HOURS },
  });
