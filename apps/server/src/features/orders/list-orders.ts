import {
  AMAZON_REGION_CODES,
  ORDER_BUY_DEADLINE_HOURS,
  ORDER_CONFIRM_DEADLINE_HOURS,
  type OrderList,
  type OrderRow,
  type OrdersQuery,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import { nowOf, type OrdersDeps } from './deps';
import type { OrderRecord } from './repo';

const HOUR = 3_600_000;

/** When the order must next be acted on: bought within 24 h of arriving, confirmed 24 h before ship-by. */
export function nextDeadline(
  o: Pick<OrderRecord, 'state' | 'arrived_at' | 'ship_by'>,
  now: number,
): OrderRow['next_deadline'] {
  const confirm = o.ship_by ? new Date(o.ship_by).getTime() - ORDER_CONFIRM_DEADLINE_HOURS * HOUR : null;
  const buy = new Date(o.arrived_at).getTime() + ORDER_BUY_DEADLINE_HOURS * HOUR;
  let at: number | null = null;
  let kind: 'buy' | 'confirm' = 'confirm';
  if (o.state === 'new' || o.state === 'to_buy') {
    at = confirm === null ? buy : Math.min(buy, confirm);
    kind = at === buy ? 'buy' : 'confirm';
  } else if (['bought', 'at_forwarder', 'shipped', 'problem'].includes(o.state)) at = confirm;
  return at === null ? null : { kind, at: new Date(at).toISOString(), overdue: at < now };
}

/** The same deadline in SQL, for the filter and the counts. */
const NEXT_AT = sql`case when o.state in ('new', 'to_buy')
    then least(o.arrived_at + ${`${ORDER_BUY_DEADLINE_HOURS} hours`}::interval,
               o.ship_by - ${`${ORDER_CONFIRM_DEADLINE_HOURS} hours`}::interval)
  when o.state in ('bought', 'at_forwarder', 'shipped', 'problem')
    then o.ship_by - ${`${ORDER_CONFIRM_DEADLINE_HOURS} hours`}::interval end`;

type Listed = OrderRecord & { title: string | null; item_count: number };

export const rowOf = (o: Listed, now: number): OrderRow => ({
  id: o.id,
  amazon_order_id: o.amazon_order_id,
  marketplace: o.marketplace,
  state: o.state,
  amazon_status: o.amazon_status as OrderRow['amazon_status'],
  reason: o.reason as OrderRow['reason'],
  purchased_at: new Date(o.purchased_at).toISOString(),
  ship_by: o.ship_by ? new Date(o.ship_by).toISOString() : null,
  deliver_by: o.deliver_by ? new Date(o.deliver_by).toISOString() : null,
  next_deadline: nextDeadline(o, now),
  title: o.title ?? o.amazon_order_id,
  item_count: Number(o.item_count),
  total:
    o.total_amount !== null && o.currency ? { amount: Number(o.total_amount), currency: o.currency } : null,
  from_crossmarket: o.from_crossmarket,
  programs: o.programs,
});

/** `GET /api/orders`: the seller's orders, newest first, filtered; the counts needing action; freshness. */
export async function listOrders(deps: OrdersDeps, userId: string, q: OrdersQuery): Promise<OrderList> {
  const now = nowOf(deps);
  const at = new Date(now);
  const where: SQL[] = [sql`o.user_id = ${userId}`];
  if (q.state?.length) where.push(sql`o.state = any(${sql.param(q.state)}::text[])`);
  if (q.marketplace) where.push(sql`o.marketplace = ${q.marketplace}`);
  if (q.deadline === 'overdue') where.push(sql`${NEXT_AT} < ${at}`);
  if (q.deadline === 'within_24h') where.push(sql`${NEXT_AT} < ${new Date(now + 24 * HOUR)}`);
  if (q.deadline === 'within_72h') where.push(sql`${NEXT_AT} < ${new Date(now + 72 * HOUR)}`);
  const filter = sql.join(where, sql` and `);
  const [page, total, counts, freshness] = await Promise.all([
    deps.db.execute<Listed>(sql`
      select o.*, (select coalesce(oi.title, oi.sku) from order_items oi where oi.order_id = o.id
                    order by oi.order_item_id limit 1) as title,
             (select count(*)::int from order_items oi where oi.order_id = o.id) as item_count
        from orders o where ${filter}
       order by o.purchased_at desc, o.id limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
    deps.db.execute<{ n: number }>(sql`select count(*)::int as n from orders o where ${filter}`),
    deps.db.execute<{ to_buy: number; to_ship: number; problem: number; overdue: number }>(sql`
      select count(*) filter (where o.state in ('new', 'to_buy'))::int as to_buy,
             count(*) filter (where o.state in ('bought', 'at_forwarder'))::int as to_ship,
             count(*) filter (where o.state = 'problem')::int as problem,
             count(*) filter (where ${NEXT_AT} < ${at})::int as overdue
        from orders o where o.user_id = ${userId} and o.state not in ('delivered', 'cancelled', 'pending')`),
    deps.db.execute<{
      region: string;
      connected: boolean;
      synced_until: Date | null;
      next_run_at: Date | null;
    }>(sql`
      select r.region,
             exists (select 1 from amazon_connections c where c.user_id = ${userId} and c.region = r.region
                       and c.status = 'connected') as connected,
             s.synced_until, s.next_run_at
        from unnest(${sql.param([...AMAZON_REGION_CODES])}::text[]) as r(region)
        left join order_syncs s on s.user_id = ${userId} and s.region = r.region`),
  ]);
  const c = counts.rows[0]!;
  return {
    orders: page.rows.map((o) => rowOf(o, now)),
    page: q.page,
    page_size: q.page_size,
    total: total.rows[0]!.n,
    counts: { ...c, needs_action: c.to_buy + c.to_ship + c.problem },
    freshness: freshness.rows.map((f) => ({
      region: f.region as (typeof AMAZON_REGION_CODES)[number],
      // The sandbox reads every seller's orders without an authorisation.
      connected: f.connected || !deps.orders.needsOwnAuthorisation,
      synced_at: f.synced_until ? new Date(f.synced_until).toISOString() : null,
      next_sync_at: f.next_run_at ? new Date(f.next_run_at).toISOString() : null,
    })),
  };
}
