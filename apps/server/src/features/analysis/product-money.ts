import {
  dayIn,
  defaultLaneSettings,
  reportLane,
  rowMoney,
  sellerTaxProfileOf,
  type MoneyBreakdown,
  type MoneyLine,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AnalysisReport } from './analysis-report';
import { pageRowsFrom, pricePageRow, type PageRow } from './page-rows';

type Lines = MoneyLine[] | null;
const linesOf = (b: MoneyBreakdown | null): Lines => b?.lines ?? null;

/**
 * "From price to profit" for one product of a report (the offers answer's `money`): the lines at the
 * buy-box and standard prices of its fbm block, priced as its row is. A report from before lanes is on
 * the specification's formula, shown through a `simple` lane (the same figures). Null when the report
 * has no such product.
 */
export async function productMoney(
  db: Db,
  report: AnalysisReport,
  productId: string,
): Promise<{ buybox: Lines; std: Lines } | undefined> {
  const { rows } = await db.execute<PageRow>(pageRowsFrom(report.id, sql`array[${productId}]::text[]`));
  const row = rows[0];
  if (!row?.product_id) return undefined;
  const { input, ctx, fbm } = pricePageRow(row, report);
  const lane =
    ctx.lane ??
    reportLane(report.fromCountry, report.toCountry, report.pricing.parity, null, {
      settings: { ...defaultLaneSettings(), mode: 'simple' },
      on: dayIn(),
      seller: sellerTaxProfileOf(null),
    });
  const money = rowMoney(input, report.pricing, { ...ctx, lane }, fbm);
  return { buybox: linesOf(money.buybox), std: linesOf(money.std) };
}
