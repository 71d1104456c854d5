import type { RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { AuthorisationRevokedError } from '../../providers/marketplace/errors';
import type {
  LookupAccount,
  LookupAccounts,
  MarketplaceProvider,
  SellerAuthorisation,
} from '../../providers/marketplace/types';
import { estimatePrice, feeEstimatesOf, writeReportFees } from '../fees';
import { checkedCount, checkedStatus, writeReportRestrictions } from './report-rows';
import { restrictionsOf } from './store';

export interface PhaseDeps {
  db: Db;
  marketplace: MarketplaceProvider;
  accounts?: LookupAccounts;
  logger: Logger;
  stopping?: () => boolean;
}

/**
 * Products asked about per round: a few seconds of Amazon's 5 a second, so the page's count moves often
 * and a stopping worker hands the phase back soon.
 */
const ROUND = 20;

/** A phase whose `restrictions_at` has not moved for this long is taken to be dead: queued again, taken over. */
export const PHASE_STALE = sql`interval '2 minutes'`;

export type PhaseOutcome = 'done' | 'not_connected' | 'unavailable' | 'busy' | 'stopped' | 'lost';

/** Ends the phase in `state` if this run still holds it (its claim is `restrictions_at` = `held`). */
async function finish(db: Db, reportId: string, held: string, state: 'done' | 'not_connected') {
  await db.execute(sql`
    update reports set restrictions_state = ${state}, restrictions_at = now(),
           restrictions_checked = ${checkedCount(reportId)}
     where id = ${reportId}::uuid and restrictions_at = ${held}::timestamptz`);
}

/**
 * The `check-listing-restrictions` job: after a report's lookups, asks whether the owner's Amazon account
 * may list each product in the selling country, under the owner's own authorisation there, round by round.
 * One run at a time holds a report's phase: it claims it (a waiting phase, or one whose holder stopped
 * moving), and every round moves `restrictions_at` on from the value it last set, or stops (another run
 * took over). Answers kept from the last LISTING_RESTRICTION_DAYS (any report's) are used as they are;
 * products already written are not asked again, so a new run resumes. Products Amazon does not answer stay
 * "not checked"; their row's "Check again", or "Check restrictions", asks again.
 */
export async function checkReportRestrictions(deps: PhaseDeps, reportId: string): Promise<PhaseOutcome> {
  const claimed = await deps.db.execute<{ user_id: string; to_country: string; held: string }>(sql`
    update reports
       set restrictions_state = 'checking', restrictions_at = clock_timestamp(),
           restrictions_total = (select count(*)::int from report_products p
                                  where p.report_id = ${reportId}::uuid and ${checkedStatus('p')}),
           restrictions_checked = ${checkedCount(reportId)}
     where id = ${reportId}::uuid and finalized and done_size <> -1
       and (restrictions_state = 'waiting'
            or (restrictions_state = 'checking' and restrictions_at < now() - ${PHASE_STALE}))
    returning user_id, to_country, restrictions_at::text as held`);
  const report = claimed.rows[0];
  if (!report) return 'busy';
  let held = report.held;
  const ask = deps.marketplace.listingRestrictions?.bind(deps.marketplace);
  if (!ask) {
    await finish(deps.db, reportId, held, 'done');
    return 'unavailable';
  }
  const to = report.to_country as RegionCode;
  const resolved = await deps.accounts?.forUser(report.user_id, to);
  const own = resolved?.kind === 'own' ? resolved.account.own : undefined;
  if (!resolved || !own) {
    await finish(deps.db, reportId, held, 'not_connected');
    return 'not_connected';
  }
  const account = { ...resolved.account, own };
  const log = deps.logger.child({ reportId, phase: 'restrictions' });
  const owner = { userId: report.user_id, sellingPartnerId: own.sellingPartnerId, country: to };
  let after = -1;
  let unanswered = 0;
  for (;;) {
    if (deps.stopping?.()) return 'stopped';
    // Before each round: a seller who disconnected, or connected another account, stops the phase.
    if (deps.accounts?.stillCurrent && !(await deps.accounts.stillCurrent(report.user_id, to, own))) {
      log.warn('restrictions stopped: the authorisation was removed or replaced');
      await finish(deps.db, reportId, held, 'not_connected');
      return 'not_connected';
    }
    // The next products without an answer, in the report's order: a cursor, so unanswered ones are passed.
    const next = await deps.db.execute<{ product_id: string; position: number }>(sql`
      select p.product_id, p.position from report_products p
       where p.report_id = ${reportId}::uuid and ${checkedStatus('p')} and p.position > ${after}
         and not exists (select 1 from report_product_restrictions x
                          where x.report_id = p.report_id and x.product_id = p.product_id)
       order by p.position limit ${ROUND}`);
    const asins = next.rows.map((r) => r.product_id);
    if (asins.length === 0) break;
    after = next.rows.at(-1)!.position;
    const revoked = async (error: AuthorisationRevokedError) => {
      // The seller removed our app (or its year ran out): mark it (mailed once) and say so on the page.
      log.warn({ err: error }, 'restrictions stopped: the authorisation was revoked');
      await deps.accounts?.revoked(report.user_id, to, own);
      await finish(deps.db, reportId, held, 'not_connected');
      return 'not_connected' as const;
    };
    let found;
    try {
      found = await restrictionsOf(deps.db, owner, asins, (missing) => ask(missing, to, account));
    } catch (error) {
      if (error instanceof AuthorisationRevokedError) return revoked(error);
      throw error;
    }
    unanswered += asins.length - found.size;
    await writeReportRestrictions(deps.db, reportId, found);
    // Fees after the restrictions are written: a fee call that fails costs this round's estimates only
    // (those products keep the category table), never its restrictions or the phase.
    try {
      await feesOfRound(deps, reportId, owner, asins, account);
    } catch (error) {
      if (error instanceof AuthorisationRevokedError) return revoked(error);
      log.warn({ err: error }, 'fee estimates of a round failed; its products keep the category table');
    }
    // Alive, answers or not; and still the holder (a run that took over after a long stall wins).
    const moved = await deps.db.execute<{ held: string }>(sql`
      update reports set restrictions_at = clock_timestamp()
       where id = ${reportId}::uuid and restrictions_state = 'checking' and restrictions_at = ${held}::timestamptz
      returning restrictions_at::text as held`);
    if (!moved.rows[0]) return 'lost';
    held = moved.rows[0].held;
  }
  await finish(deps.db, reportId, held, 'done');
  log.info({ unanswered }, 'restrictions checked');
  return 'done';
}

/**
 * Amazon's fee estimates for a round's products, at the price each sells at now, written into the report
 * (its prices move to Amazon's figures). Products without a price, or that Amazon gave no estimate for,
 * keep the category table.
 */
async function feesOfRound(
  deps: PhaseDeps,
  reportId: string,
  owner: { userId: string; sellingPartnerId: string; country: RegionCode },
  asins: readonly string[],
  account: LookupAccount & { own: SellerAuthorisation },
) {
  const ask = deps.marketplace.feeEstimates?.bind(deps.marketplace);
  if (!ask) return;
  const inputs = await deps.db.execute<{ product_id: string; input: string }>(sql`
    select product_id, input from report_product_pricing
     where report_id = ${reportId}::uuid and product_id = any(${sql.param([...asins])}::text[])`);
  const items = inputs.rows.flatMap((r) => {
    const quote = estimatePrice(r.input);
    return quote === null ? [] : [{ asin: r.product_id, ...quote }];
  });
  const found = await feeEstimatesOf(deps.db, owner, items, (missing) =>
    ask(missing, owner.country, account),
  );
  await writeReportFees(deps.db, reportId, found);
}

/** A phase that failed on every try: ended as it stands, so the page stops showing it as running. */
export async function giveUpPhase(db: Db, reportId: string) {
  await db.execute(sql`
    update reports set restrictions_state = 'done', restrictions_at = now(),
           restrictions_checked = ${checkedCount(reportId)}
     where id = ${reportId}::uuid and restrictions_state in ('waiting', 'checking')`);
}

/**
 * Reports whose restriction phase should be running but is not moving: queued at the report's finish but
 * never started (a lost job), or left by a worker that stopped or died.
 */
export async function findStalledPhases(db: Db): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select id from reports
     where restrictions_state in ('waiting', 'checking') and finalized and done_size <> -1
       and coalesce(restrictions_at, finish_at) < now() - ${PHASE_STALE}
     order by finish_at limit 100`);
  return rows.rows.map((r) => r.id);
}
