import {
  checkReportRequest,
  checkSupplierReportRequest,
  JOB_NAMES,
  type PricingSettings,
  type RegionCode,
} from '@crossmarket/domain';
import { and, eq } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { inventories, plans, reports, userData } from '../../db/schema';
import { fieldError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { SourcedRateTable } from '../../providers/rates/types';
import { usageOf } from '../account';
import { authoriseLookups, type AuthorisationPolicy } from '../amazon';
import { snapshotLane } from '../lanes';
import { supplierListForReport } from '../suppliers';
import { lockForUser } from '../../db/user-lock';

/** Without a policy (tests): lookups need no authorisation, as in the sandbox. */
const SANDBOX: AuthorisationPolicy = { needed: false, shared: new Set() };

export interface NewReport {
  title: string;
  /** One of the user's inventories whose settings price the report; none for the defaults. */
  inventory_id?: string | null;
  from_country?: string | null;
  to_country?: string | null;
  /** The pasted text (manual) or the product IDs of an uploaded listing report, one per line. */
  product_ids: string;
  skus?: Record<string, string> | null;
  /** `supplier_list`: the products are the list's matches, found by the worker (issue 62). */
  source?: string;
  supplier_list_id?: string | null;
}

/**
 * A supplier list report's checks: its list (the user's own) decides the buying country; some quota must
 * be left (the matched ASINs are counted against it after the match). Its products are found by the
 * worker (the catalogue match), so it starts with none.
 */
async function checkSupplierReport(
  t: Db,
  userId: string,
  input: NewReport,
  limits: { sendLimit: number; remainingQuota: number },
) {
  const list = await supplierListForReport(t, userId, input.supplier_list_id);
  const from = list.country;
  const error = checkSupplierReportRequest(
    { from_country: from, to_country: input.to_country },
    list.lines,
    limits,
  );
  if (error) throw fieldError(error.field, error.key, error.params);
  return { listId: list.id, from, lines: list.lines };
}

/**
 * The inventory chosen to price the report: the user's own (another's is refused as unknown, naming the
 * field) and of the report's countries; null for the seller's defaults.
 */
async function pricingOf(db: Db, userId: string, input: NewReport) {
  if (!input.inventory_id) return null;
  const [inventory] = await db
    .select({
      title: inventories.title,
      from: inventories.fromCountry,
      to: inventories.toCountry,
      settings: inventories.settings,
    })
    .from(inventories)
    .where(and(eq(inventories.id, input.inventory_id), eq(inventories.userId, userId)));
  if (!inventory) throw fieldError('inventory_id', 'validation.report.inventoryId');
  if (inventory.from !== input.from_country || inventory.to !== input.to_country) {
    throw fieldError('inventory_id', 'validation.report.inventoryCountries');
  }
  return { title: inventory.title, settings: inventory.settings as PricingSettings };
}

/**
 * Checks the submission in the specification's order, then that its marketplaces can be looked up (409
 * `amazon_not_connected`), and inserts the report. The user's reports are
 * serialised by an advisory lock taken inside the transaction, so two submissions can never both fit
 * in the same remaining quota.
 */
export async function createReport(
  deps: {
    db: Db;
    queue: JobQueue;
    logger: Logger;
    rates: () => Promise<SourcedRateTable>;
    /** Which regions need the seller's own Amazon authorisation; none when absent (the sandbox). */
    authorisation?: AuthorisationPolicy;
  },
  userId: string,
  input: NewReport,
) {
  const { db } = deps;
  const rates = await deps.rates();
  const created = await withTx(db, async (t) => {
    await lockForUser(t, 'report-quota', userId);
    const [plan] = await t
      .select({ quota: plans.dailyReportQuota, sendLimit: plans.sendLimit })
      .from(userData)
      .innerJoin(plans, eq(plans.code, userData.planCode))
      .where(eq(userData.userId, userId));
    const used = (await usageOf(t, userId)).r_count;
    const limits = { sendLimit: plan?.sendLimit ?? 0, remainingQuota: (plan?.quota ?? 0) - used };
    const supplier =
      input.source === 'supplier_list' ? await checkSupplierReport(t, userId, input, limits) : null;
    if (supplier) input = { ...input, from_country: supplier.from, product_ids: '' };
    const check = supplier
      ? {
          ok: true as const,
          parsed: { valid: [] as string[], sent: supplier.lines, repetitive: 0, invalid: 0 },
        }
      : checkReportRequest(input, limits);
    if (!check.ok) throw fieldError(check.error.field, check.error.key, check.error.params);
    const pricing = await pricingOf(t, userId, input);
    // Before the insert: a report nobody may look up costs no credit.
    // A supplier report asks Amazon only in the selling country (the buying side is the list).
    const amazonAccounts = await authoriseLookups(t, deps.authorisation ?? SANDBOX, userId, {
      from: (supplier ? input.to_country : input.from_country) as RegionCode,
      to: input.to_country as RegionCode,
    });
    const { valid, sent, repetitive, invalid } = check.parsed;
    const skus = input.skus
      ? Object.fromEntries(valid.flatMap((id) => (input.skus![id] ? [[id, input.skus![id]!]] : [])))
      : null;
    const lane = await snapshotLane(
      t,
      userId,
      input.from_country as RegionCode,
      input.to_country as RegionCode,
    );
    const [row] = await t
      .insert(reports)
      .values({
        userId,
        title: input.title.trim(),
        fromCountry: input.from_country!,
        toCountry: input.to_country!,
        content: valid,
        // A supplier report holds its lines, up to the quota left, until the match tells its products.
        size: (supplier ? Math.min(supplier.lines, limits.remainingQuota) : valid.length) * 2,
        supplierListId: supplier?.listId ?? null,
        supplierLines: supplier?.lines ?? null,
        skus,
        parityRates: rates.rates,
        ratesSource: rates.source,
        ratesAsOf: rates.asOf,
        amazonAccounts,
        lane,
        // Written with these from the first row on, so the report is priced with them when it finishes.
        settings: pricing?.settings ?? null,
        pricedWith: pricing?.title ?? null,
      })
      .returning({ id: reports.id });
    return {
      report_id: row!.id,
      sent,
      valid: supplier ? supplier.lines : valid.length,
      repetitive,
      invalid,
    };
  });
  // Enqueued after the commit; if this fails the worker's sweep still finds the report and starts it.
  await deps.queue
    .send(JOB_NAMES.processReport, { report_id: created.report_id }, { singletonKey: created.report_id })
    .catch((error: unknown) => {
      deps.logger.error({ err: error, reportId: created.report_id }, 'could not enqueue the report');
    });
  return created;
}
