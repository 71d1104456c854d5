import type { ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { sandboxSnapshot } from '../../src/providers/marketplace/sandbox';
import { SANDBOX_BASELINE_DAY } from './sandbox';
import { sandboxRestriction } from '../../src/providers/marketplace/sandbox-restrictions';
import { injectJson } from './auth';

/** Products of an inventory as an update leaves them: priced, with a snapshot of both sides. */
export async function seedPricedProducts(
  db: Db,
  inventoryId: string,
  userId: string,
  products: {
    code: string;
    std: number;
    min?: number;
    max?: number;
    stock?: number;
    available?: boolean;
    crossStatus?: string;
  }[],
) {
  const rows = products.map((p) => ({
    code: p.code,
    std: p.std,
    min: p.min ?? Math.round(p.std * 85) / 100,
    max: p.max ?? Math.round(p.std * 150) / 100,
    stock: p.stock ?? 5,
    available: p.available ?? true,
    snapshot: { row_cross: { status: p.crossStatus ?? 'ok' }, row_to: { status: 'ok' } },
  }));
  await db.execute(sql`
    insert into inventory_products (inventory_id, user_id, code, snapshot, available, min_price, std_price,
                                    max_price, stock, updated_at)
    select ${inventoryId}::uuid, ${userId}, r.code, r.snapshot, r.available, r.min, r.std, r.max, r.stock, now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(code text, snapshot jsonb, available boolean, min float8, std float8, max float8, stock int)
    on conflict (inventory_id, code) do update set snapshot = excluded.snapshot, available = excluded.available,
      min_price = excluded.min_price, std_price = excluded.std_price, max_price = excluded.max_price,
      stock = excluded.stock, updated_at = now()`);
}

/**
 * A dry run finished just now that found these products valid, as if the seller had run one: a publish
 * leaves out what no dry run of the last 24 hours gave a verdict (issue 56), so a test that publishes
 * through the job's function, not the route, seeds the verdicts its products need.
 */
export async function seedDryRun(db: Db, userId: string, inventoryId: string, codes: readonly string[]) {
  const run = await db.execute<{ id: string }>(sql`
    insert into listing_runs (inventory_id, user_id, mode, status, product_ids, total, finished_at)
    values (${inventoryId}::uuid, ${userId}, 'preview', 'done', ${JSON.stringify(codes)}::jsonb,
            ${codes.length}, now())
    returning id`);
  await db.execute(sql`
    insert into listing_run_results (run_id, product_id, sku, outcome)
    select ${run.rows[0]!.id}::uuid, code, 'DRY-RUN-' || code, 'valid'
      from unnest(${sql.param([...codes])}::text[]) as c(code)`);
}

/** GET …/listings, expecting 200; the last run's results of every outcome (its first 100). */
export async function listingsOf(app: App, cookie: string, inventoryId: string): Promise<ListingsView> {
  const res = await injectJson(app, 'GET', `/api/inventories/${inventoryId}/listings?results=all`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Waits until the inventory's last run is finished, and answers the listings view then. */
export async function waitForRun(app: App, cookie: string, inventoryId: string, runId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const view = await listingsOf(app, cookie, inventoryId);
    if (view.last_run?.id === runId && ['done', 'failed'].includes(view.last_run.status)) return view;
    if (Date.now() > deadline)
      throw new Error(`run ${runId} did not finish: ${JSON.stringify(view.last_run)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Asks for a dry run or a publish (expecting 202) and waits for it: the listings view once it is finished. */
export async function listingsRun(
  app: App,
  cookie: string,
  inventoryId: string,
  mode: 'preview' | 'publish',
  productIds?: string[],
) {
  const res = await injectJson(app, 'POST', `/api/inventories/${inventoryId}/listings`, cookie, {
    mode,
    ...(productIds && { product_ids: productIds }),
  });
  expect(res.statusCode, res.body).toBe(202);
  return waitForRun(app, cookie, inventoryId, res.json<{ id: string }>().id);
}

/** A publish as a seller makes one: the dry run of the same products, then the publish; the view after it. */
export async function dryRunThenPublish(
  app: App,
  cookie: string,
  inventoryId: string,
  productIds?: string[],
) {
  await listingsRun(app, cookie, inventoryId, 'preview', productIds);
  return listingsRun(app, cookie, inventoryId, 'publish', productIds);
}

/**
 * `count` sandbox products Canada lets anyone list (so the sandbox store takes them), searched from
 * `from` upwards: test files that share nothing take different ranges.
 */
export function listableInCanada(count: number, from: number) {
  const found: string[] = [];
  for (let i = from; found.length < count && i < from + 2000; i++) {
    const id = `B${String(i).padStart(9, '0')}`;
    const to = sandboxSnapshot(id, 'ca', { shipTo: 'ca', role: 'to', today: SANDBOX_BASELINE_DAY });
    if (to.side.status === 'ok' && sandboxRestriction(to, 'ca').state === 'can_list') found.push(id);
  }
  return found;
}
