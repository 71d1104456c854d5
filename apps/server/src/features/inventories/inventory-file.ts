import {
  bannedMatcher,
  buildInventoryFile,
  selectExportItems,
  type ExportOptions,
  type ExportProduct,
  type RegionCode,
  type Settings,
} from '@crossmarket/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inventories, inventoryProducts, userBannedContents } from '../../db/schema';
import { skuFor } from '../analysis';
import type { SnapshotRow } from './pricing';

/**
 * The inventory file's options: every product, those no longer available listed with stock 0 (so
 * Seller Central takes the offer down instead of keeping an old price), banned ones left out — the
 * export drawer's rules with "Include as 0 stock" for unavailable products.
 */
export const INVENTORY_FILE_OPTIONS: ExportOptions = {
  notMatching: 'dont_include',
  notAvailable: 'include_zero_stock',
  skipZeroStock: false,
  withSkus: false,
  // An inventory lists what the seller already sells there: a restriction is theirs to read, not a
  // reason to drop the offer from the file.
  excludeCannotList: false,
  excludeBanned: true,
};

/**
 * The quantity the inventory file lists for a product (INVENTORY_FILE_OPTIONS' rule: 0 when no longer
 * available), so the inventory's table shows what the file will say. Banned products are left out of
 * the file altogether; that is the banned list's to show, not the stock's.
 */
export function fileStock(p: { available: boolean | null; stock: number | null }): number {
  const [item] = selectExportItems(
    [
      {
        product_id: '',
        stocks: p.stock ?? 0,
        available_for_fbm: p.available ?? false,
        min_price: null,
        std_price: null,
        max_price: null,
        banned: null,
        matchesFilters: true,
        generated_sku: '',
      },
    ],
    INVENTORY_FILE_OPTIONS,
    { userId: '' },
  );
  // The file writer's own rounding (buildInventoryFile): a whole, non-negative number.
  return item ? Math.max(0, Math.floor(item.quantity)) : 0;
}

/** `inventory-<short id>-us-ca-2026-11-23.txt`, like the report's export files. */
export const inventoryFileName = (id: string, from: string, to: string, day = new Date()) =>
  `inventory-${id.split('-')[0]}-${from}-${to}-${day.toISOString().slice(0, 10)}.txt`;

/**
 * The current inventory file of one of the user's inventories (the domain writer over the last update's
 * prices and stock); undefined when the inventory is not theirs.
 */
export async function inventoryFile(db: Db, userId: string, id: string) {
  const [inventory] = await db
    .select({
      from: inventories.fromCountry,
      to: inventories.toCountry,
      settings: inventories.settings,
      pids: userBannedContents.pids,
      brands: userBannedContents.brands,
      keywords: userBannedContents.keywords,
    })
    .from(inventories)
    .leftJoin(userBannedContents, eq(userBannedContents.userId, inventories.userId))
    .where(and(eq(inventories.id, id), eq(inventories.userId, userId)));
  if (!inventory) return undefined;
  const banned = bannedMatcher(
    { pids: inventory.pids ?? {}, brands: inventory.brands ?? {}, keywords: inventory.keywords ?? {} },
    inventory.to as RegionCode,
  );
  const rows = await db
    .select({
      code: inventoryProducts.code,
      snapshot: inventoryProducts.snapshot,
      available: inventoryProducts.available,
      min: inventoryProducts.minPrice,
      std: inventoryProducts.stdPrice,
      max: inventoryProducts.maxPrice,
      stock: inventoryProducts.stock,
    })
    .from(inventoryProducts)
    .where(eq(inventoryProducts.inventoryId, id))
    .orderBy(asc(inventoryProducts.code));
  const products = rows.map((r): ExportProduct => {
    const snapshot = r.snapshot as Omit<SnapshotRow, 'product_id'> | null;
    const side = snapshot?.row_to.title ? snapshot.row_to : snapshot?.row_cross;
    return {
      product_id: r.code,
      stocks: r.stock ?? 0,
      available_for_fbm: r.available ?? false,
      min_price: r.min,
      std_price: r.std,
      max_price: r.max,
      banned: banned({ product_id: r.code, brand: side?.brand ?? null, title: side?.title ?? null }),
      matchesFilters: true,
      generated_sku: skuFor(userId, r.code),
    };
  });
  const items = selectExportItems(products, INVENTORY_FILE_OPTIONS, { userId });
  const settings = inventory.settings as Settings;
  return {
    name: inventoryFileName(id, inventory.from, inventory.to),
    text: buildInventoryFile(items, { handlingTime: settings.handling_time }),
  };
}
