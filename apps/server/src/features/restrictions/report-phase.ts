import type { RegionCode } from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';
import type { Logger } from '../../logger';
import { AuthorisationRevokedError } from '../../providers/marketplace/errors';
import type { LookupAccounts, MarketplaceProvider } from '../../providers/marketplace/types';
import { restrictionsOf } from './store';
import { writeReportRestrictions } from './report-rows';

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

/** Products the phase checks: those Amazon knows in the selling country (a `dog` cannot be listed as is). */
const CHECKED = sql`to_status not in ('dog', 'noanswer')`;

export type PhaseOutcome = 'done' | 'not_connected' | 'unavailable' | 'gone' | 'stopped';

/**
 * The `check-listing-restrictions` job: after a report's lookups, asks whether the owner's Amazon account
 * may list each product in the selling country, under the owner's own authorisation there, round by round.
 * Answers kept from the last LISTING_RESTRICTION_DAYS (any report's) are used as they are. The phase
 * resumes where it stopped (products already written are not asked again); products Amazon does not
 * answer stay "not checked" (the row's "Check again" asks for them).
 */
export async function checkReportRestrictions(deps: PhaseDeps, reportId: string): Promise<PhaseOutcome> {
  const [report] = await deps.db
    .select({
      userId: reports.userId,
      to: reports.toCountry,
      finalized: reports.finalized,
      doneSize: reports.doneSize,
      state: reports.restrictionsState,
    })
    .from(reports)
    .where(eq(reports.id, reportId));
  if (!report || !report.finalized || report.doneSize === -1) return 'gone';
  if (report.state !== 'waiting' && report.state !== 'checking') return 'gone';
  const setState = (state: string, extra: Record<string, unknown> = {}) =>
    deps.db
      .update(reports)
      .set({ restrictionsState: state, restrictionsAt: sql`now()`, ...extra })
      .where(and(eq(reports.id, reportId)));
  const ask = deps.marketplace.listingRestrictions?.bind(deps.marketplace);
  if (!ask) {
    await setState('done');
    return 'unavailable';
  }
  const to = report.to as RegionCode;
  const resolved = await deps.accounts?.forUser(report.userId, to);
  const own = resolved?.kind === 'own' ? resolved.account.own : undefined;
  if (!resolved || !own) {
    await setState('not_connected');
    return 'not_connected';
  }
  const account = { ...resolved.account, own };
  const log = deps.logger.child({ reportId, phase: 'restrictions' });
  const [count] = (
    await deps.db.execute<{ total: number; checked: number }>(sql`
      select count(*)::int as total,
             count(*) filter (where exists (select 1 from report_product_restrictions x
                                             where x.report_id = p.report_id and x.product_id = p.product_id))::int
               as checked
        from report_products p where p.report_id = ${reportId}::uuid and ${CHECKED}`)
  ).rows;
  await setState('checking', { restrictionsTotal: count!.total, restrictionsChecked: count!.checked });

  const owner = { sellingPartnerId: own.sellingPartnerId, country: to };
  const unanswered: string[] = [];
  for (;;) {
    if (deps.stopping?.()) return 'stopped';
    const next = await deps.db.execute<{ product_id: string }>(sql`
      select p.product_id from report_products p
       where p.report_id = ${reportId}::uuid and ${CHECKED}
         and p.product_id <> all(${sql.param(unanswered)}::text[])
         and not exists (select 1 from report_product_restrictions x
                          where x.report_id = p.report_id and x.product_id = p.product_id)
       order by p.position limit ${ROUND}`);
    const asins = next.rows.map((r) => r.product_id);
    if (asins.length === 0) break;
    let found;
    try {
      found = await restrictionsOf(deps.db, owner, asins, (missing) => ask(missing, to, account));
    } catch (error) {
      if (!(error instanceof AuthorisationRevokedError)) throw error;
      // The seller removed our app (or its year ran out): mark it (mailed once) and say so on the page.
      log.warn({ err: error }, 'restrictions stopped: the authorisation was revoked');
      await deps.accounts?.revoked(report.userId, to, own);
      await setState('not_connected');
      return 'not_connected';
    }
    for (const asin of asins) if (!found.has(asin)) unanswered.push(asin);
    await writeReportRestrictions(deps.db, reportId, found);
  }
  await setState('done');
  log.info({ unanswered: unanswered.length }, 'restrictions checked');
  return 'done';
}

/**
 * Reports whose restriction phase should be running but is not moving: queued at the report's finish but
 * never started (a lost job), or left by a worker that stopped or died.
 */
export async function findStalledPhases(db: Db): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select id from reports
     where restrictions_state in ('waiting', 'checking') and finalized and done_size <> -1
       and coalesce(restrictions_at, finish_at) < now() - interval '2 minutes'
     order by finish_at limit 100`);
  return rows.rows.map((r) => r.id);
}
