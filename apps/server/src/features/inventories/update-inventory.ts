import { JOB_NAMES, type PricingSettings, type ProductSnapshot, type RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { MarketplaceProvider } from '../../providers/marketplace/types';
import { imageOf, priceForInventory, type SnapshotRow } from './pricing';

export interface UpdateDeps {
  db: Db;
  marketplace: MarketplaceProvider;
  logger: Logger;
  leaseSeconds: number;
  /** This worker's name in `inventories.update_lease_owner`. */
  owner: string;
  /** True once the worker is shutting down: the inventory is handed back between batches. */
  stopping?: () => boolean;
}

export type UpdateOutcome = 'done' | 'busy' | 'idle' | 'handed-back';

class LeaseLost extends Error {}

type Claimed = {
  from_country: RegionCode;
  to_country: RegionCode;
  settings: PricingSettings;
  started: string;
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
    returning from_country, to_country, settings,
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
          "maxPrice" float8, stock int)
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
               updated_at = now()
          from input i join old o using (code)
         where p.inventory_id = ${id}::uuid and p.code = i.code
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

/**
 * The batch's new rows. A product Amazon did not answer for (either side `noanswer`) is left out: it keeps
 * its last snapshot, prices and stock rather than being taken down for a failed call, and the next run
 * asks again.
 */
const toRows = (cross: ProductSnapshot[], to: ProductSnapshot[], claimed: Claimed) =>
  cross.flatMap((c, i) => {
    const row: SnapshotRow = { product_id: c.product_id, row_cross: c.side, row_to: to[i]!.side };
    if (row.row_cross.status === 'noanswer' || row.row_to.status === 'noanswer') return [];
    return {
      code: c.product_id,
      snapshot: { row_cross: row.row_cross, row_to: row.row_to },
      image: imageOf(row),
      ...priceForInventory(row, claimed.settings, claimed.to_country),
    };
  });

/**
 * The `update-inventory` job: looks every product of the inventory up again in both countries (the
 * report pipeline's provider, batching and pacing), re-prices it with the inventory's settings and keeps
 * the run's counts. Resumes after a crash; several workers can share the queue (one lease at a time).
 */
export async function updateInventory(deps: UpdateDeps, id: string): Promise<UpdateOutcome> {
  const claimed = await claim(deps, id);
  if (!claimed) return 'busy';
  const todo = await deps.db.execute<{ code: string }>(sql`
    select code from inventory_products
     where inventory_id = ${id}::uuid
       and (updated_at is null or updated_at < ${claimed.started}::timestamptz)
     order by code`);
  const codes = todo.rows.map((r) => r.code);
  const log = deps.logger.child({ inventoryId: id, products: codes.length });
  log.info('updating inventory');
  const lookup = (batch: string[]) =>
    Promise.all([
      deps.marketplace.lookup(batch, claimed.from_country, { shipTo: claimed.to_country }),
      deps.marketplace.lookup(batch, claimed.to_country, { shipTo: claimed.to_country }),
    ]);
  const size = deps.marketplace.batchSize;
  try {
    // The next batch is looked up while the current one is written.
    let next = codes.length > 0 ? lookup(codes.slice(0, size)) : null;
    for (let i = 0; next; i += size) {
      const [cross, to] = await next;
      next = i + size < codes.length ? lookup(codes.slice(i + size, i + 2 * size)) : null;
      next?.catch(() => {}); // awaited on the next turn; a failure must not go unhandled meanwhile
      await writeBatch(deps, id, claimed.started, toRows(cross, to, claimed));
      if (next && deps.stopping?.()) {
        await deps.db.execute(sql`update inventories set update_lease_until = now()
          where id = ${id}::uuid and update_lease_owner = ${deps.owner}`);
        log.info('inventory handed back at shutdown');
        return 'handed-back';
      }
    }
  } catch (error) {
    if (error instanceof LeaseLost) {
      log.warn('another worker took the inventory over');
      return 'busy';
    }
    throw error;
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

/** An update that ran out of retries: marked failed (the products keep their last prices). */
export async function failInventoryUpdate(db: Db, id: string) {
  await db.execute(sql`update inventories set update_status = 'failed', update_finished_at = now(),
    update_lease_owner = null, update_lease_until = null
    where id = ${id}::uuid and update_status in ('queued', 'running')`);
}

/** The daily schedule: every inventory with products not already updating is queued. */
export async function queueDailyUpdates(db: Db, queue: JobQueue): Promise<number> {
  const queued = await db.execute<{ id: string }>(sql`
    update inventories i set update_status = 'queued', update_queued_at = now()
     where i.update_status not in ('queued', 'running')
       and exists (select 1 from inventory_products p where p.inventory_id = i.id)
    returning id`);
  for (const { id } of queued.rows) {
    await queue.send(JOB_NAMES.updateInventory, { inventory_id: id }, { singletonKey: id });
  }
  return queued.rows.length;
}

/**
 * Updates that should be running but are not: a lease that ran out (the worker died), or queued long
 * ago with no job taking it (the enqueue was lost). The worker's sweep queues them again.
 */
export async function findStalledUpdates(db: Db): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select id from inventories
     where (update_status = 'running' and update_lease_until < now())
        or (update_status = 'queued' and update_queued_at < now() - interval '5 minutes')
     limit 100`);
  return rows.rows.map((r) => r.id);
}
