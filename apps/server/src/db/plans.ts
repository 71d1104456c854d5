import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { plans } from './schema';

/**
 * Plan reads shared by the plans feature and the payment providers. They live below both so that a provider
 * never imports a feature.
 */
export type Plan = typeof plans.$inferSelect;

export async function planByCode(db: Db, code: string): Promise<Plan | undefined> {
  const [plan] = await db.select().from(plans).where(eq(plans.code, code));
  return plan;
}

/** A plan by its price, whether or not it is still sold (Stripe's records name retired prices too). */
export async function planByAnyPriceId(db: Db, priceId: string): Promise<Plan | undefined> {
  const [plan] = await db.select().from(plans).where(eq(plans.priceId, priceId));
  return plan;
}

/** A plan by its price only while it is sold: the one a buyer may choose. */
export async function planOnSaleByPriceId(db: Db, priceId: string): Promise<Plan | undefined> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.priceId, priceId), eq(plans.visible, true)));
  return plan;
}
