import type { RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Allowance } from '../../providers/marketplace/types';
import { FULL_LOOKUP_MIN_AGE_DAYS, LISTED_COUNT, loadDemand, planRun } from './update-plan';

/**
 * How old an inventory product's source may grow before it counts as unseen: two of the plan's visits
 * (an inventory refreshed a share a day sees each product every few days), at least a week. A listing
 * whose source is older is taken down (features/listings).
 */
export async function sourceMaxAgeHours(
  db: Db,
  allowance: Allowance | undefined,
  inventory: { id: string; from: RegionCode; to: RegionCode },
): Promise<number> {
  const [counts] = (
    await db.execute<{ products: number; listed: number }>(
      sql`select count(*)::int as products, ${LISTED_COUNT} as listed
            from inventory_products p where p.inventory_id = ${inventory.id}::uuid`,
    )
  ).rows;
  const plan = planRun(
    { from: inventory.from, to: inventory.to, products: counts?.products ?? 0, listed: counts?.listed ?? 0 },
    allowance ? await loadDemand(db) : [],
    allowance,
  );
  return Math.max(FULL_LOOKUP_MIN_AGE_DAYS, 2 * plan.visitDays) * 24;
}
