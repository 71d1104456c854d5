import { type InventoryAddProductsResult, type PricingSettings, type RegionCode } from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { inventories, inventoryProducts, plans, reports, userData } from '../../db/schema';
import { usageOf } from '../account';
import { imageOf, priceForInventory, type SnapshotRow } from './pricing';
import { lockForUser } from '../../db/user-lock';

export type AddRefusal =
  | { refusal: 'not_found' }
  | { refusal: 'bad_report' }
  | { refusal: 'report_countries' }
  | { refusal: 'quota'; remaining: number };

/** Rows per insert statement: 50,000 products go in a few dozen statements, not one huge one. */
const CHUNK = 1000;

/**
 * Serialises one user's quota checks: taken inside the transaction, so concurrent adds see each other's
 * rows and can never together pass the plan's inventory quota (the report quota's technique).
 */
async function lockQuota(tx: Db, userId: string) {
  await lockForUser(tx, 'inventory-quota', userId);
}

async function quotaLeft(tx: Db, userId: string): Promise<number> {
  const [plan] = await tx
    .select({ quota: plans.inventoryQuota })
    .from(userData)
    .innerJoin(plans, eq(plans.code, userData.planCode))
    .where(eq(userData.userId, userId));
  return Math.max(0, (plan?.quota ?? 0) - (await usageOf(tx, userId)).ip_count);
}

/**
 * Adds products of one of the user's finished reports to an inventory with the same countries, priced
 * with the inventory's settings from the report's snapshots. All or nothing against the quota; products
 * already in the inventory, or not in the report, are skipped.
 */
export async function addInventoryProducts(
  db: Db,
  userId: string,
  inventoryId: string,
  body: { report_id: string; product_ids: string[] },
): Promise<InventoryAddProductsResult | AddRefusal> {
  const ids = [...new Set(body.product_ids)];
  return withTx(db, async (tx) => {
    await lockQuota(tx, userId);
    const [inventory] = await tx
      .select({ from: inventories.fromCountry, to: inventories.toCountry, settings: inventories.settings })
      .from(inventories)
      .where(and(eq(inventories.id, inventoryId), eq(inventories.userId, userId)))
      .for('key share');
    if (!inventory) return { refusal: 'not_found' };
    const [report] = await tx
      .select({ from: reports.fromCountry, to: reports.toCountry })
      .from(reports)
      .where(and(eq(reports.id, body.report_id), eq(reports.userId, userId), eq(reports.finalized, true)));
    if (!report) return { refusal: 'bad_report' };
    if (report.from !== inventory.from || report.to !== inventory.to) return { refusal: 'report_countries' };

    const fresh = await tx.execute<SnapshotRow>(sql`
      select s.product_id, s.row_cross, s.row_to
        from report_product_snapshots s
       where s.report_id = ${body.report_id}::uuid and s.product_id = any(${sql.param(ids)}::text[])
         and not exists (select 1 from inventory_products p
                          where p.inventory_id = ${inventoryId}::uuid and p.code = s.product_id)`);
    const left = await quotaLeft(tx, userId);
    if (fresh.rows.length > left) return { refusal: 'quota', remaining: left };

    const settings = inventory.settings as PricingSettings;
    const toRegion = inventory.to as RegionCode;
    for (let i = 0; i < fresh.rows.length; i += CHUNK) {
      await tx.insert(inventoryProducts).values(
        fresh.rows.slice(i, i + CHUNK).map((row) => ({
          inventoryId,
          userId,
          code: row.product_id,
          image: imageOf(row),
          snapshot: { row_cross: row.row_cross, row_to: row.row_to },
          ...priceForInventory(row, settings, toRegion),
          updatedAt: sql`now()`,
        })),
      );
    }
    return {
      added: fresh.rows.length,
      skipped: ids.length - fresh.rows.length,
      remaining: left - fresh.rows.length,
    };
  });
}

/** Removes products from one of the user's inventories; undefined when the inventory is not theirs. */
export async function removeInventoryProducts(
  db: Db,
  userId: string,
  inventoryId: string,
  productIds: string[],
): Promise<{ removed: number; remaining: number } | undefined> {
  return withTx(db, async (tx) => {
    await lockQuota(tx, userId);
    const [inventory] = await tx
      .select({ id: inventories.id })
      .from(inventories)
      .where(and(eq(inventories.id, inventoryId), eq(inventories.userId, userId)));
    if (!inventory) return undefined;
    const removed = await tx
      .delete(inventoryProducts)
      .where(
        and(
          eq(inventoryProducts.inventoryId, inventoryId),
          sql`${inventoryProducts.code} = any(${sql.param([...new Set(productIds)])}::text[])`,
        ),
      )
      .returning({ code: inventoryProducts.code });
    return { removed: removed.length, remaining: await quotaLeft(tx, userId) };
  });
}
