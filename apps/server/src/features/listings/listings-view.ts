import {
  listingsViewQuerySchema,
  type ListingCounts,
  type ListingsView,
  type ListingsViewFilters as Query,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedInventory, toIssue, type ListingRow } from './repo';
import { lastRunRow, runView } from './run-results';

/** The listings a view's filters keep, as SQL over `listings`. */
function matching(q: Query): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.state) parts.push(sql`state = ${q.state}`);
  // Needs the seller: Amazon refused or flagged it, or Seller Central changed it (drift waits for a choice).
  if (q.attention !== undefined)
    parts.push(sql`(state = 'needs_attention' or drift is not null) = ${q.attention}`);
  // Held back by sync until the seller chooses: a figure changed in Seller Central.
  if (q.held !== undefined) parts.push(sql`(drift is not null) = ${q.held}`);
  return sql.join(parts, sql` and `);
}

/**
 * How many listings are in each state, need the seller or are held, and match the filters. Each count
 * reads an index (by state; the partial one of those needing the seller) rather than every listing; only
 * a combination of filters is counted over the listings themselves.
 */
async function countsOf(db: Db, id: string, q: Query, filter: SQL) {
  const rows = await db.execute<{ states: Record<string, number>; attention: number; held: number }>(sql`
    select (select coalesce(jsonb_object_agg(state, n), '{}'::jsonb)
              from (select state, count(*)::int as n from listings where inventory_id = ${id}::uuid
                     group by state) s) as states,
           (select count(*)::int from listings where inventory_id = ${id}::uuid
               and (state = 'needs_attention' or drift is not null)) as attention,
           (select count(*)::int from listings where inventory_id = ${id}::uuid
               and (state = 'needs_attention' or drift is not null) and drift is not null) as held`);
  const { states, attention, held } = rows.rows[0]!;
  const all = Object.values(states).reduce((n, v) => n + v, 0);
  const counts: ListingCounts = {
    all,
    pending: states.pending ?? 0,
    live: states.live ?? 0,
    needs_attention: states.needs_attention ?? 0,
    removed: states.removed ?? 0,
    attention,
    held,
  };
  const filters = [q.state, q.attention, q.held].filter((f) => f !== undefined).length;
  let matching: number;
  if (filters === 0) matching = all;
  else if (filters === 1 && q.state) matching = counts[q.state];
  else if (filters === 1 && q.attention !== undefined) matching = q.attention ? attention : all - attention;
  else if (filters === 1 && q.held !== undefined) matching = q.held ? held : all - held;
  else
    matching = (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from listings where inventory_id = ${id}::uuid and ${filter}`,
      )
    ).rows[0]!.n;
  return { ...counts, matching };
}

/**
 * GET /api/inventories/:id/listings; undefined when the inventory is not the user's. One page of the
 * listings the filters keep (in product order), the counts for the filters' labels, and the last run with
 * its counts and one page of its results: bounded whatever the inventory's size or the run's.
 */
export async function listingsView(
  db: Db,
  userId: string,
  id: string,
  q: Query = listingsViewQuerySchema.parse({}),
): Promise<ListingsView | undefined> {
  const inventory = await ownedInventory(db, userId, id);
  if (!inventory) return undefined;
  // The run first, then the listings: read side by side, on two connections, the listings could be read
  // before a run that finished meanwhile, and a finished run would show listings older than its outcome.
  // Only the run's row (its status) must come first; its counts and results may be read beside them.
  const runRow = await lastRunRow(db, id);
  const filter = matching(q);
  const [run, counts, page] = await Promise.all([
    runRow ? runView(db, runRow, { which: q.results, page: q.results_page }) : null,
    countsOf(db, id, q, filter),
    db.execute<ListingRow>(sql`
      select id, code, sku, marketplace_id, state, pushed_price, pushed_min_price, pushed_max_price,
             pushed_quantity, pushed_at, issues, drift, kept_from_amazon
        from listings where inventory_id = ${id}::uuid and ${filter}
       order by code limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  ]);
  const { matching: total, ...byState } = counts;
  const hold = inventory.hold && !inventory.hold.released ? inventory.hold : null;
  return {
    sync: {
      enabled: inventory.enabled,
      paused: inventory.paused,
      account_paused: inventory.account_paused,
      hold: hold && {
        at: hold.at,
        changed: hold.changed,
        total: hold.total,
        zeroed: hold.zeroed ?? 0,
        restocked: hold.restocked ?? 0,
        ...(hold.parity ? { parity: hold.parity } : {}),
      },
    },
    listings: page.rows.map((r) => ({
      product_id: r.code,
      sku: r.sku,
      marketplace_id: r.marketplace_id,
      state: r.state,
      price: r.pushed_price,
      min_price: r.pushed_min_price,
      max_price: r.pushed_max_price,
      quantity: r.pushed_quantity,
      pushed_at: r.pushed_at === null ? null : new Date(r.pushed_at).toISOString(),
      issues: r.issues.map(toIssue),
      drift: r.drift,
      kept_from_amazon: r.kept_from_amazon,
    })),
    page: { page: q.page, page_size: q.page_size, total },
    counts: byState,
    last_run: run,
  };
}
