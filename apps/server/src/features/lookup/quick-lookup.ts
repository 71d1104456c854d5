import {
  effectiveSettings,
  findBannedReason,
  lookupRoute,
  parcelOf,
  priceProduct,
  type LookupRequest,
  type LookupResult,
  type PricingSettings,
  type RegionCode,
  type ResolvedLane,
} from '@crossmarket/domain';
import { and, eq } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { inventories, plans, quickLookups, userBannedContents, userData } from '../../db/schema';
import { lockForUser } from '../../db/user-lock';
import { apiError, fieldError, HttpError, notFound } from '../../http/errors';
import type { Logger } from '../../logger';
import type { RateTable } from '../../providers/rates/types';
import { NotAuthorisedError } from '../../providers/marketplace/errors';
import type { LookupAccounts, MarketplaceProvider } from '../../providers/marketplace/types';
import { usageOf } from '../account';
import { loadAnalysisReport } from '../analysis';
import { authoriseLookups, ownerAccounts, type AuthorisationPolicy } from '../amazon';
import { laneNow } from '../lanes';

export interface QuickLookupDeps {
  db: Db;
  marketplace: MarketplaceProvider;
  rates: () => Promise<RateTable>;
  authorisation: AuthorisationPolicy;
  /** Whose Amazon authorisation serves the user; without it (tests) the shared one. */
  accounts?: LookupAccounts;
  logger: Logger;
}

/**
 * What a check is priced with: the report's settings and lane when it looks up a report's row (the report
 * must be the user's, same countries), the inventory's settings (likewise), else the defaults; the lane,
 * unless a report gives it, is the user's lane today.
 */
async function pricingFor(
  deps: QuickLookupDeps,
  userId: string,
  body: LookupRequest,
): Promise<{ settings: PricingSettings; lane?: ResolvedLane | null }> {
  if (body.report_id) {
    const report = await loadAnalysisReport(deps.db, userId, body.report_id);
    if (!report) throw notFound('This report was not found.');
    if (report.fromCountry !== body.from_country || report.toCountry !== body.to_country) {
      throw fieldError('report_id', 'validation.lookup.reportCountries');
    }
    return { settings: report.pricing, lane: report.lane };
  }
  if (!body.inventory_id) {
    const rates = await deps.rates();
    return {
      settings: effectiveSettings({
        settings: null,
        from_country: body.from_country,
        to_country: body.to_country,
        parity_rates: rates.rates,
      }),
    };
  }
  const [inventory] = await deps.db
    .select({ from: inventories.fromCountry, to: inventories.toCountry, settings: inventories.settings })
    .from(inventories)
    .where(and(eq(inventories.id, body.inventory_id), eq(inventories.userId, userId)));
  if (!inventory) throw notFound('This inventory was not found.');
  if (inventory.from !== body.from_country || inventory.to !== body.to_country) {
    throw fieldError('inventory_id', 'validation.lookup.inventoryCountries');
  }
  return { settings: inventory.settings as PricingSettings };
}

/**
 * Spends one product of today's quota: the report quota's lock (create-report.ts), so reports and quick
 * checks sent at the same moment can never together pass the plan's quota. Answers the row's id (to give
 * the credit back) and what is left after it.
 */
async function spendOne(deps: QuickLookupDeps, userId: string, body: LookupRequest) {
  return withTx(deps.db, async (t) => {
    await lockForUser(t, 'report-quota', userId);
    const [plan] = await t
      .select({ quota: plans.dailyReportQuota })
      .from(userData)
      .innerJoin(plans, eq(plans.code, userData.planCode))
      .where(eq(userData.userId, userId));
    const left = (plan?.quota ?? 0) - (await usageOf(t, userId)).r_count;
    if (left < 1) throw apiError(429, 'quota_used_up', 'apiErrors.lookupQuota', { remaining: 0 });
    // Before the spend: a check nobody may look up costs no credit (409 amazon_not_connected).
    await authoriseLookups(t, deps.authorisation, userId, { from: body.from_country, to: body.to_country });
    const [row] = await t
      .insert(quickLookups)
      .values({
        userId,
        productId: body.product_id,
        fromCountry: body.from_country,
        toCountry: body.to_country,
      })
      .returning({ id: quickLookups.id });
    return { id: row!.id, remaining: left - 1 };
  });
}

/**
 * POST /v1/lookup: one product looked up now in both marketplaces (the provider reuses recent answers),
 * priced like a report row and marked against the user's banned lists. A lookup that fails gives its
 * credit back: the seller pays for answers, not for Amazon's outages.
 */
export async function quickLookup(
  deps: QuickLookupDeps,
  userId: string,
  body: LookupRequest,
): Promise<LookupResult> {
  const { settings, lane: reportLane } = await pricingFor(deps, userId, body);
  const spent = await spendOne(deps, userId, body);
  const from = body.from_country as RegionCode;
  const to = body.to_country as RegionCode;
  const asOwner = ownerAccounts(deps.accounts, userId);
  const lane =
    reportLane !== undefined
      ? reportLane
      : await laneNow(deps.db, userId, from, to, settings.parity, (await deps.rates()).rates);
  const route = lookupRoute(lane);
  const lookupIn = (country: RegionCode) =>
    asOwner(country, (account) =>
      deps.marketplace.lookup([body.product_id], country, {
        shipTo: to,
        account,
        ...(route ? { route } : {}),
        // Never from another seller's recent lookup: how fast a check answered would tell the seller
        // that someone looked this product up minutes ago (the answer is still kept for reports).
        fresh: true,
      }),
    );
  let sides;
  try {
    sides = await Promise.all([lookupIn(from), lookupIn(to)]);
  } catch (error) {
    await deps.db.delete(quickLookups).where(eq(quickLookups.id, spent.id));
    if (error instanceof HttpError) throw error;
    // The seller's own authorisation was refused meanwhile (now marked revoked): the same 409 as before a
    // check, naming the region to connect again, rather than "Amazon did not answer".
    if (error instanceof NotAuthorisedError)
      await authoriseLookups(deps.db, deps.authorisation, userId, { from, to });
    deps.logger.warn({ err: error, productId: body.product_id }, 'quick check failed; credit given back');
    throw apiError(503, 'lookup_failed', 'apiErrors.lookupFailed');
  }
  const [cross, sell] = sides.map((found) => found[0]!);
  const row = { product_id: body.product_id, row_cross: cross!.side, row_to: sell!.side };
  await deps.db
    .update(quickLookups)
    .set({ rowCross: row.row_cross, rowTo: row.row_to })
    .where(eq(quickLookups.id, spent.id));
  const [lists] = await deps.db
    .select({
      pids: userBannedContents.pids,
      brands: userBannedContents.brands,
      keywords: userBannedContents.keywords,
    })
    .from(userBannedContents)
    .where(eq(userBannedContents.userId, userId));
  const banned = findBannedReason(
    {
      product_id: row.product_id,
      brand: row.row_to.brand ?? row.row_cross.brand,
      title: row.row_to.title ?? row.row_cross.title,
    },
    { pids: lists?.pids ?? {}, brands: lists?.brands ?? {}, keywords: lists?.keywords ?? {} },
    to,
  );
  return {
    lookup_id: spent.id,
    row: {
      ...row,
      fbm: priceProduct({ ...row, parcel: parcelOf(row.row_cross), individual: null }, settings, {
        toRegion: to,
        lane,
      }),
      banned,
      individual: null,
    },
    from_country: body.from_country,
    to_country: body.to_country,
    inventory_id: body.inventory_id ?? null,
    remaining: spent.remaining,
  };
}
