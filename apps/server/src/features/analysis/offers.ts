import type { SellerOffer } from '@crossmarket/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productOffers as offersTable, reports } from '../../db/schema';
import { loadAnalysisReport } from './analysis-report';
import { productMoney } from './product-money';

const byBuyPrice = (a: SellerOffer, b: SellerOffer) => a.buy_price - b.buy_price;

/** Offers stored before ratings became percentages kept `rating_average` out of 5 (percent ÷ 20). */
type StoredOffer = SellerOffer & { rating_average?: number | null };
function current({ rating_average, ...offer }: StoredOffer): SellerOffer {
  if (offer.rating_percent !== undefined) return offer;
  return {
    ...offer,
    rating_percent: rating_average == null ? null : Math.round(rating_average * 2000) / 100,
  };
}

/**
 * The Sellers & Prices drawer: both sides' seller lists of one product of one of the user's reports,
 * cheapest buy price first. Undefined when the report is not the user's or has no such product.
 */
export async function productSellers(db: Db, userId: string, reportId: string, productId: string) {
  const rows = await db
    .select({ side: offersTable.side, offers: offersTable.offers })
    .from(offersTable)
    .innerJoin(reports, eq(reports.id, offersTable.reportId))
    .where(
      and(
        eq(offersTable.reportId, reportId),
        eq(offersTable.productId, productId),
        eq(reports.userId, userId),
      ),
    );
  if (rows.length === 0) return undefined;
  const side = (name: string) =>
    (rows.find((r) => r.side === name)?.offers ?? []).map((o) => current(o as StoredOffer)).sort(byBuyPrice);
  return { product_id: productId, cross: side('cross'), to: side('to') };
}

/**
 * GET /v1/reports/:id/products/:productId/offers: the sellers, and "From price to profit" on the report's
 * lane (issue 45). Undefined when the report is not the user's or has no such product.
 */
export async function productOffers(db: Db, userId: string, reportId: string, productId: string) {
  const [sellers, report] = await Promise.all([
    productSellers(db, userId, reportId, productId),
    loadAnalysisReport(db, userId, reportId),
  ]);
  if (!sellers || !report) return undefined;
  const money = (await productMoney(db, report, productId)) ?? { buybox: null, std: null };
  return { ...sellers, money };
}
