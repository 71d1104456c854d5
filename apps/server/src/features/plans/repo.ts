import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Plan } from '../../db/plans';
import { plans } from '../../db/schema';

/** The visible tiers in their order (the pricing page and the checkout). */
export function visiblePlans(db: Db): Promise<Plan[]> {
  return db.select().from(plans).where(eq(plans.visible, true)).orderBy(asc(plans.sortOrder));
}
