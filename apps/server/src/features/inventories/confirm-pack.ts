import { JOB_NAMES, type InventoryConfirmPackResult } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { listedAmong } from '../listings';
import { packsToConfirm } from './supplier-products';

export type ConfirmPackOutcome =
  | { outcome: 'not_found' }
  | { outcome: 'not_to_confirm' }
  | { outcome: 'changed' }
  | { outcome: 'confirmed'; result: InventoryConfirmPackResult };

/**
 * The seller confirms a supplier pack that differs from Amazon's or is unknown (issue 62), from the
 * inventory's products: only for the Amazon quantity the confirmation showed them (a new list version that
 * changed it since makes them look again). Confirmed, the product may be published, and a listing it has
 * sells again: the inventory's sync, when on, sends its price and stock (until now it kept the 0).
 */
export async function confirmPack(
  deps: { db: Db; queue: JobQueue },
  userId: string,
  inventoryId: string,
  code: string,
  amazonQuantity: number | null,
): Promise<ConfirmPackOutcome> {
  const { db } = deps;
  const found = await db.execute<{ pack: string | null; units: number | null; sync: boolean }>(sql`
    select p.supplier_pack as pack, p.supplier_units as units, i.listing_sync_enabled as sync
      from inventory_products p join inventories i on i.id = p.inventory_id
     where p.inventory_id = ${inventoryId}::uuid and i.user_id = ${userId} and p.code = ${code}`);
  const row = found.rows[0];
  if (!row) return { outcome: 'not_found' };
  if (row.pack !== 'differs' && row.pack !== 'unknown') return { outcome: 'not_to_confirm' };
  // Checked again in the update: a re-pricing between the read and the write changes the units or pack.
  const updated = await db.execute(sql`
    update inventory_products set pack_confirmed_at = coalesce(pack_confirmed_at, now())
     where inventory_id = ${inventoryId}::uuid and code = ${code} and user_id = ${userId}
       and supplier_pack in ('differs', 'unknown')
       and supplier_units is not distinct from ${amazonQuantity}::int`);
  if ((updated.rowCount ?? 0) === 0) return { outcome: 'changed' };
  if (row.sync && (await listedAmong(db, userId, inventoryId, [code])).length > 0)
    await deps.queue.send(JOB_NAMES.syncListings, { inventory_id: inventoryId });
  const pack = (await packsToConfirm(db, inventoryId, [code])).get(code)!;
  return { outcome: 'confirmed', result: { code, pack } };
}
