import {
  amazonRegionOfCountry,
  INVENTORY_UPDATE_INTERVAL_MINUTES,
  REGION_CODES,
  type Inventory,
  type InventoryCreate,
  type InventoryProductPage,
  type InventoryUpdate,
  type InventoryUnavailableReason,
  type InventoryUpdateState,
  type RegionCode,
  type ReportRestriction,
  type Settings,
} from '@crossmarket/domain';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { filterSets, inventories, inventoryProducts } from '../../db/schema';
import type { Allowance } from '../../providers/marketplace/types';
import { LISTED_COUNT, loadDemand, planRun, refreshEta, type Demand } from './update-plan';
import { lockForUser } from '../../db/user-lock';
import { fileStock } from './inventory-file';
import { listingsOnAmazon } from './delete-inventory';
import { packsToConfirm } from './supplier-products';

/** Why a write was refused; the routes turn each into its HTTP answer. */
export type InventoryRefusal = 'not_found' | 'bad_filter' | 'same_countries';
/** A country change refused while these products have offers on Amazon (features/listings). */
export type CountriesInUse = { listed: string[] };

/** The Amazon region of the inventory's selling country, as SQL (the domain's map, values as parameters). */
const sellingRegion = sql`case ${inventories.toCountry} ${sql.join(
  REGION_CODES.map((c) => sql`when ${c} then ${amazonRegionOfCountry(c)}`),
  sql` `,
)} end`;

/**
 * A product's kept listing restriction (features/restrictions) for the owner's connected Amazon account
 * in the selling country's region; null when never checked or not connected there.
 */
const keptRestriction = sql<ReportRestriction | null>`(
  select json_build_object('state', r.state, 'reasons', r.reasons, 'approval_url', r.approval_url,
                           'checked_at', r.checked_at)
    from amazon_connections c
    join listing_restrictions r
      on r.user_id = c.user_id and r.selling_partner_id = c.selling_partner_id and r.country = ${inventories.toCountry}
         and r.asin = ${inventoryProducts.code}
   where c.user_id = ${inventoryProducts.userId} and c.region = ${sellingRegion} and c.status = 'connected')`;

const owned = (userId: string, id: string) => and(eq(inventories.id, id), eq(inventories.userId, userId));

const columns = {
  id: inventories.id,
  title: inventories.title,
  sellType: inventories.sellType,
  fromCountry: inventories.fromCountry,
  toCountry: inventories.toCountry,
  fromMarketplace: inventories.fromMarketplace,
  toMarketplace: inventories.toMarketplace,
  amazonStoreId: inventories.amazonStoreId,
  filterId: inventories.filterId,
  settings: inventories.settings,
  createdAt: inventories.createdAt,
  filterSetId: filterSets.id,
  filterSetName: filterSets.name,
  filtersCount: filterSets.filtersCount,
  // Counted over the primary key (inventory_id, code).
  productsCount: sql<number>`(select count(*)::int from inventory_products p where p.inventory_id = ${inventories.id})`,
  updateStatus: inventories.updateStatus,
  updateFinishedAt: inventories.updateFinishedAt,
  updateRequestedAt: inventories.updateRequestedAt,
  updateStartedAt: inventories.updateStartedAt,
  updatedCount: inventories.updatedCount,
  unavailableCount: inventories.unavailableCount,
  priceChangedCount: inventories.priceChangedCount,
  ratesSource: inventories.ratesSource,
  ratesAsOf: inventories.ratesAsOf,
};

// The filter set is joined by owner too: an inventory only ever names one of its user's sets.
/**
 * The products the seller lists in the selling country (the plan counts their selling sides on
 * getCompetitivePricing); a scan of the snapshots, so only when a plan is shown (an SP-API allowance).
 */
const listedCount = (withPlan: boolean) =>
  withPlan
    ? sql<number>`(select ${LISTED_COUNT} from inventory_products p where p.inventory_id = ${inventories.id})`
    : sql<number>`0`;

const query = (db: Db, userId: string, where?: SQL, withPlan = false) =>
  db
    .select({ ...columns, listedCount: listedCount(withPlan) })
    .from(inventories)
    .leftJoin(filterSets, and(eq(filterSets.id, inventories.filterId), eq(filterSets.userId, userId)))
    .where(and(eq(inventories.userId, userId), where))
    .orderBy(desc(inventories.createdAt), desc(inventories.id));

type Row = Awaited<ReturnType<typeof query>>[number];

/** What the refresh estimate needs beyond the row: the allowance and every inventory's demand on it. */
type PlanContext = { allowance: Allowance | undefined; demand: Demand[]; now: Date };

const view = (r: Row, plan: PlanContext): Inventory => ({
  id: r.id,
  title: r.title,
  sell_type: r.sellType as Inventory['sell_type'],
  from_country: r.fromCountry as RegionCode,
  to_country: r.toCountry as RegionCode,
  from_marketplace: r.fromMarketplace,
  to_marketplace: r.toMarketplace,
  amazon_store_id: r.amazonStoreId,
  filter_id: r.filterId,
  filter_set:
    r.filterSetId === null
      ? null
      : { id: r.filterSetId, name: r.filterSetName!, filters_count: r.filtersCount! },
  settings: r.settings as Settings,
  created_at: r.createdAt.toISOString(),
  products_count: r.productsCount,
  update: updateState(r, plan),
});

/**
 * The update's state as the API shows it; "Update now" waits an hour after the last request. The pace
 * and the estimate are the worker's plan (update-plan.ts) for this inventory.
 */
function updateState(r: Row, { allowance, demand, now: at }: PlanContext): InventoryUpdateState {
  const now = at.getTime();
  const next =
    r.updateRequestedAt && r.updateRequestedAt.getTime() + INVENTORY_UPDATE_INTERVAL_MINUTES * 60_000;
  const inventory = {
    from: r.fromCountry as RegionCode,
    to: r.toCountry as RegionCode,
    products: r.productsCount,
    listed: r.listedCount,
  };
  const plan = planRun(inventory, demand, allowance);
  const eta = refreshEta(
    { products: r.productsCount, status: r.updateStatus, startedAt: r.updateStartedAt },
    plan,
    at,
  );
  return {
    status: r.updateStatus as InventoryUpdateState['status'],
    finished_at: r.updateFinishedAt?.toISOString() ?? null,
    updated: r.updatedCount,
    unavailable: r.unavailableCount,
    price_changed: r.priceChangedCount,
    next_manual_at: next && next > now ? new Date(next).toISOString() : null,
    rates_of: r.ratesSource && r.ratesAsOf ? { source: r.ratesSource, as_of: r.ratesAsOf } : null,
    per_run: plan.perRun,
    refreshed_by: eta?.toISOString() ?? null,
    full_lookup_max_days: plan.fullMaxAgeDays,
  };
}

async function select(db: Db, userId: string, where: SQL | undefined, allowance?: Allowance) {
  const [rows, demand] = await Promise.all([
    query(db, userId, where, allowance !== undefined),
    allowance ? loadDemand(db) : [],
  ]);
  const plan = { allowance, demand, now: new Date() };
  return rows.map((r) => view(r, plan));
}

/** The user's inventories, newest first; with `toCountry`, only those selling there. */
export function listInventories(
  db: Db,
  userId: string,
  filter: { toCountry?: string } = {},
  allowance?: Allowance,
) {
  return select(
    db,
    userId,
    filter.toCountry ? eq(inventories.toCountry, filter.toCountry) : undefined,
    allowance,
  );
}

/** One of the user's inventories; `allowance` (the provider's) sets its refresh estimate. */
export async function findInventory(
  db: Db,
  userId: string,
  id: string,
  allowance?: Allowance,
): Promise<Inventory | undefined> {
  const [found] = await select(db, userId, eq(inventories.id, id), allowance);
  return found;
}

/**
 * Whether `filterId` is one of the user's sets. The row is locked FOR KEY SHARE until the transaction
 * ends, so the set cannot be deleted between this check and the write that references it (its delete
 * waits, then meets the foreign key: 409 "already in use").
 */
async function holdOwnFilterSet(tx: Db, userId: string, filterId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: filterSets.id })
    .from(filterSets)
    .where(and(eq(filterSets.id, filterId), eq(filterSets.userId, userId)))
    .for('key share');
  return row !== undefined;
}

/**
 * Adds an inventory unless the user already holds `limit` (their plan's): counted and inserted under a
 * per-user transaction lock, so parallel creates cannot together pass it.
 */
export async function insertInventory(
  db: Db,
  userId: string,
  values: InventoryCreate,
  limit: number,
  allowance?: Allowance,
): Promise<Inventory | 'bad_filter' | 'limit'> {
  return withTx(db, async (tx) => {
    await lockForUser(tx, 'inventories', userId);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(inventories)
      .where(eq(inventories.userId, userId));
    if ((held?.n ?? 0) >= limit) return 'limit';
    if (values.filter_id && !(await holdOwnFilterSet(tx, userId, values.filter_id))) return 'bad_filter';
    const [row] = await tx
      .insert(inventories)
      .values({
        userId,
        title: values.title,
        sellType: values.sell_type,
        fromCountry: values.from_country,
        toCountry: values.to_country,
        amazonStoreId: values.amazon_store_id ?? null,
        filterId: values.filter_id ?? null,
        settings: values.settings,
      })
      .returning({ id: inventories.id });
    return (await findInventory(tx, userId, row!.id, allowance))!;
  });
}

/**
 * Applies the fields sent; a change of either country is refused while the inventory has offers on
 * Amazon (`listed`). A country sent alone is checked against the stored other one, under the row's
 * lock so two half-patches cannot together make the countries equal.
 */
export async function updateInventory(
  db: Db,
  userId: string,
  id: string,
  changes: InventoryUpdate,
  allowance?: Allowance,
): Promise<Inventory | InventoryRefusal | CountriesInUse> {
  return withTx(db, async (tx) => {
    const [current] = await tx
      .select({ from: inventories.fromCountry, to: inventories.toCountry })
      .from(inventories)
      .where(owned(userId, id))
      .for('update');
    if (!current) return 'not_found';
    if ((changes.from_country ?? current.from) === (changes.to_country ?? current.to))
      return 'same_countries';
    // Offers priced from one source for one marketplace would be kept in step with another: the seller
    // takes them down first (the row is locked, so no publish can slip in meanwhile: it reads the countries).
    const moved =
      (changes.from_country !== undefined && changes.from_country !== current.from) ||
      (changes.to_country !== undefined && changes.to_country !== current.to);
    if (moved) {
      const listed = await listingsOnAmazon(tx, id);
      if (listed.length > 0) return { listed: listed.map((l) => l.code) };
    }
    if (changes.filter_id && !(await holdOwnFilterSet(tx, userId, changes.filter_id))) return 'bad_filter';
    await tx
      .update(inventories)
      .set({
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.sell_type !== undefined && { sellType: changes.sell_type }),
        ...(changes.from_country !== undefined && { fromCountry: changes.from_country }),
        ...(changes.to_country !== undefined && { toCountry: changes.to_country }),
        ...(changes.amazon_store_id !== undefined && { amazonStoreId: changes.amazon_store_id }),
        ...(changes.filter_id !== undefined && { filterId: changes.filter_id }),
        ...(changes.settings !== undefined && { settings: changes.settings }),
      })
      .where(owned(userId, id));
    return (await findInventory(tx, userId, id, allowance))!;
  });
}

/**
 * One page of the inventory's products by code (the primary key's order), and their total; undefined when
 * the inventory is not the user's. The two reads run side by side, each owner-checked.
 */
export async function listInventoryProducts(
  db: Db,
  userId: string,
  id: string,
  { page, perPage }: { page: number; perPage: number },
): Promise<InventoryProductPage | undefined> {
  const [[counted], rows] = await Promise.all([
    db
      .select({ total: sql<number>`count(${inventoryProducts.code})::int` })
      .from(inventories)
      .leftJoin(inventoryProducts, eq(inventoryProducts.inventoryId, inventories.id))
      .where(owned(userId, id))
      .groupBy(inventories.id),
    db
      .select({
        code: inventoryProducts.code,
        image: inventoryProducts.image,
        // The title a seller recognises: the selling side's, else the buying side's (as imageOf).
        title: sql<string | null>`coalesce(
          nullif(${inventoryProducts.snapshot}->'row_to'->>'title', ''),
          nullif(${inventoryProducts.snapshot}->'row_cross'->>'title', ''))`,
        createdAt: inventoryProducts.createdAt,
        available: inventoryProducts.available,
        // The side that made it unavailable (pricing's `unavailableReason`, in the same order).
        unavailableReason: sql<InventoryUnavailableReason | null>`case
          when ${inventoryProducts.available} is not false then null
          when ${inventoryProducts.snapshot}->'row_cross'->>'status' <> 'ok'
          then 'cross_' || (${inventoryProducts.snapshot}->'row_cross'->>'status')
          when ${inventoryProducts.snapshot}->'row_to'->>'status' not in ('ok', 'nostock')
          then 'to_' || (${inventoryProducts.snapshot}->'row_to'->>'status') end`,
        stdPrice: inventoryProducts.stdPrice,
        stock: inventoryProducts.stock,
        costInTc: inventoryProducts.costInTc,
        stdProfit: inventoryProducts.stdProfit,
        updatedAt: inventoryProducts.updatedAt,
        // The older side's full lookup; null while either side's is undated (never renewed since dating).
        fullLookupAt: sql<string | null>`case
          when ${inventoryProducts.snapshot}->'row_cross' ? 'looked_up_at'
           and ${inventoryProducts.snapshot}->'row_to' ? 'looked_up_at'
          then least((${inventoryProducts.snapshot}->'row_cross'->>'looked_up_at')::timestamptz,
                     (${inventoryProducts.snapshot}->'row_to'->>'looked_up_at')::timestamptz) end`,
        restriction: keptRestriction,
        supplierPack: inventoryProducts.supplierPack,
      })
      .from(inventoryProducts)
      .innerJoin(inventories, eq(inventories.id, inventoryProducts.inventoryId))
      .where(owned(userId, id))
      .orderBy(asc(inventoryProducts.code))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  if (!counted) return undefined;
  const packs = await packsToConfirm(
    db,
    id,
    rows.filter((r) => r.supplierPack === 'differs' || r.supplierPack === 'unknown').map((r) => r.code),
  );
  return {
    products: rows.map((r) => ({
      code: r.code,
      image: r.image,
      title: r.title,
      created_at: r.createdAt.toISOString(),
      available: r.available,
      unavailable_reason: r.unavailableReason,
      std_price: r.stdPrice,
      // What the file will say (0 when unavailable), not the stock the pricing proposed.
      stock: r.stock === null ? null : fileStock(r),
      cost_in_tc: r.costInTc,
      std_profit: r.stdProfit,
      updated_at: r.updatedAt?.toISOString() ?? null,
      full_lookup_at: r.fullLookupAt === null ? null : new Date(r.fullLookupAt).toISOString(),
      restriction: r.restriction && {
        ...r.restriction,
        checked_at: new Date(r.restriction.checked_at).toISOString(),
      },
      pack: packs.get(r.code) ?? null,
    })),
    total: counted.total,
    page,
    per_page: perPage,
  };
}
