import type { Db } from '../../db/client';
import { planOnSaleByPriceId } from '../../db/plans';
import { HttpError } from '../../http/errors';

/** The plan a buyer chose, for either provider: a price no longer sold is refused with the buyer's message. */
export async function purchasablePlan(db: Db, priceId: string) {
  const plan = await planOnSaleByPriceId(db, priceId);
  if (!plan) throw new HttpError(400, 'unknown_price', 'This plan is not available.');
  return plan;
}
