import {
  lookupRoute,
  type FeeEstimate,
  type PricingSettings,
  type ProductSide,
  type RegionCode,
  type ResolvedLane,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { NotAuthorisedError } from '../../providers/marketplace/errors';
import type { LookupAccounts, MarketplaceProvider, PriceCheck } from '../../providers/marketplace/types';
import type { RatesSource } from '../../providers/rates/types';
import { ownerAccounts } from '../amazon';
import { keptFeeEstimates } from '../fees';
import { laneNow } from '../lanes';
import { recheckInventoryRestrictions } from '../restrictions';
import { applyPriceCheck, FULL, needsBuyBoxSeller } from './light-refresh';
import { dueForFullLookup } from './full-lookup-age';
import { imageOf, priceForInventory, type SnapshotRow } from './pricing';
import { LISTED_COUNT, loadDemand, planRun } from './update-plan';
import { priceWithLatestRates } from './run-rates';
import { failInventoryUpdate } from './update-schedule';

export interface UpdateDeps {
  db: Db;
  marketplace: MarketplaceProvider;
  logger: Logger;
  leaseSeconds: number;
  /** This worker's name in `inventories.update_lease_owner`. */
  owner: string;
  /** True once the worker is shutting down: the inventory is handed back between batches. */
  stopping?: () => boolean;
  /** The plan's period (update-plan.ts); one day unless a test shortens it. */
  periodSeconds?: number;
  /** Whose Amazon authorisation the owner's lookups run under; without it, the shared one. */
  accounts?: LookupAccounts;
  /** The app's rates (features/rates): the run prices with the latest and keeps them on the inventory. */
  rates?: RatesSource;
}

export type UpdateOutcome = 'done' | 'busy' | 'idle' | 'handed-back' | 'failed';

class LeaseLost extends Error {}

type Claimed = {
  user_id: string;
  from_country: RegionCode;
  to_country: RegionCode;
  settings: PricingSettings;
  /** The owner's lane in force when the run starts (features/lanes). */
  lane?: ResolvedLane | null;
  started: string;
  /** Products this run already updated (a resumed run). */
  updated: number;
  /** Listings sync is on: what this run finds is pushed to Amazon, so it asks Amazon afresh. */
  sync: boolean;
};

/**
 * Takes the inventory for this worker: a queued one starts a run (counts reset, started now); a running
 * one whose worker died (lease ran out) is resumed with the same start, so the products it already
 * updated are not looked up again.
 */
async function claim(deps: UpdateDeps, id: string): Promise<Claimed | undefined> {
  const result = await deps.db.execute<Claimed>(sql`
    update inventories set
      update_status = 'running',
      update_started_at = case when update_status = 'queued' then now() else update_started_at end,
      updated_count = case when update_status = 'queued' then 0 else updated_count end,
      price_changed_count = case when update_status = 'queued' then 0 else price_changed_count end,
      update_lease_owner = ${deps.owner},
      update_lease_until = now() + make_interval(secs => ${deps.leaseSeconds})
     where id = ${id}::uuid
       and (update_status = 'queued' or (update_status = 'running' and (update_lease_until is null
            or update_lease_until < now() or update_lease_owner = ${deps.owner})))
    returning user_id, from_country, to_country, settings, updated_count as updated,
              listing_sync_enabled as sync,
              to_char(update_started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as started`);
  return result.rows[0];
}

/**
 * One batch in one transaction: each product's new snapshot, verdict, prices and stock, and the run's
 * counts (a price that differs from the last one counts as changed); the lease is renewed. Products
 * already updated in this run are left alone, so a batch written before a crash changes nothing again.
 */
async function writeBatch(deps: UpdateDeps, id: string, started: string, rows: unknown[]) {
  await deps.db.transaction(async (tx) => {
    const result = await tx.execute<{ id: string }>(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(
          code text, snapshot jsonb, image text, available boolean, "minPrice" float8, "stdPrice" float8,
          "maxPrice" float8, stock int, "costInTc" float8, "stdProfit" float8)
      ),
      old as (
        select p.code, p.std_price from inventory_products p
         where p.inventory_id = ${id}::uuid and p.code in (select code from input)
           and (p.updated_at is null or p.updated_at < ${started}::timestamptz)
      ),
      changed as (
        update inventory_products p
           set snapshot = i.snapshot, image = coalesce(i.image, p.image), available = i.available,
               min_price = i."minPrice", std_price = i."stdPrice", max_price = i."maxPrice", stock = i.stock,
               cost_in_tc = i."costInTc", std_profit = i."stdProfit", updated_at = now()
          from input i join old o using (code)
         where p.inventory_id = ${id}::uuid and p.code = i.code
           -- A supplier's side is taken as it was read: a new list version written meanwhile
           -- (supplier-reprice.ts) is not overwritten with the old cost.
           and (p.snapshot -> 'row_cross' ->> 'from_supplier' is distinct from 'true'
                or p.snapshot -> 'row_cross' = i.snapshot -> 'row_cross')
        returning o.std_price is not null and o.std_price is distinct from i."stdPrice" as price_changed
      )
      update inventories
         set updated_count = updated_count + (select count(*) from changed),
             price_changed_count = price_changed_count + (select count(*) from changed where price_changed),
             update_lease_until = now() + make_interval(secs => ${deps.leaseSeconds})
       where id = ${id}::uuid and update_lease_owner = ${deps.owner}
      returning id`);
    if (result.rows.length === 0) throw new LeaseLost(`lost the lease on inventory ${id}`);
  });
}

type Sides = { code: string; cross: ProductSide | typeof FULL; to: ProductSide | typeof FULL };

/**
 * A product's new row from both sides. One Amazon did not answer for (either side `noanswer`) has none:
 * it keeps its last snapshot, prices, stock and time rather than being taken down for a failed call, and
 * being among the stalest it is asked first next run.
 */
function toRow(code: string, cross: ProductSide, to: ProductSide, claimed: Claimed, fees?: FeeEstimate) {
  if (cross.status === 'noanswer' || to.status === 'noanswer') return [];
  const row: SnapshotRow = { product_id: code, row_cross: cross, row_to: to };
  return [
    {
      code,
      snapshot: { row_cross: cross, row_to: to },
      image: imageOf(row),
      ...priceForInventory(row, claimed.settings, { toRegion: claimed.to_country, lane: claimed.lane }, fees),
    },
  ];
}

/** How many of the inventory's products there are, and the ones this run refreshes, stalest first. */
async function runTodo(deps: UpdateDeps, id: string, claimed: Claimed) {
  const [{ products, listed }] = (
    await deps.db.execute<{ products: number; listed: number }>(
      sql`select count(*)::int as products, ${LISTED_COUNT} as listed
            from inventory_products p where p.inventory_id = ${id}::uuid`,
    )
  ).rows as [{ products: number; listed: number }];
  const allowance = deps.marketplace.allowance;
  const plan = planRun(
    { from: claimed.from_country, to: claimed.to_country, products, listed },
    allowance ? await loadDemand(deps.db) : [],
    allowance,
    deps.periodSeconds,
  );
  // Stalest first, to the hour (products added or updated together tie), then the dearest first.
  const todo = await deps.db.execute<{ code: string }>(sql`
    select code from inventory_products
     where inventory_id = ${id}::uuid
       and (updated_at is null or updated_at < ${claimed.started}::timestamptz)
     order by date_trunc('hour', updated_at) asc nulls first, std_price desc nulls last, code
     limit ${Math.max(0, plan.perRun - claimed.updated)}`);
  return { plan, codes: todo.rows.map((r) => r.code) };
}

/**
 * The `update-inventory` job, within Amazon's allowance (update-plan.ts): this run's share of the
 * products, stalest first, are light-checked in both countries (`refreshPrices`, the cheapest call that
 * carries a buy box and offer counts); those a light check cannot price (light-refresh.ts), or every
 * product when the provider has no light check, get a full lookup in the updates' lane, up to the
 * run's full budget. Each is re-priced with the inventory's settings and the run's counts kept.
 * Resumes after a crash; several workers can share the queue (one lease at a time).
 */
export async function updateInventory(deps: UpdateDeps, id: string): Promise<UpdateOutcome> {
  const claimed = await claim(deps, id);
  if (!claimed) return 'busy';
  const rates = deps.rates ? await priceWithLatestRates(deps.db, deps.rates, id, claimed) : null;
  claimed.lane = await laneNow(
    deps.db,
    claimed.user_id,
    claimed.from_country,
    claimed.to_country,
    claimed.settings.parity,
    rates,
  );
  const { plan, codes } = await runTodo(deps, id, claimed);
  const log = deps.logger.child({ inventoryId: id, products: codes.length, fraction: plan.fraction });
  log.info('updating inventory');
  const { marketplace } = deps;
  const from = claimed.from_country;
  const to = claimed.to_country;
  const needsSeller = needsBuyBoxSeller(claimed.settings);
  // The buying side quotes the lane's route, as a report's lookups do: a reship lane buys for home delivery.
  const route = lookupRoute(claimed.lane);
  const routed = route ? { route } : {};
  let fullLeft = plan.fullPerRun;
  // Renewals of old full lookups take at most their share, so fallbacks always find the rest.
  let renewLeft = plan.renewPerRun;
  const asOwner = ownerAccounts(deps.accounts, claimed.user_id);
  // Amazon's fee estimates the owner's account was given (reports' restrictions phase) price the products.
  const keptFees = (batch: string[]) => keptFeeEstimates(deps.db, claimed.user_id, to, batch);

  const lastSides = async (batch: string[]) => {
    const rows = await deps.db.execute<{ code: string; snapshot: Omit<SnapshotRow, 'product_id'> | null }>(
      sql`select code, snapshot from inventory_products
           where inventory_id = ${id}::uuid and code = any(${sql.param(batch)}::text[])`,
    );
    return new Map(rows.rows.map((r) => [r.code, r.snapshot]));
  };
  /** The batch's last snapshots, and light checks of those that have one (the others need a full lookup). */
  const check = async (batch: string[]) => {
    const [last, fees] = await Promise.all([lastSides(batch), keptFees(batch)]);
    const known = marketplace.refreshPrices ? batch.filter((code) => last.get(code)) : [];
    // A buying side from a supplier's list keeps the list's cost: the buying marketplace is not asked.
    const fromAmazon = known.filter((code) => !last.get(code)?.row_cross?.from_supplier);
    // Each side is checked with an operation that can answer for it: the seller's listings with their own.
    const listed = (side: 'row_cross' | 'row_to') =>
      new Set(known.filter((code) => last.get(code)?.[side]?.listed_by_seller));
    const [cross, toSide] = known.length
      ? await Promise.all([
          fromAmazon.length
            ? asOwner(from, (account) =>
                marketplace.refreshPrices!(fromAmazon, from, {
                  shipTo: to,
                  account,
                  listed: listed('row_cross'),
                  ...routed,
                }),
              )
            : Promise.resolve([]),
          asOwner(to, (account) =>
            marketplace.refreshPrices!(known, to, { shipTo: to, account, listed: listed('row_to') }),
          ),
        ])
      : [[], []];
    const byCode = (checks: PriceCheck[]) => new Map(checks.map((c) => [c.product_id, c]));
    return { last, fees, cross: byCode(cross), to: byCode(toSide) };
  };

  /** Full lookups of the sides that need one, a batch at a time, in the updates' lane. */
  const lookUp = async (pending: Sides[]) => {
    const ask = async (region: RegionCode, side: 'cross' | 'to') => {
      const ids = pending.filter((p) => p[side] === FULL).map((p) => p.code);
      const found = ids.length
        ? await asOwner(region, (account) =>
            // A run that feeds Amazon never reuses another report's cached answer: a sell-out must not
            // reach the listing late.
            marketplace.lookup(ids, region, {
              shipTo: to,
              lane: 'update',
              account,
              fresh: claimed.sync,
              ...(region === from ? routed : {}),
            }),
          )
        : [];
      return new Map(found.map((s) => [s.product_id, s.side]));
    };
    const [cross, toSide, fees] = await Promise.all([
      ask(from, 'cross'),
      ask(to, 'to'),
      keptFees(pending.map((p) => p.code)),
    ]);
    const at = new Date().toISOString();
    // A side looked up in full says when: its lowest offers and sellers are that fresh.
    const fresh = (side: ProductSide): ProductSide => ({ ...side, looked_up_at: at });
    const rows = pending.flatMap((p) =>
      toRow(
        p.code,
        p.cross === FULL ? fresh(cross.get(p.code)!) : p.cross,
        p.to === FULL ? fresh(toSide.get(p.code)!) : p.to,
        claimed,
        fees.get(p.code),
      ),
    );
    await writeBatch(deps, id, claimed.started, rows);
  };
  // Full lookups wait for the updates' lane; they run behind the light checks, one batch at a time.
  let fulls: Promise<void> = Promise.resolve();
  let pending: Sides[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length) fulls = fulls.then(() => lookUp(batch));
    fulls.catch(() => {}); // awaited before the run ends; a failure must not go unhandled meanwhile
  };

  const size = marketplace.batchSize;
  // Full lookups in the updates' lane may take longer than a lease between two writes: renewed meanwhile.
  const heartbeat = setInterval(
    () =>
      void deps.db
        .execute(
          sql`update inventories set update_lease_until = now() + make_interval(secs => ${deps.leaseSeconds})
               where id = ${id}::uuid and update_lease_owner = ${deps.owner}`,
        )
        .catch(() => {}),
    (deps.leaseSeconds * 1000) / 3,
  );
  heartbeat.unref();
  try {
    // The next batch is checked while the current one is written.
    let next = codes.length > 0 ? check(codes.slice(0, size)) : null;
    for (let i = 0; i < codes.length; i += size) {
      const batch = codes.slice(i, i + size);
      const answered = (await next)!;
      next = i + size < codes.length ? check(codes.slice(i + size, i + 2 * size)) : null;
      next?.catch(() => {}); // awaited on the next turn; a failure must not go unhandled meanwhile
      const ready: ReturnType<typeof toRow> = [];
      for (const code of batch) {
        const last = answered.last.get(code);
        const sides: Sides = {
          code,
          cross: last?.row_cross?.from_supplier
            ? last.row_cross
            : applyPriceCheck(last?.row_cross, answered.cross.get(code), { needsSeller: false }),
          to: applyPriceCheck(last?.row_to, answered.to.get(code), { needsSeller }),
        };
        // A side whose full lookup would pass the plan's age by the next visit is renewed while the
        // renewals' share lasts; past it, the light check stands and the side keeps its old date, shown
        // as such. A product with a side already going to a full lookup renews the other with it.
        const due = (side: ProductSide | typeof FULL) =>
          side !== FULL && !side.from_supplier && dueForFullLookup(side, plan);
        const pendingFull = sides.cross === FULL || sides.to === FULL;
        if ((due(sides.cross) || due(sides.to)) && (pendingFull || (renewLeft > 0 && fullLeft > 0))) {
          if (!pendingFull) renewLeft -= 1;
          if (due(sides.cross)) sides.cross = FULL;
          if (due(sides.to)) sides.to = FULL;
        }
        if (sides.cross !== FULL && sides.to !== FULL)
          ready.push(...toRow(code, sides.cross, sides.to, claimed, answered.fees.get(code)));
        else if (fullLeft > 0) {
          fullLeft -= 1;
          pending.push(sides);
          if (pending.length >= size) flush();
        }
        // Past the full budget: left as it was, and first next run.
      }
      if (ready.length) await writeBatch(deps, id, claimed.started, ready);
      if (i + size < codes.length && deps.stopping?.()) {
        pending = []; // not looked up: first next run
        await fulls;
        await deps.db.execute(sql`update inventories set update_lease_until = now()
          where id = ${id}::uuid and update_lease_owner = ${deps.owner}`);
        log.info('inventory handed back at shutdown');
        return 'handed-back';
      }
    }
    flush();
    await fulls;
    // Under the lease's heartbeat: up to ten minutes on restrictions' own allowance, never a failure.
    const rechecked = await recheckInventoryRestrictions(deps, {
      id,
      userId: claimed.user_id,
      to: claimed.to_country,
    });
    if (rechecked > 0) log.info({ rechecked }, 'listing restrictions re-checked');
  } catch (error) {
    if (error instanceof LeaseLost) {
      log.warn('another worker took the inventory over');
      return 'busy';
    }
    if (error instanceof NotAuthorisedError) {
      // Retrying cannot help until the seller connects again; the products keep their last prices.
      log.warn({ err: error }, 'inventory update failed: no Amazon authorisation serves it any more');
      await failInventoryUpdate(deps.db, id);
      return 'failed';
    }
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
  await deps.db.execute(sql`
    update inventories set update_status = 'done', update_finished_at = now(),
           update_lease_owner = null, update_lease_until = null,
           unavailable_count = (select count(*) from inventory_products p
                                 where p.inventory_id = ${id}::uuid and p.available = false)
     where id = ${id}::uuid and update_lease_owner = ${deps.owner}`);
  log.info('inventory updated');
  return 'done';
}
