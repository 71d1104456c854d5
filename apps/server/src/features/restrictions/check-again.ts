import {
  amazonRegionOf,
  amazonRegionOfCountry,
  englishMessage,
  type ProductRestrictionResponse,
  type RegionCode,
} from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';
import { apiError, HttpError, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { AuthorisationRevokedError } from '../../providers/marketplace/errors';
import type {
  LookupAccounts,
  MarketplaceProvider,
  SellerAuthorisation,
} from '../../providers/marketplace/types';
import { queueRestrictionPhase } from './jobs';
import { checkedStatus, writeReportRestrictions } from './report-rows';
import { restrictionsOf } from './store';

export interface RestrictionDeps {
  db: Db;
  marketplace: MarketplaceProvider;
  accounts: LookupAccounts;
  queue: JobQueue;
}

const missingReport = () => notFound('This report was not found.');

async function ownedReport(db: Db, userId: string, reportId: string) {
  const [report] = await db
    .select({
      to: reports.toCountry,
      finalized: reports.finalized,
      doneSize: reports.doneSize,
    })
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.userId, userId)));
  if (!report) throw missingReport();
  if (!report.finalized || report.doneSize === -1) {
    throw new HttpError(409, 'report_not_ready', englishMessage('validation.analysis.notReady'));
  }
  return { ...report, to: report.to as RegionCode };
}

/** The owner's own authorisation for the selling country; 409 naming the region when there is none. */
async function ownAuthorisation(deps: RestrictionDeps, userId: string, to: RegionCode) {
  if (!deps.marketplace.listingRestrictions) {
    throw apiError(409, 'restrictions_unavailable', 'apiErrors.restrictionsUnavailable');
  }
  const resolved = await deps.accounts.forUser(userId, to);
  const own = resolved?.kind === 'own' ? resolved.account.own : undefined;
  if (!resolved || !own) {
    const region = amazonRegionOfCountry(to);
    throw apiError(409, 'amazon_not_connected', 'apiErrors.restrictionsNotConnected', {
      params: { region: amazonRegionOf(region).name },
      region,
    });
  }
  return { ...resolved.account, own: own satisfies SellerAuthorisation };
}

/**
 * POST /v1/reports/:id/products/:productId/restriction, "Check again": asks Amazon at once (the kept
 * answer is not used: the seller asks because something changed, an approval most likely), keeps the
 * answer for the next report and writes it into this one.
 */
export async function checkProductAgain(
  deps: RestrictionDeps,
  userId: string,
  reportId: string,
  productId: string,
): Promise<ProductRestrictionResponse> {
  const report = await ownedReport(deps.db, userId, reportId);
  const known = await deps.db.execute<{ checkable: boolean }>(sql`
    select ${checkedStatus('r')} as checkable from report_products r
     where r.report_id = ${reportId}::uuid and r.product_id = ${productId}`);
  if (known.rows.length === 0) throw notFound('This product was not found in the report.');
  // Not found (or not answered) in the selling country: there is no listing there to be allowed.
  if (!known.rows[0]!.checkable) {
    throw apiError(409, 'restriction_not_applicable', 'apiErrors.restrictionNotApplicable');
  }
  const account = await ownAuthorisation(deps, userId, report.to);
  const owner = { userId, sellingPartnerId: account.own.sellingPartnerId, country: report.to };
  let found;
  try {
    found = await restrictionsOf(
      deps.db,
      owner,
      [productId],
      (asins) => deps.marketplace.listingRestrictions!(asins, report.to, account),
      { fresh: false },
    );
  } catch (error) {
    if (!(error instanceof AuthorisationRevokedError)) throw error;
    await deps.accounts.revoked(userId, report.to, account.own);
    // 409 "connect" now, unless a newer consent arrived meanwhile: then simply ask again.
    await ownAuthorisation(deps, userId, report.to);
    throw apiError(503, 'amazon_no_answer', 'apiErrors.restrictionNoAnswer', { retryAfterSeconds: 1 });
  }
  const restriction = found.get(productId);
  if (!restriction) {
    throw apiError(503, 'amazon_no_answer', 'apiErrors.restrictionNoAnswer', { retryAfterSeconds: 10 });
  }
  await writeReportRestrictions(deps.db, reportId, found);
  return { product_id: productId, restriction };
}

/**
 * POST /v1/reports/:id/restrictions: checks the report's products not checked yet, as the phase after
 * the lookups does; for a report made before the seller connected Amazon, or to ask about the products
 * Amazon did not answer. Queued; the progress stream shows it.
 */
export async function startRestrictionPhase(deps: RestrictionDeps, userId: string, reportId: string) {
  const report = await ownedReport(deps.db, userId, reportId);
  await ownAuthorisation(deps, userId, report.to);
  // One statement decides: two clicks (or tabs) queue the phase once, the other is told it runs.
  const queued = await deps.db.execute<{ total: number; checked: number }>(sql`
    update reports set restrictions_state = 'waiting', restrictions_at = now()
     where id = ${reportId}::uuid and user_id = ${userId}
       and restrictions_state is distinct from 'waiting' and restrictions_state is distinct from 'checking'
    returning restrictions_total as total, restrictions_checked as checked`);
  const row = queued.rows[0];
  if (!row) throw apiError(409, 'restrictions_running', 'apiErrors.restrictionsRunning');
  await queueRestrictionPhase(deps.queue, reportId);
  return { id: reportId, restrictions: { state: 'waiting' as const, ...row } };
}
