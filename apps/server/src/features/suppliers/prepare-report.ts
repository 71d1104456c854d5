import { matchConfidence, packPrice, type RegionCode } from '@crossmarket/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { plans, reports, reportSupplierRows, supplierLists, userData } from '../../db/schema';
import { lockForUser } from '../../db/user-lock';
import type { Logger } from '../../logger';
import { usageOf } from '../account';
import { matchSupplierList, type IdentifierSearch } from './match-list';

type SupplierRow = typeof reportSupplierRows.$inferInsert;

/**
 * A supplier report's first phase: the list's lines matched to the selling marketplace's catalogue, then
 * one row per ASIN (one identifier naming several ASINs gives several rows; an ASIN several lines name is
 * bought from the cheapest, the others noted), with what one Amazon product costs from the supplier:
 * unit cost × Amazon's package quantity, a different pack flagged. The report's products are then those
 * ASINs, and its lookups go on as any report's, as many as the daily quota leaves (it counts matched ASINs,
 * not lines; those past it are counted on the report). Returns false when the list is gone (the report
 * cannot be priced); a second worker finding it prepared changes nothing.
 */
export async function prepareSupplierReport(
  deps: { db: Db; logger: Logger },
  report: { id: string; userId: string; supplierListId: string | null; toCountry: string },
  search: IdentifierSearch,
): Promise<boolean> {
  const { db } = deps;
  if (!report.supplierListId) return false;
  const [list] = await db.select().from(supplierLists).where(eq(supplierLists.id, report.supplierListId));
  if (!list) return false;
  const region = report.toCountry as RegionCode;
  const { matches, unanswered } = await matchSupplierList(db, list.id, list.lines, region, search);

  const rows = new Map<string, SupplierRow>();
  for (const line of list.lines) {
    const found = matches.get(line.line) ?? [];
    for (const m of found) {
      const basis = list.mapping.cost_basis;
      const price = packPrice({ cost: line.cost, basis, supplierPack: line.pack }, m.package_quantity);
      const row: SupplierRow = {
        reportId: report.id,
        productId: m.asin,
        line: line.line,
        identifier: line.value,
        identifierKind: line.kind,
        confidence: matchConfidence(line.kind, found.length, m.bundle),
        pack: price.pack,
        supplierPack: line.pack,
        amazonQuantity: m.package_quantity,
        units: price.units,
        unitCost: price.unitCost,
        buyPrice: price.buyPrice,
        currency: list.currency,
        minOrder: line.min_order,
        packCost: basis === 'pack' ? line.cost : line.cost * line.pack,
        pricesIncludeTax: list.pricesIncludeTax,
        name: line.name,
        supplierSku: line.sku,
        otherLines: [],
      };
      const before = rows.get(m.asin);
      if (!before) rows.set(m.asin, row);
      else if (row.buyPrice < before.buyPrice) {
        rows.set(m.asin, { ...row, otherLines: [...before.otherLines!, before.line] });
      } else before.otherLines!.push(line.line);
    }
  }
  // In the list's order, so what the quota leaves out is the end of the list, the same on every run.
  const all = [...rows.values()].sort((a, b) => a.line - b.line || a.productId.localeCompare(b.productId));
  const kept = await withTx(db, async (t) => {
    // The daily quota counts the matched ASINs: what the seller's other use of today leaves (under the
    // quota's lock, as a new report checks it).
    await lockForUser(t, 'report-quota', report.userId);
    const [plan] = await t
      .select({ quota: plans.dailyReportQuota })
      .from(userData)
      .innerJoin(plans, eq(plans.code, userData.planCode))
      .where(eq(userData.userId, report.userId));
    const used = (await usageOf(t, report.userId, { exceptReport: report.id })).r_count;
    const rows = all.slice(0, Math.max(0, (plan?.quota ?? 0) - used));
    const content = rows.map((r) => r.productId);
    // A second worker finding the report matched writes nothing.
    const marked = await t
      .update(reports)
      .set({
        content,
        size: content.length * 2,
        supplierMatchedAt: sql`now()`,
        supplierQuotaLeftOut: all.length - rows.length,
      })
      .where(and(eq(reports.id, report.id), isNull(reports.supplierMatchedAt)))
      .returning({ id: reports.id });
    if (marked.length === 0) return 0;
    for (let i = 0; i < rows.length; i += 1000) {
      await t
        .insert(reportSupplierRows)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
    }
    return rows.length;
  });
  deps.logger.info(
    {
      reportId: report.id,
      lines: list.lines.length,
      products: kept,
      overQuota: all.length - kept,
      unanswered,
    },
    'supplier list matched',
  );
  return true;
}
