import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import {
  FEED_WAITING_STATUSES,
  LISTING_RUN_RESULTS_PAGE,
  type ListingIssue,
  type ListingRun,
  type ListingRunCounts,
  type ListingRunResult,
  type RateSourceName,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiError } from '../../http/errors';

/**
 * A run's lease: renewed by the job working it (jobs.ts) every `RUN_LEASE_MS / 5`. A copy of the job
 * pg-boss starts again (its expiry passed while the first still works) finds the lease held and leaves the
 * run; a worker that died leaves a lease that runs out, and the sweep queues the run again.
 */
export const RUN_LEASE_MS = 5 * 60_000;
const LEASE = sql`make_interval(secs => ${RUN_LEASE_MS / 1000})`;
/** A run taken this many times without finishing is failed rather than taken again for ever. */
const MAX_CLAIMS = 5;
/** Rows written per statement. */
const WRITE_PART = 5_000;

/** Whose claim this is: the job that works the run sets it (`withRunOwner`); anyone else claims alone. */
const owners = new AsyncLocalStorage<string>();
export const withRunOwner = <T>(owner: string, work: () => Promise<T>) => owners.run(owner, work);

export const runBusy = () => apiError(409, 'listings_run_busy', 'apiErrors.listingsRunBusy');

/** Which of a run's results one view carries: the refusals or all, and which page of them. */
export type RunPage = { which: 'refusals' | 'all'; page: number };

type RunRow = {
  id: string;
  mode: 'preview' | 'publish';
  status: ListingRun['status'];
  created_at: Date | string;
  finished_at: Date | string | null;
  total: number;
  tally: Tally | null;
  rates_source: RateSourceName | null;
  rates_as_of: string | null;
};
/** The products a run covers: those it named, or the inventory's (as many as it has now). */
const totalNow = sql`coalesce(jsonb_array_length(product_ids),
  (select count(*) from inventory_products p where p.inventory_id = listing_runs.inventory_id))::int`;
const runColumns = sql`id, mode, status, created_at, finished_at, coalesce(total, ${totalNow}) as total, tally,
  rates_source, rates_as_of`;

type Tally = {
  outcome: ListingRunResult['outcome'];
  feed_id: string | null;
  feed_status: string | null;
  n: number;
}[];
/** Counts the run's results again (after a save, or a late feed's outcome) into `tally`. */
const retally = (runIds: SQL) => sql`
  update listing_runs r set tally = coalesce((
    select jsonb_agg(g) from (
      select outcome, feed_id, min(feed_status) as feed_status, count(*)::int as n
        from listing_run_results v where v.run_id = r.id group by outcome, feed_id) g), '[]'::jsonb)
   where r.id = any(${runIds})`;

/** A result as its row holds it (the feed in two columns). */
type ResultRow = {
  product_id: string;
  sku: string;
  outcome: ListingRunResult['outcome'];
  left_out: ListingRunResult['left_out'];
  issues: ListingIssue[];
  feed_id: string | null;
  feed_status: string | null;
};
const toRow = (r: ListingRunResult): ResultRow => ({
  product_id: r.product_id,
  sku: r.sku,
  outcome: r.outcome,
  left_out: r.left_out,
  issues: r.issues,
  feed_id: r.feed?.id ?? null,
  feed_status: r.feed?.status ?? null,
});
const fromRow = (r: ResultRow): ListingRunResult => ({
  product_id: r.product_id,
  sku: r.sku,
  outcome: r.outcome,
  left_out: r.left_out,
  issues: r.issues,
  ...(r.feed_id !== null && { feed: { id: r.feed_id, status: r.feed_status ?? '' } }),
});

const REFUSED = ['invalid', 'failed', 'left_out'] as const;

/** A run as the API shows it: counts by outcome, its feeds, and one page of its results. */
export async function runView(
  db: Db,
  run: RunRow,
  page: RunPage = { which: 'refusals', page: 1 },
): Promise<ListingRun> {
  // Counted when the run saved its results (`tally`), not at every poll of a 50,000-product run; a run
  // whose rows were written otherwise (before the tally existed) is counted here.
  const groups = run.tally
    ? { rows: run.tally }
    : await db.execute<Tally[number]>(sql`
        select outcome, feed_id, min(feed_status) as feed_status, count(*)::int as n
          from listing_run_results where run_id = ${run.id}::uuid group by outcome, feed_id`);
  const counts: ListingRunCounts = { checked: 0, valid: 0, invalid: 0, accepted: 0, left_out: 0, failed: 0 };
  const feeds = new Map<string, { id: string; status: string; products: number; waiting: boolean }>();
  for (const g of groups.rows) {
    counts.checked += g.n;
    counts[g.outcome] += g.n;
    if (g.feed_id === null) continue;
    const status = g.feed_status ?? '';
    const seen = feeds.get(g.feed_id);
    if (seen) seen.products += g.n;
    else
      feeds.set(g.feed_id, {
        id: g.feed_id,
        status,
        products: g.n,
        waiting: (FEED_WAITING_STATUSES as readonly string[]).includes(status),
      });
  }
  const refusalsOnly = page.which === 'refusals';
  const matching = refusalsOnly ? REFUSED.reduce((n, o) => n + counts[o], 0) : counts.checked;
  const results =
    matching === 0 && run.tally !== null
      ? { rows: [] as ResultRow[] }
      : await db.execute<ResultRow>(sql`
    select product_id, sku, outcome, left_out, issues, feed_id, feed_status from listing_run_results
     where run_id = ${run.id}::uuid
       ${refusalsOnly ? sql`and outcome in ('invalid', 'failed', 'left_out')` : sql``}
     order by product_id limit ${LISTING_RUN_RESULTS_PAGE}
    offset ${(page.page - 1) * LISTING_RUN_RESULTS_PAGE}`);
  const finished = run.status === 'done' || run.status === 'failed';
  return {
    id: run.id,
    mode: run.mode,
    status: run.status,
    created_at: new Date(run.created_at).toISOString(),
    finished_at: run.finished_at === null ? null : new Date(run.finished_at).toISOString(),
    results: results.rows.map(fromRow),
    results_page: {
      page: page.page,
      page_size: LISTING_RUN_RESULTS_PAGE,
      total: matching,
    },
    counts,
    total: Math.max(run.total, counts.checked),
    via: finished ? (feeds.size ? 'feed' : 'items') : null,
    rates_of:
      run.rates_source && run.rates_as_of ? { source: run.rates_source, as_of: run.rates_as_of } : null,
    feeds: [...feeds.values()],
  };
}

/** The inventory's last run, as stored; undefined before its first. */
export async function lastRunRow(db: Db, inventoryId: string) {
  const rows = await db.execute<RunRow>(sql`select ${runColumns} from listing_runs
    where inventory_id = ${inventoryId}::uuid order by created_at desc, id desc limit 1`);
  return rows.rows[0];
}

/**
 * A new run, queued; 409 `listings_run_busy` while another run of the inventory is queued or running (the
 * partial unique index decides, so two requests at once cannot both get one).
 */
export async function insertRun(
  db: Db,
  userId: string,
  inventoryId: string,
  mode: 'preview' | 'publish',
  productIds: string[] | null,
  /** Put these products again although they are listed (publish-rails.ts). */
  republish = false,
): Promise<ListingRun> {
  const rows = await db.execute<RunRow>(sql`
    insert into listing_runs (inventory_id, user_id, mode, product_ids, republish, rates_source, rates_as_of)
    select ${inventoryId}::uuid, ${userId}, ${mode}, ${productIds === null ? null : JSON.stringify(productIds)}::jsonb,
           ${republish}, i.rates_source, i.rates_as_of
      from inventories i where i.id = ${inventoryId}::uuid
    on conflict do nothing
    returning ${runColumns}`);
  if (!rows.rows[0]) throw runBusy();
  return runView(db, rows.rows[0]);
}

/**
 * What was last written of each running run in this process, by product: progress writes only the
 * results that are new or changed since, not the whole run again.
 */
const written = new Map<string, Map<string, { result: ListingRunResult; text: string }>>();

async function writeResults(db: Db, runId: string, results: ListingRunResult[], onlyRunning: boolean) {
  const seen = written.get(runId) ?? new Map<string, { result: ListingRunResult; text: string }>();
  written.set(runId, seen);
  const fresh: ResultRow[] = [];
  for (const r of results) {
    const before = seen.get(r.product_id);
    // The same verdict object as last time is unchanged; only another one is compared as text.
    if (before?.result === r) continue;
    const row = toRow(r);
    const text = JSON.stringify(row);
    seen.set(r.product_id, { result: r, text });
    if (before?.text === text) continue;
    fresh.push(row);
  }
  for (let i = 0; i < fresh.length; i += WRITE_PART)
    await db.execute(sql`
      insert into listing_run_results (run_id, product_id, sku, outcome, left_out, issues, feed_id, feed_status)
      select ${runId}::uuid, r.product_id, r.sku, r.outcome, r.left_out, coalesce(r.issues, '[]'::jsonb),
             r.feed_id, r.feed_status
        from jsonb_to_recordset(${JSON.stringify(fresh.slice(i, i + WRITE_PART))}::jsonb)
          as r(product_id text, sku text, outcome text, left_out text, issues jsonb, feed_id text, feed_status text)
       where ${onlyRunning ? sql`exists (select 1 from listing_runs where id = ${runId}::uuid and status = 'running')` : sql`true`}
      on conflict (run_id, product_id) do update set sku = excluded.sku, outcome = excluded.outcome,
        left_out = excluded.left_out, issues = excluded.issues, feed_id = excluded.feed_id,
        feed_status = excluded.feed_status`);
  if (fresh.length) await db.execute(retally(sql`array[${runId}::uuid]`));
}

export async function finishRun(
  db: Db,
  runId: string,
  status: 'done' | 'failed',
  results: ListingRunResult[],
  error?: string,
) {
  try {
    await writeResults(db, runId, results, false);
  } finally {
    written.delete(runId);
  }
  await db.execute(sql`update listing_runs set status = ${status}, error = ${error ?? null}, finished_at = now(),
    lease_owner = null, lease_until = null where id = ${runId}::uuid`);
}

/** A running run's verdicts so far (its products in order, left-out ones included): only what is new. */
export async function saveRunProgress(db: Db, runId: string, results: ListingRunResult[]) {
  await writeResults(db, runId, results, true);
}

/**
 * Takes a run for this job: a queued one, or a running one whose lease ran out (its worker died). Never a
 * run another job holds, and never a second run of the same seller while one is running: a seller's runs
 * take turns (the job queues the run again a little later), so one seller's long dry runs cannot fill
 * every worker's slots. Undefined when the run cannot be taken now.
 */
export async function claimRun(db: Db, runId: string) {
  const owner = owners.getStore() ?? randomUUID();
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ user_id: string }>(
      sql`select user_id from listing_runs where id = ${runId}::uuid`,
    );
    if (!found.rows[0]) return undefined;
    // Two workers claiming two runs of one seller at once must not both see the other as not running.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('listing-runs'), hashtext(${found.rows[0].user_id}))`,
    );
    const rows = await tx.execute<{
      id: string;
      inventory_id: string;
      user_id: string;
      mode: 'preview' | 'publish';
      product_ids: string[] | null;
      republish: boolean;
    }>(sql`update listing_runs r set status = 'running', lease_owner = ${owner},
             lease_until = now() + ${LEASE}, claims = claims + 1,
             total = coalesce(jsonb_array_length(r.product_ids),
               (select count(*) from inventory_products p where p.inventory_id = r.inventory_id))::int
           where r.id = ${runId}::uuid and r.claims < ${MAX_CLAIMS}
             and (r.status = 'queued' or (r.status = 'running' and (r.lease_until is null or r.lease_until < now())))
             and not exists (select 1 from listing_runs o where o.user_id = r.user_id and o.id <> r.id
                               and o.status = 'running' and o.lease_until > now())
           returning r.id, r.inventory_id, r.user_id, r.mode, r.product_ids, r.republish`);
    return rows.rows[0];
  });
}

/** Where a run stands for its job: what to do when it could not be claimed. */
export async function runStanding(db: Db, runId: string) {
  const rows = await db.execute<{ status: string; held: boolean; claims: number }>(sql`
    select status, coalesce(lease_until > now(), false) as held, claims from listing_runs where id = ${runId}::uuid`);
  const r = rows.rows[0];
  if (!r || r.status === 'done' || r.status === 'failed') return 'finished' as const;
  if (r.claims >= MAX_CLAIMS && !r.held) {
    await db.execute(sql`update listing_runs set status = 'failed', error = 'gave_up', finished_at = now(),
      lease_owner = null, lease_until = null where id = ${runId}::uuid and status in ('queued', 'running')`);
    return 'given-up' as const;
  }
  return r.status === 'running' && r.held ? ('held' as const) : ('waiting' as const);
}

/** Renews the lease while the job works; false once the run is no longer this owner's. */
export async function renewRunLease(db: Db, runId: string, owner: string) {
  const rows = await db.execute(sql`update listing_runs set lease_until = now() + ${LEASE}
    where id = ${runId}::uuid and lease_owner = ${owner} and status = 'running' returning id`);
  return rows.rows.length > 0;
}

/** The job failed: its lease goes at once, so pg-boss's retry may take the run again. */
export async function releaseRunLease(db: Db, runId: string, owner: string) {
  await db.execute(sql`update listing_runs set lease_until = now()
    where id = ${runId}::uuid and lease_owner = ${owner} and status = 'running'`);
}

/** Runs whose job is lost: running with the lease run out, or queued for a while (the sweep queues them). */
export async function stalledRuns(db: Db): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select id from listing_runs
     where (status = 'running' and (lease_until is null or lease_until < now()))
        or (status = 'queued' and created_at < now() - interval '10 minutes')
     limit 200`);
  return rows.rows.map((r) => r.id);
}

/**
 * A late feed's outcome on the publish runs that sent it (late-feeds.ts): per product the feed's final
 * status and, where Amazon refused or stopped it, the outcome and issues; a taken one loses our "still
 * processing" note.
 */
export async function settleRunResults(
  db: Db,
  feedId: string,
  status: string,
  inventoryIds: string[],
  decided: { code: string; outcome: 'invalid' | 'failed' | null; issues: ListingIssue[] }[],
) {
  if (decided.length === 0) return;
  await db.execute(sql`
    update listing_run_results v set feed_status = ${status},
      outcome = coalesce(d.outcome, v.outcome),
      issues = case when d.outcome is not null then d.issues
                    else coalesce((select jsonb_agg(e) from jsonb_array_elements(v.issues) e
                                    where e ->> 'code' <> 'FEED_PENDING'), '[]'::jsonb) end
      from jsonb_to_recordset(${JSON.stringify(decided)}::jsonb) as d(code text, outcome text, issues jsonb),
           listing_runs r
     where v.feed_id = ${feedId} and v.product_id = d.code and r.id = v.run_id and r.mode = 'publish'
       and r.inventory_id = any(${sql.param(inventoryIds)}::uuid[])`);
  await db.execute(
    retally(sql`array(select distinct run_id from listing_run_results where feed_id = ${feedId})`),
  );
}
