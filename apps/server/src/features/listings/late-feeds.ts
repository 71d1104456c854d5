import type { RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FeedReport, StoreTarget } from '../../providers/seller-store';
import { applyFeed } from './apply-feed';
import { feedBudget } from './feed-budget';
import { AuthorisationChanged, askFeed, endOf, running, WAITING } from './feed-follow';
import type { ListingsDeps } from './publish';
import { readBack } from './read-back';
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
/**
 * A pending listing is read again once Amazon has had this long (DONE is not live: about 45 minutes
 * observed, reference §4.5), then on each round for three days, at most `PENDING_PER_ROUND` a round,
 * oldest first (one Amazon never shows stops being asked about after the window, so it cannot starve
 * the newer ones for ever).
 */
const PENDING_AFTER = sql`interval '30 minutes'`;
const PENDING_PER_ROUND = 2_000;

const waiting = sql`h.status = any(${sql.param([...WAITING])}::text[])`;

/** The listings of the inventory with a push still waiting on its feed: a sync neither reads nor pushes them. */
export async function inFlight(db: Db, inventoryId: string): Promise<Set<string>> {
  const rows = await db.execute<{ id: string }>(sql`
    select distinct l.id from listings l join listing_pushes h on h.listing_id = l.id
     where l.inventory_id = ${inventoryId}::uuid and ${waiting}
       and h.submission_id is not null and h.at > now() - ${FOLLOW_FOR}`);
  return new Set(rows.rows.map((r) => r.id));
}

type Waiting = {
  feed_id: string;
  user_id: string;
  seller_id: string | null;
  country: RegionCode;
  oldest: Date | string;
  message_ids: number[];
};

/**
 * The seller's store target for a user and country, read once per round and checked before each getFeed
 * (`askFeed`: `LookupAccounts.stillCurrent`); null once the region is disconnected or connected to another
 * seller than the one the feed went to.
 */
function targets(deps: ListingsDeps) {
  const known = new Map<string, StoreTarget | null>();
  return {
    async of(userId: string, country: RegionCode, sellerId: string | null) {
      const key = `${userId}\n${country}`;
      if (!known.has(key)) known.set(key, await storeTarget(deps.store, deps.accounts, userId, country));
      const target = known.get(key)!;
      return target && (sellerId === null || target.sellerId === sellerId) ? target : null;
    },
    drop(userId: string, country: RegionCode) {
      known.set(`${userId}\n${country}`, null);
    },
  };
}

/**
 * Pending listings Amazon has had time to show, read again (20 SKUs a search): a listing accepted is not
 * live until Amazon's summary says BUYABLE, and issues Amazon raises after acceptance (enforcements such as
 * LISTING_SUPPRESSED) make it need attention with Amazon's words (read-back.ts `stateOf`). Not those with a
 * push still waiting on its feed (they are read when it ends).
 */
async function readPending(deps: ListingsDeps, stores: ReturnType<typeof targets>) {
  const rows = await deps.db.execute<{
    inventory_id: string;
    user_id: string;
    country: RegionCode;
    code: string;
    sku: string;
    quantity: number | null;
  }>(sql`
    select l.inventory_id, l.user_id, i.to_country as country, l.code, l.sku, l.pushed_quantity as quantity
      from listings l join inventories i on i.id = l.inventory_id
     where l.state = 'pending' and l.pushed_at < now() - ${PENDING_AFTER} and l.pushed_at > now() - ${FOLLOW_FOR}
       and not exists (select 1 from listing_pushes h where h.listing_id = l.id and ${waiting}
                         and h.submission_id is not null and h.at > now() - ${FOLLOW_FOR})
     order by l.pushed_at limit ${PENDING_PER_ROUND}`);
  const groups = new Map<string, typeof rows.rows>();
  for (const r of rows.rows) {
    const key = `${r.user_id}\n${r.country}\n${r.inventory_id}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  let read = 0;
  for (const group of groups.values()) {
    const { user_id: userId, country, inventory_id: inventoryId } = group[0]!;
    const target = await stores.of(userId, country, null);
    if (!target) continue;
    await readBack(
      deps,
      target,
      inventoryId,
      group.map((r) => ({ product_id: r.code, sku: r.sku, quantity: r.quantity })),
    );
    read += group.length;
  }
  return read;
}

/**
 * The `follow-listing-feeds` job, every ten minutes (and two minutes after a sync submits a feed): a
 * publish follows its feed 10 minutes, a sync does not follow its own (feed-push.ts), Amazon can take
 * longer than any run, and a run can die between submitting a feed and its end (its pushes were
 * recorded as SUBMITTED when Amazon took the feed). Each feed with pushes still waiting on it (of the last
 * three days) is asked about once, under the authorisation of the seller it went to, checked before each
 * getFeed: a region disconnected or connected to another seller is skipped (`amazon_not_connected`). One
 * that has ended gets its outcome applied (apply-feed.ts, the same as the run would have), one still
 * running is asked again next time. Then pending listings are read again (`readPending`). The
 * account-wide pause does not stop the reading: what Amazon did with a feed is true whether or not the
 * seller paused since (a quantity 0 sent again does respect it).
 */
export async function followListingFeeds(deps: ListingsDeps): Promise<string> {
  const stores = targets(deps);
  if (!deps.store.feedResult) {
    await readPending(deps, stores);
    return 'no-feeds';
  }
  const feeds = await deps.db.execute<Waiting>(sql`
    select h.submission_id as feed_id, l.user_id, h.seller_id, i.to_country as country, min(h.at) as oldest,
           array_agg(h.message_id) filter (where h.message_id is not null) as message_ids
      from listing_pushes h join listings l on l.id = h.listing_id
      join inventories i on i.id = l.inventory_id
     where ${waiting} and h.submission_id is not null and h.at > now() - ${FOLLOW_FOR}
     group by h.submission_id, l.user_id, h.seller_id, i.to_country
     order by row_number() over (partition by l.user_id order by min(h.at)), oldest`);
  let ended = 0;
  // Sellers take turns (the order above) within the run's time budget and each seller's share of it.
  const budget = feedBudget();
  for (const f of feeds.rows) {
    const turn = budget.turn(f.user_id);
    if (turn === 'stop') break;
    if (turn === 'skip') continue;
    const log = deps.logger.child({ feedId: f.feed_id, userId: f.user_id });
    const target = await stores.of(f.user_id, f.country, f.seller_id);
    if (!target) {
      log.warn('listings feed not followed: amazon_not_connected');
      continue;
    }
    let result: { status: string; report?: FeedReport };
    try {
      result = await askFeed(deps, target, f.feed_id);
    } catch (error) {
      if (error instanceof AuthorisationChanged) {
        stores.drop(f.user_id, f.country);
        log.warn('listings feed not followed: amazon_not_connected');
      } else log.warn({ err: error }, 'listings feed not read; asked again next time');
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
    const feed = endOf(f.feed_id, result, f.message_ids ?? []);
    const applied = await applyFeed(deps, target, feed, { readBack: true, settle: true });
    log.info(
      {
        status: result.status,
        ended: feed.ended,
        pushes: applied.decided.length,
        refused: applied.decided.filter((d) => d.status === 'INVALID').length,
        resent: applied.resent,
      },
      'late listings feed ended',
    );
    ended += 1;
  }
  await readPending(deps, stores);
  return `${ended}/${feeds.rows.length}`;
}
