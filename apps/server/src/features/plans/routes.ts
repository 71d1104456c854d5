import { planListSchema } from '@crossmarket/domain';
import type { App } from '../../http/app-type';
import type { Db } from '../../db/client';
import { visiblePlans } from './repo';

/** GET /api/plans: the visible tiers in their order (prices are public, like a pricing page). */
export function registerPlanRoutes(app: App, db: Db) {
  app.get('/api/plans', { schema: { response: { 200: planListSchema } } }, async () => {
    const rows = await visiblePlans(db);
    return rows.map((p) => ({
      code: p.code,
      name: p.name,
      visible: p.visible,
      order: p.sortOrder,
      monthly_price: p.monthlyPriceCents,
      daily_report_quota: p.dailyReportQuota,
      inventory_quota: p.inventoryQuota,
      send_limit: p.sendLimit,
      best_seller: p.bestSeller,
      price_id: p.priceId,
      points: p.points,
    }));
  });
}
