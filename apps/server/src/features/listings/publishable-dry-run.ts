import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** How long a dry run's verdicts stand for a publish: Amazon's rules and the seller's prices move. */
export const DRY_RUN_HOURS = 24;

/**
 * The left-out reasons a dry run gives for products that could not be published at the time (issue 56):
 * the seller saw them, and the publish checks them again when it starts.
 */
export const RECHECKED_AT_PUBLISH = [
  'stale_source',
  'no_answer',
  'listed_elsewhere',
  'price_held',
  'pack_unconfirmed',
];

/**
 * Of `codes`, those without a verdict from a finished dry run of this inventory in the last
 * `DRY_RUN_HOURS`: Amazon's valid or invalid, or (unless `strict`) a left-out reason the publish checks
 * again itself. The publish route asks leniently (a product held at the dry run needs no second dry run to
 * be left out again); a publish, when it starts, strictly for the products it will actually send.
 */
export async function codesWithoutDryRun(
  db: Db,
  inventoryId: string,
  codes: string[],
  strict: boolean,
): Promise<string[]> {
  if (codes.length === 0) return [];
  const verdict = strict
    ? sql`v.outcome in ('valid', 'invalid')`
    : sql`(v.outcome in ('valid', 'invalid')
           or (v.outcome = 'left_out' and v.left_out = any(${sql.param(RECHECKED_AT_PUBLISH)}::text[])))`;
  const rows = await db.execute<{ code: string }>(sql`
    select wanted.code
      from unnest(${sql.param(codes)}::text[]) as wanted(code)
     where not exists (
       select 1 from listing_runs r join listing_run_results v on v.run_id = r.id
        where r.inventory_id = ${inventoryId}::uuid and r.mode = 'preview' and r.status = 'done'
          and r.finished_at > now() - make_interval(hours => ${DRY_RUN_HOURS})
          and v.product_id = wanted.code and ${verdict})
     order by wanted.code`);
  return rows.rows.map((r) => r.code);
}
