import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The listings of this inventory whose offer an older listing of another of the seller's inventories also
 * keeps: the same SKU in the same marketplace is one offer on Amazon. A publish refuses a second one
 * (`listed_elsewhere`, publishable-exclusions.ts), but listings from before that rule can share an offer;
 * two inventories keeping it in step would each overwrite the other's figures, and the younger one's
 * stock could put back on sale what the older one's source no longer has. The older listing keeps the
 * offer; the younger sends only a 0 (a sell-out it sees still stops the offer selling).
 */
export async function sharedWithOlder(db: Db, inventoryId: string): Promise<Set<string>> {
  const rows = await db.execute<{ id: string }>(sql`
    select distinct l.id from listings l
      join listings o on o.user_id = l.user_id and o.sku = l.sku and o.marketplace_id = l.marketplace_id
       and o.inventory_id <> l.inventory_id and o.state <> 'removed' and o.pushed_at is not null
       and (o.created_at, o.id) < (l.created_at, l.id)
     where l.inventory_id = ${inventoryId}::uuid and l.state <> 'removed'`);
  return new Set(rows.rows.map((r) => r.id));
}
