import { sql } from 'drizzle-orm';
import type { OrdersDeps } from './deps';
import { ordersTarget } from './target';
import { moveOrder } from './transition';

/** A confirmed order's packages are read again at most this often. */
const EVERY = '12 hours';
/** Orders read per run: getOrder allows 0.5 a second per seller, so a run stays within minutes. */
const PER_RUN = 100;

/**
 * Confirmed orders whose packages Amazon reports delivered become delivered (getOrder with PACKAGES, each
 * order at most twice a day, the longest-unread first). The seller can also say so by hand.
 */
export async function followDeliveries(deps: OrdersDeps) {
  const due = await deps.db.execute<{
    id: string;
    user_id: string;
    region: 'na' | 'eu' | 'fe';
    amazon_order_id: string;
  }>(sql`
    select id, user_id, region, amazon_order_id from orders
     where state = 'confirmed' and updated_at < now() - ${EVERY}::interval
     order by updated_at limit ${PER_RUN}`);
  let delivered = 0;
  for (const o of due.rows) {
    await deps.db.execute(sql`update orders set updated_at = now() where id = ${o.id}::uuid`);
    const target = await ordersTarget(deps.orders, deps.accounts, o.user_id, o.region);
    if (!target) continue;
    try {
      const amazon = await deps.orders.getOrder(target, o.amazon_order_id, ['PACKAGES']);
      const packages = amazon.packages ?? [];
      if (packages.length > 0 && packages.every((p) => p.packageStatus?.status === 'DELIVERED')) {
        if (await moveOrder(deps.db, o.id, 'confirmed', { to: 'delivered', actor: 'amazon' })) delivered += 1;
      }
    } catch (error) {
      deps.logger.warn({ err: error, orderId: o.id }, 'delivery read failed; read again later');
    }
  }
  return { read: due.rows.length, delivered };
}
