import {
  type InventoryAddProductsResult,
  type PricingSettings,
  type ProductSide,
  type RegionCode,
} from '@crossmarket/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { inventories, inventoryProducts, plans, quickLookups, reports, userData } from '../../db/schema';
import { usageOf } from '../account';
import { keptFeeEstimates } from '../fees';
import { laneNow } from '../lanes';
import { imageOf, priceForInventory, type SnapshotRow } from './pricing';
import { lockForUser } from '../../db/user-lock';
import {
  confirmKeptPacks,
  packToConfirm,
  reportSnapshots,
  supplierColumns,
  supplierOfReport,
} from './supplier-products';
import { apiError, fieldError, notFound } from '../../http/errors';

export type AddRefusal =
  | { refusal: 'not_found' }
  | { refusal: 'bad_report' }
  | { refusal: 'report_countries' }
  | { refusal: 'bad_lookup' }
  | { refusal: 'lookup_countries' }
  | { refusal: 'quota'; remaining: number };

/** A refused add as its HTTP answer; over the quota says how many products still fit. */
export function addRefusalError(outcome: AddRefusal) {
  switch (outcome.refusal) {
    case 'not_found':
      return notFound('This inventory was not found.');
    case 'bad_report':
      return fieldError('report_id', 'validation.inventory.reportId');
    case 'report_countries':
      return fieldError('report_id', 'validation.inventory.reportCountries');
    case 'bad_lookup':
      return fieldError('lookup_id', 'validation.inventory.lookupId');
    case 'lookup_countries':
      return fieldError('lookup_id', 'validation.inventory.lookupCountries');
    case 'quota':
      return apiError(409, 'inventory_quota', 'validation.inventory.quotaExceeded', {
        params: { remaining: outcome.remaining },
        remaining: outcome.remaining,
      });
  }
}

/**
 * The product's sides as the inventory keeps them, each dated with the lookup it came from: a side that
 * does not say when it was looked up takes `at`, the time of the report or quick check that saw it, so
 * the table never calls a freshly added product's offers "of unknown age".
 */
function datedSnapshot(row: SnapshotRow, at: Date) {
  const dated = (side: ProductSide): ProductSide =>
    side.looked_up_at ? side : { ...side, looked_up_at: at.toISOString() };
  return { row_cross: dated(row.row_cross), row_to: dated(row.row_to) };
}

/**
 * When the product's source was looked up: the older side's lookup of the dated snapshot. It is the
 * product's `updated_at`, the age listings go by (a stale source is neither published nor kept selling),
 * so a product added from a weeks-old report is as old as that report's lookups, not fresh (issue 56).
 */
function lookedUpAt(snapshot: ReturnType<typeof datedSnapshot>): Date {
  return new Date(
    Math.min(Date.parse(snapshot.row_cross.looked_up_at!), Date.parse(snapshot.row_to.looked_up_at!)),
  );
}

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
 * The user's inventory, its countries and settings, with the user's quota locked: adding products reads
 * the quota and the inventory together, and nothing may change either meanwhile.
 */
async function lockedInventory(tx: Db, userId: string, inventoryId: string) {
  await lockQuota(tx, userId);
  const [inventory] = await tx
    .select({ from: inventories.fromCountry, to: inventories.toCountry, settings: inventories.settings })
    .from(inventories)
    // An inventory being deleted (its offers coming down on Amazon) takes no products.
    .where(
      and(
        eq(inventories.id, inventoryId),
        eq(inventories.userId, userId),
        isNull(inventories.deletingOnAmazon),
      ),
    )
    .for('key share');
  return inventory;
}

/**
 * Adds products of one of the user's finished reports to an inventory with the same countries, priced
 * with the inventory's settings from the report's snapshots. All or nothing against the quota; products
 * already in the inventory, or not in the report, are skipped. Of a supplier report, products whose pack
 * differs from Amazon's or is unknown are left out (counted) unless `confirm_pack` says the seller checked.
 */
export async function addInventoryProducts(
  db: Db,
  userId: string,
  inventoryId: string,
  body: { report_id: string; product_ids: string[]; confirm_pack?: boolean | undefined },
): Promise<InventoryAddProductsResult | AddRefusal> {
  const ids = [...new Set(body.product_ids)];
  return withTx(db, async (tx) => {
    const inventory = await lockedInventory(tx, userId, inventoryId);
    if (!inventory) return { refusal: 'not_found' };
    const [report] = await tx
      .select({ from: reports.fromCountry, to: reports.toCountry, createdAt: reports.createdAt })
      .from(reports)
      .where(and(eq(reports.id, body.report_id), eq(reports.userId, userId), eq(reports.finalized, true)));
    if (!report) return { refusal: 'bad_report' };
    if (report.from !== inventory.from || report.to !== inventory.to) return { refusal: 'report_countries' };

    const found = await reportSnapshots(tx, body.report_id, inventoryId, ids);
    // A supplier's pack that differs from Amazon's, or Amazon's unknown, needs the seller's word (issue 62).
    const confirm = body.confirm_pack === true;
    const fresh = { rows: confirm ? found : found.filter((r) => !packToConfirm(r.pack)) };
    const packLeftOut = found.length - fresh.rows.length;
    const supplierReport = found.some((r) => r.pack !== null);
    const left = await quotaLeft(tx, userId);
    if (fresh.rows.length > left) return { refusal: 'quota', remaining: left };
    const supplier = supplierReport ? await supplierOfReport(tx, body.report_id) : null;
    const packConfirmed = confirm ? await confirmKeptPacks(tx, inventoryId, body.report_id, ids) : 0;
    const now = new Date();

    const settings = inventory.settings as PricingSettings;
    const toRegion = inventory.to as RegionCode;
    const lane = await laneNow(tx, userId, inventory.from as RegionCode, toRegion, settings.parity);
    const fees = await keptFeeEstimates(
      tx,
      userId,
      toRegion,
      fresh.rows.map((r) => r.product_id),
    );
    for (let i = 0; i < fresh.rows.length; i += CHUNK) {
      await tx.insert(inventoryProducts).values(
        fresh.rows.slice(i, i + CHUNK).map((row) => {
          // A report's lookups run from its creation on (see decisions: the report's time, not its finish).
          const snapshot = datedSnapshot(row, report.createdAt);
          return {
            inventoryId,
            userId,
            code: row.product_id,
            image: imageOf(row),
            snapshot,
            ...priceForInventory(row, settings, { toRegion, lane }, fees.get(row.product_id)),
            updatedAt: lookedUpAt(snapshot),
            ...(supplier ? supplierColumns(row, supplier, now) : {}),
          };
        }),
      );
    }
    return {
      added: fresh.rows.length,
      // Skipped: already in the inventory or not in the report; the packs left out are counted apart.
      skipped: ids.length - found.length,
      remaining: left - fresh.rows.length,
      ...(supplierReport || packConfirmed > 0
        ? { pack_left_out: packLeftOut, pack_confirmed: packConfirmed }
        : {}),
    };
  });
}

/**
 * Adds the product of one of the user's quick checks (POST /v1/lookup) to one of their inventories with
 * the same countries, priced with the inventory's settings from the sides the check saw. Within the
 * inventory quota, like a report's products; a product already there is skipped.
 */
export async function addCheckedProduct(
  db: Db,
  userId: string,
  inventoryId: string,
  lookupId: string,
): Promise<InventoryAddProductsResult | AddRefusal> {
  return withTx(db, async (tx) => {
    const inventory = await lockedInventory(tx, userId, inventoryId);
    if (!inventory) return { refusal: 'not_found' };
    const [check] = await tx
      .select()
      .from(quickLookups)
      .where(and(eq(quickLookups.id, lookupId), eq(quickLookups.userId, userId)));
    if (!check?.rowCross || !check.rowTo) return { refusal: 'bad_lookup' };
    if (check.fromCountry !== inventory.from || check.toCountry !== inventory.to) {
      return { refusal: 'lookup_countries' };
    }
    const [present] = await tx
      .select({ code: inventoryProducts.code })
      .from(inventoryProducts)
      .where(
        and(eq(inventoryProducts.inventoryId, inventoryId), eq(inventoryProducts.code, check.productId)),
      );
    const left = await quotaLeft(tx, userId);
    if (present) return { added: 0, skipped: 1, remaining: left };
    if (left < 1) return { refusal: 'quota', remaining: left };
    const row: SnapshotRow = { product_id: check.productId, row_cross: check.rowCross, row_to: check.rowTo };
    const toRegion = inventory.to as RegionCode;
    const settings = inventory.settings as PricingSettings;
    const lane = await laneNow(tx, userId, inventory.from as RegionCode, toRegion, settings.parity);
    const fees = await keptFeeEstimates(tx, userId, toRegion, [row.product_id]);
    const snapshot = datedSnapshot(row, check.createdAt);
    await tx.insert(inventoryProducts).values({
      inventoryId,
      userId,
      code: row.product_id,
      image: imageOf(row),
      snapshot,
      ...priceForInventory(row, settings, { toRegion, lane }, fees.get(row.product_id)),
      updatedAt: lookedUpAt(snapshot),
    });
    return { added: 1, skipped: 0, remaining: left - 1 };
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
