import { gzipSync } from 'node:zlib';
import { parseSettlementV2, type AmazonRegionCode } from '@crossmarket/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settlementReports } from '../../db/schema';
import type { FinancesAccount, SellerFinances } from '../../providers/seller-finances';
import { saveLines, saveSync, syncOf } from './repo';

const DAY = 86_400_000;
/** Amazon keeps reports 90 days; each read looks a little further back than the last report seen. */
const KEPT_MS = 90 * DAY;
const OVERLAP_MS = 2 * DAY;

/**
 * The settlement files Amazon scheduled (it cannot be asked for them), found with getReports, each
 * downloaded once and kept gzipped for as long as the account lasts, its order rows saved as lines.
 */
export async function readSettlements(
  deps: { db: Db; finances: SellerFinances },
  userId: string,
  region: AmazonRegionCode,
  account: FinancesAccount,
  now = Date.now(),
): Promise<{ orders: Set<string>; stored: number }> {
  const sync = await syncOf(deps.db, userId, region);
  const since = Math.max(now - KEPT_MS + DAY, (sync?.reportsUntil?.getTime() ?? 0) - OVERLAP_MS);
  const orders = new Set<string>();
  let stored = 0;
  let newest = sync?.reportsUntil?.getTime() ?? 0;
  let nextToken: string | undefined;
  do {
    const page = await deps.finances.listSettlementReports(region, account, {
      createdSince: nextToken ? undefined : new Date(since).toISOString(),
      nextToken,
    });
    nextToken = page.nextToken;
    const done = page.reports.filter((r) => r.processingStatus === 'DONE' && r.reportDocumentId);
    if (done.length === 0) continue;
    const kept = await deps.db
      .select({ id: settlementReports.reportId })
      .from(settlementReports)
      .where(
        and(
          eq(settlementReports.userId, userId),
          inArray(
            settlementReports.reportId,
            done.map((r) => r.reportId),
          ),
        ),
      );
    const have = new Set(kept.map((k) => k.id));
    for (const report of done) {
      newest = Math.max(newest, Date.parse(report.createdTime));
      if (have.has(report.reportId)) continue;
      const { text } = await deps.finances.reportDocument(region, account, report.reportDocumentId!);
      const parsed = parseSettlementV2(text);
      for (const o of await saveLines(deps.db, userId, region, parsed.lines)) orders.add(o);
      // The file last: a failure before it reads the report again next time (its lines are idempotent).
      await deps.db
        .insert(settlementReports)
        .values({
          userId,
          region,
          reportId: report.reportId,
          settlementId: parsed.summary?.settlement_id ?? null,
          startAt: parsed.summary?.start_at ? new Date(parsed.summary.start_at) : null,
          endAt: parsed.summary?.end_at ? new Date(parsed.summary.end_at) : null,
          depositAt: parsed.summary?.deposit_at ? new Date(parsed.summary.deposit_at) : null,
          totalCents: parsed.summary?.total_cents ?? null,
          currency: parsed.summary?.currency ?? null,
          orderLines: parsed.lines.length,
          otherRows: parsed.other_rows,
          document: gzipSync(text),
          createdAt: new Date(report.createdTime),
        })
        .onConflictDoNothing();
      stored += 1;
    }
  } while (nextToken);
  if (newest > 0) await saveSync(deps.db, userId, region, { reportsUntil: new Date(newest) });
  return { orders, stored };
}
