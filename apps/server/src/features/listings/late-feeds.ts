import type { RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FeedReport, ListingIssue, StoreTarget } from '../../providers/seller-store';
import { feedBudget } from './feed-budget';
import { refusals, reportIssues, running } from './feed-follow';
import type { ListingsDeps } from './publish';
import { stopped } from './publish-by-feed';
import { readBack } from './read-back';
import { applyOutcomes } from './record-push';
import { toIssue } from './repo';
import { settleRunResults } from './run-results';
import { storeTarget } from './store-target';

/**
 * How long a push waiting on its feed is followed: Amazon reports a feed taking up to eight hours under
 * load, and feeds stuck IN_PROGRESS for days that only seller support clears (reference §4.5); a feed is
 * kept 90 days, its documents two. Past this the push keeps Amazon's last status and is no longer asked
 * about, and the listing is no longer taken as in flight (`inFlight`).
 */
const FOLLOW_FOR = sql`interval '3 days'`;
/** The job's cadence (`JOB_SCHEDULES`): a feed is asked once more within this of leaving the window. */
const EVERY_MS = 10 * 60_000;
const FOLLOW_MS = 3 * 24 * 3600_000;

/** The listings of the inventory with a push still waiting on its feed: a sync neither reads nor pushes them. */
export async function inFlight(db: Db, inventoryId: string): Promise<Set<string>> {
  const rows = await db.execute<{ id: string }>(sql`
    select distinct l.id from listings l join listing_pushes h on h.listing_id = l.id
     where l.inventory_id = ${inventoryId}::uuid and h.status in ('IN_QUEUE', 'IN_PROGRESS')
       and h.submission_id is not null and h.at > now() - ${FOLLOW_FOR}`);
  return new Set(rows.rows.map((r) => r.id));
}

type Waiting = { feed_id: string; user_id: string; country: RegionCode; oldest: Date | string };

type Push = {
  id: string;
  listing_id: string;
  inventory_id: string;
  code: string;
  sku: string;
  state: string;
  reason: string;
  message_id: number | null;
  new_price: number | null;
  new_quantity: number | null;
  min: number | null;
  max: number | null;
};

/** The push's status and, for a DONE feed, Amazon's refusals of its message. */
function outcomeOf(
  push: Push,
  result: { status: string; report?: FeedReport },
  byMessage: Map<number, ListingIssue[]>,
) {
  if (result.status !== 'DONE') return { status: result.status, refused: [] as ListingIssue[] };
  // A push written before message ids were kept is found by its SKU (one message per SKU in a feed).
  const issues =
    push.message_id !== null
      ? byMessage.get(push.message_id)
      : (result.report?.issues ?? [])
          .filter((i) => i.sku === push.sku)
          .map((i) => ({ code: i.code ?? 'FEED_ISSUE', message: i.message, severity: i.severity }));
  const refused = refusals(issues);
  return { status: refused.length ? 'INVALID' : 'ACCEPTED', refused };
}

/**
 * The publish run that sent the feed says how it ended, as if it had waited: the feed's status (no longer
 * waiting on Amazon), and per product what the report or the stop made of it.
 */
async function settleRuns(
  db: Db,
  feedId: string,
  status: string,
  decided: { push: Push; status: string; refused: ListingIssue[] }[],
) {
  const inventories = [...new Set(decided.map((d) => d.push.inventory_id))];
  if (inventories.length === 0) return;
  await settleRunResults(
    db,
    feedId,
    status,
    inventories,
    decided.map((d) =>
      d.status === 'INVALID'
        ? { code: d.push.code, outcome: 'invalid' as const, issues: d.refused.map(toIssue) }
        : d.status !== 'ACCEPTED'
          ? { code: d.push.code, outcome: 'failed' as const, issues: [toIssue(stopped(status))] }
          : { code: d.push.code, outcome: null, issues: [] },
    ),
  );
}

/**
 * One ended feed's outcome on its waiting pushes. Each push is claimed by moving it off IN_QUEUE /
 * IN_PROGRESS, so two runs of the job never apply one twice. A sync's push goes as if Amazon had answered
 * it then (record-push.ts `applyOutcomes`: taken, the listing's pushed figures are the push's, so the next
 * read-back sees no drift; refused, it needs attention). A publish's listing, while still pending: refused
 * or stopped, it needs attention and is cleared of what was pushed (a retry publishes it again); taken, it
 * is read back like any publish, and the run that sent it says how the feed ended (`settleRuns`).
 */
async function applyFeed(
  deps: ListingsDeps,
  target: StoreTarget,
  feedId: string,
  result: { status: string; report?: FeedReport },
) {
  const waiting = await deps.db.execute<Push>(sql`
    select h.id::text, h.listing_id, l.inventory_id, l.code, l.sku, l.state, h.reason, h.message_id,
           h.new_price, h.new_quantity, l.pushed_min_price as min, l.pushed_max_price as max
      from listing_pushes h join listings l on l.id = h.listing_id
     where h.submission_id = ${feedId} and h.status in ('IN_QUEUE', 'IN_PROGRESS')`);
  const byMessage = reportIssues(result.report);
  const decided = waiting.rows.map((p) => ({ push: p, ...outcomeOf(p, result, byMessage) }));
  const claimed = await deps.db.execute<{ id: string }>(sql`
    update listing_pushes h set status = d.status
      from jsonb_to_recordset(${JSON.stringify(decided.map((d) => ({ id: d.push.id, status: d.status })))}::jsonb)
        as d(id bigint, status text)
     where h.id = d.id and h.status in ('IN_QUEUE', 'IN_PROGRESS')
    returning h.id::text`);
  const mine = new Set(claimed.rows.map((r) => r.id));
  const ours = decided.filter((d) => mine.has(d.push.id));

  const [publishes, syncs] = [
    ours.filter((d) => d.push.reason === 'publish'),
    ours.filter((d) => d.push.reason !== 'publish'),
  ];
  await applyOutcomes(
    deps.db,
    syncs.map(({ push: p, status, refused }) => ({
      id: p.listing_id,
      status,
      issues: refused,
      new_price: p.new_price,
      min: p.min,
      max: p.max,
      new_quantity: p.new_quantity,
      zeroed: p.new_quantity === 0,
    })),
  );
  // Only a listing still pending: one removed meanwhile, or turned live by a retry's read-back, keeps that.
  const unlisted = publishes
    .filter((d) => d.status !== 'ACCEPTED' && d.push.state === 'pending')
    .map((d) => ({
      id: d.push.listing_id,
      issues: d.status === 'INVALID' ? d.refused : [stopped(d.status)],
    }));
  if (unlisted.length)
    await deps.db.execute(sql`update listings l set state = 'needs_attention', issues = u.issues,
        pushed_price = null, pushed_min_price = null, pushed_max_price = null, pushed_quantity = null,
        pushed_at = null
      from jsonb_to_recordset(${JSON.stringify(unlisted)}::jsonb) as u(id uuid, issues jsonb)
     where l.id = u.id and l.state = 'pending'`);
  const taken = publishes.filter((d) => d.status === 'ACCEPTED' && d.push.state === 'pending');
  const byInventory = new Map<string, { product_id: string; sku: string }[]>();
  for (const { push: p } of taken)
    byInventory.set(p.inventory_id, [
      ...(byInventory.get(p.inventory_id) ?? []),
      { product_id: p.code, sku: p.sku },
    ]);
  for (const [inventoryId, listings] of byInventory) await readBack(deps, target, inventoryId, listings);
  await settleRuns(deps.db, feedId, result.status, publishes);
  return { pushes: ours.length, refused: ours.filter((d) => d.status === 'INVALID').length };
}

/**
 * The `follow-listing-feeds` job, every ten minutes: a publish follows its feed 10 minutes and a sync 2
 * hours, Amazon can take longer. Each feed with pushes still waiting on it (of the last three days) is
 * asked about once, under its seller's own authorisation; one that has ended gets its outcome applied
 * (`applyFeed`), one still running is asked again next time. The account-wide pause does not stop it: it
 * only reads from Amazon, and what Amazon did with a feed is true whether or not the seller paused since.
 */
export async function followListingFeeds(deps: ListingsDeps): Promise<string> {
  if (!deps.store.feedResult) return 'no-feeds';
  const feeds = await deps.db.execute<Waiting>(sql`
    select h.submission_id as feed_id, l.user_id, i.to_country as country, min(h.at) as oldest
      from listing_pushes h join listings l on l.id = h.listing_id
      join inventories i on i.id = l.inventory_id
     where h.status in ('IN_QUEUE', 'IN_PROGRESS') and h.submission_id is not null
       and h.at > now() - ${FOLLOW_FOR}
     group by h.submission_id, l.user_id, i.to_country
     order by row_number() over (partition by l.user_id order by min(h.at)), oldest`);
  let ended = 0;
  // Sellers take turns (the order above) within the run's time budget and each seller's share of it.
  const budget = feedBudget();
  for (const f of feeds.rows) {
    const turn = budget.turn(f.user_id);
    if (turn === 'stop') break;
    if (turn === 'skip') continue;
    const log = deps.logger.child({ feedId: f.feed_id, userId: f.user_id });
    const target = await storeTarget(deps.store, deps.accounts, f.user_id, f.country);
    if (!target) {
      log.warn('listings feed not followed: Amazon not connected');
      continue;
    }
    let result: { status: string; report?: FeedReport };
    try {
      result = await deps.store.feedResult(target, f.feed_id);
    } catch (error) {
      log.warn({ err: error }, 'listings feed not read; asked again next time');
      continue;
    }
    if (running(result.status)) {
      // The last time it is asked (the next run finds it past the window): said once, then left.
      if (Date.now() - new Date(f.oldest).getTime() > FOLLOW_MS - EVERY_MS)
        log.warn(
          { status: result.status },
          'listings feed still running after three days; no longer followed',
        );
      continue;
    }
    const applied = await applyFeed(deps, target, f.feed_id, result);
    log.info({ status: result.status, ...applied }, 'late listings feed ended');
    ended += 1;
  }
  return `${ended}/${feeds.rows.length}`;
}
