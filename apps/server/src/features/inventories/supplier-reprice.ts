import {
  FIXED_RATES,
  JOB_NAMES,
  packPrice,
  regionByCode,
  supplierSourcePrice,
  type PackMatch,
  type PricingSettings,
  type ProductSide,
  type RegionCode,
} from '@crossmarket/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { supplierLists, type StoredSupplierLine } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { keptFeeEstimates } from '../fees';
import { laneNow } from '../lanes';
import { zeroListingsForPack, type ListingsDeps } from '../listings';
import { priceForInventory } from './pricing';
import { packToConfirm } from './supplier-products';

type ListRow = typeof supplierLists.$inferSelect;

const isoOrNull = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/**
 * Products priced from an older version than `list` (or from a list since deleted): a job of an older
 * version that runs late never takes a newer version's costs back.
 */
const notNewer = (column: SQL, list: ListRow) =>
  sql`not exists (select 1 from supplier_lists c
                   where c.id = ${column} and (c.id = ${list.id}::uuid or c.created_at > ${list.createdAt}))`;

/**
 * The newest list of the supplier a report was priced from, in the report list's country, when it is
 * newer than the report's: products added from an old report take its costs (inventories' routes queue
 * the re-pricing). Null when the report's list is the newest, or the report is no supplier's.
 */
export async function newerSupplierList(db: Db, userId: string, reportId: string) {
  const rows = await db.execute<{ id: string }>(sql`
    select n.id from reports r
      join supplier_lists l on l.id = r.supplier_list_id
      join supplier_lists n on n.supplier_id = l.supplier_id and n.country = l.country
                           and n.user_id = ${userId} and n.created_at > l.created_at
     where r.id = ${reportId}::uuid and r.user_id = ${userId}
     order by n.created_at desc limit 1`);
  return rows.rows[0]?.id ?? null;
}

type Kept = {
  code: string;
  snapshot: { row_cross: ProductSide; row_to: ProductSide } | null;
  supplier_key: string;
  supplier_units: number | null;
  supplier_pack: PackMatch;
  pack_confirmed_at: Date | string | null;
};

/** The new version's line for each identifier key: the cheapest unit where a key is on several lines. */
function linesByKey(list: ListRow) {
  const basis = list.mapping.cost_basis;
  const unit = (l: StoredSupplierLine) => (basis === 'pack' ? l.cost / l.pack : l.cost);
  const byKey = new Map<string, StoredSupplierLine>();
  for (const line of list.lines) {
    const before = byKey.get(line.key);
    if (!before || unit(line) < unit(before)) byKey.set(line.key, line);
  }
  return byKey;
}

/**
 * The buying side a product's line gives in this version: its new buy price as one offer (as a report's
 * supplier side has it), or, when the version no longer has the line, no offer at all (`nostock`: the
 * source no longer offers it, so it is priced unavailable and its stock is 0). Returns the pack verdict.
 */
function newSide(
  kept: Kept,
  line: StoredSupplierLine | undefined,
  list: ListRow,
  opts: {
    buyCurrency: string;
    rates: Readonly<Record<string, number>>;
    purchaseTax: { rate: number; includes: boolean } | null;
  },
): { side: ProductSide; pack: PackMatch } {
  const last = kept.snapshot!.row_cross;
  const at = new Date().toISOString();
  if (!line) {
    const gone = { ...last, status: 'nostock' as const, buybox: null, lowest: null, total_prices_count: 0 };
    return { side: { ...gone, has_buybox: false, looked_up_at: at }, pack: kept.supplier_pack };
  }
  const price = packPrice(
    { cost: line.cost, basis: list.mapping.cost_basis, supplierPack: line.pack },
    kept.supplier_units,
  );
  const buyPrice = supplierSourcePrice(price.buyPrice, {
    listCurrency: list.currency,
    buyCurrency: opts.buyCurrency,
    rates: opts.rates,
    pricesIncludeTax: list.pricesIncludeTax,
    purchaseTax: opts.purchaseTax,
  });
  const offer = {
    seller_id: null,
    seller_name: null,
    is_fba: false,
    buy_price: buyPrice,
    import_fee: 0,
    shipping_fee: 0,
    s_dates: null,
  };
  const side: ProductSide = {
    ...last,
    status: 'ok',
    buybox: offer,
    lowest: offer,
    total_prices_count: 1,
    has_buybox: true,
    title: line.name ?? last.title,
    from_supplier: true,
    looked_up_at: at,
  };
  return { side, pack: price.pack };
}

/**
 * A confirmation stands while the pack still needs one for the same reason (Amazon's units did not
 * change: the seller confirmed those); a pack that newly differs or became unknown waits for the seller.
 */
const confirmation = (kept: Kept, pack: PackMatch) =>
  pack === 'same' || kept.supplier_pack === 'same' || kept.supplier_pack !== pack
    ? null
    : kept.pack_confirmed_at;

/**
 * One inventory's products fed by this supplier, re-priced from the new version in one transaction
 * under their row locks (an update run writing meanwhile leaves a supplier side it did not read alone:
 * update-inventory.ts). Returns how many products changed price.
 */
async function repriceInventory(
  db: Db,
  list: ListRow,
  inventory: InventoryRow,
  byKey: Map<string, StoredSupplierLine>,
) {
  return withTx(db, async (tx) => {
    const kept = await tx.execute<Kept>(sql`
      select code, snapshot, supplier_key, supplier_units, supplier_pack, pack_confirmed_at
        from inventory_products
       where inventory_id = ${inventory.id}::uuid and supplier_id = ${list.supplierId}::uuid
         and supplier_key is not null and snapshot is not null
         and ${notNewer(sql`supplier_list_id`, list)}
       order by code
         for update`);
    if (kept.rows.length === 0) return { products: 0, changed: 0, gone: 0, unconfirmed: [] as string[] };
    const from = inventory.from_country as RegionCode;
    const to = inventory.to_country as RegionCode;
    const rates = inventory.parity_rates ?? FIXED_RATES;
    const lane = await laneNow(tx, inventory.user_id, from, to, inventory.settings.parity, rates);
    const fees = await keptFeeEstimates(
      tx,
      inventory.user_id,
      to,
      kept.rows.map((k) => k.code),
    );
    const opts = {
      buyCurrency: regionByCode(from).currency.code,
      rates,
      purchaseTax: lane ? lane.purchaseTax : null,
    };
    let gone = 0;
    const rows = kept.rows.map((k) => {
      const line = byKey.get(k.supplier_key);
      if (!line) gone += 1;
      const { side, pack } = newSide(k, line, list, opts);
      const snapshot = { row_cross: side, row_to: k.snapshot!.row_to };
      const priced = priceForInventory(
        { product_id: k.code, ...snapshot },
        inventory.settings,
        { toRegion: to, lane },
        fees.get(k.code),
      );
      return {
        code: k.code,
        snapshot,
        pack,
        confirmed: isoOrNull(confirmation(k, pack)),
        ...priced,
      };
    });
    const written = await tx.execute<{ changed: boolean }>(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(
          code text, snapshot jsonb, pack text, confirmed timestamptz, available boolean, "minPrice" float8,
          "stdPrice" float8, "maxPrice" float8, stock int, "costInTc" float8, "stdProfit" float8)
      ),
      old as (
        select p.code, p.std_price from inventory_products p
         where p.inventory_id = ${inventory.id}::uuid and p.code in (select code from input)
      )
      update inventory_products p
         set snapshot = i.snapshot, available = i.available, min_price = i."minPrice",
             std_price = i."stdPrice", max_price = i."maxPrice", stock = i.stock, cost_in_tc = i."costInTc",
             std_profit = i."stdProfit", supplier_list_id = ${list.id}::uuid, supplier_pack = i.pack,
             pack_confirmed_at = i.confirmed
        from input i join old o using (code)
       where p.inventory_id = ${inventory.id}::uuid and p.code = i.code
      returning o.std_price is distinct from i."stdPrice" as changed`);
    const changed = written.rows.filter((r) => r.changed).length;
    // Packs that now wait for the seller: their listings stop selling (zero-for-pack.ts).
    const unconfirmed = rows.filter((r) => packToConfirm(r.pack) && r.confirmed === null).map((r) => r.code);
    return { products: kept.rows.length, changed, gone, unconfirmed };
  });
}

type InventoryRow = {
  id: string;
  user_id: string;
  from_country: string;
  to_country: string;
  settings: PricingSettings;
  parity_rates: Record<string, number> | null;
  sync: boolean;
};

/**
 * A new version of a supplier's list (issue 62: a list uploaded for the same supplier, from the same
 * country) re-prices the seller's inventories it feeds: each product's line is found again by its
 * identifier key and takes the new cost; a product the version no longer has is priced as a source
 * that no longer offers it (unavailable, stock 0). Inventories whose buying country is not the list's
 * keep their version. A product whose pack now waits for the seller's confirmation (it newly differs or
 * became unknown) stops selling at once: its listing's quantity goes to 0 through `listings`, sync or
 * not (the job always passes them). Where listings sync is on, the inventory's sync follows, as after an
 * update: the safety hold and the rails apply to what it pushes, and a quantity 0 always goes through.
 */
export async function repriceSupplierInventories(
  deps: { db: Db; queue: JobQueue; logger: Logger; listings?: ListingsDeps },
  userId: string,
  listId: string,
) {
  const { db } = deps;
  const [list] = await db
    .select()
    .from(supplierLists)
    .where(and(eq(supplierLists.id, listId), eq(supplierLists.userId, userId)));
  if (!list) return [];
  const fed = await db.execute<InventoryRow>(sql`
    select i.id, i.user_id, i.from_country, i.to_country, i.settings, i.parity_rates,
           i.listing_sync_enabled as sync
      from inventories i
     where i.user_id = ${userId} and i.from_country = ${list.country} and i.deleting_on_amazon is null
       and exists (select 1 from inventory_products p
                    where p.inventory_id = i.id and p.supplier_id = ${list.supplierId}::uuid
                      and ${notNewer(sql`p.supplier_list_id`, list)})
     order by i.id`);
  if (fed.rows.length === 0) return [];
  const byKey = linesByKey(list);
  const done = [];
  for (const inventory of fed.rows) {
    const { unconfirmed, ...outcome } = await repriceInventory(db, list, inventory, byKey);
    const zeroed = deps.listings ? await zeroListingsForPack(deps.listings, inventory.id, unconfirmed) : 0;
    deps.logger.info(
      { inventoryId: inventory.id, listId, ...outcome, unconfirmed: unconfirmed.length, zeroed },
      'inventory re-priced from a supplier list',
    );
    if (inventory.sync && outcome.products > 0)
      await deps.queue.send(JOB_NAMES.syncListings, { inventory_id: inventory.id });
    done.push({ inventory_id: inventory.id, ...outcome });
  }
  return done;
}
