import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans } from '../../db/schema';
import { HttpError } from '../../http/errors';

export type Plan = typeof plans.$inferSelect;

/** The visible tiers in their order (the pricing page and the checkout). */
export function visiblePlans(db: Db): Promise<Plan[]> {
  return db.select().from(plans).where(eq(plans.visible, true)).orderBy(asc(plans.sortOrder));
}

export async function planByCode(db: Db, code: string): Promise<Plan | undefined> {
  const [plan] = await db.select().from(plans).where(eq(plans.code, code));
  return plan;
}

/** A plan by its price, whether or not it is still sold (Stripe's records name old prices too). */
export async function planByPriceId(db: Db, priceId: string): Promise<Plan | undefined> {
  const [plan] = await db.select().from(plans).where(eq(plans.priceId, priceId));
  return plan;
}

/** The plan a buyer chose: only a visible one can be bought. */
export async function planByPrice(db: Db, priceId: string) {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.priceId, priceId), eq(plans.visible, true)));
  if (!plan) throw new HttpError(400, 'unknown_price', 'This plan is not available.');
  return plan;
}
