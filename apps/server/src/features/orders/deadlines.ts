import {
  ORDER_BUY_DEADLINE_HOURS,
  ORDER_CONFIRM_DEADLINE_HOURS,
  type OrderNotice,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { OrdersDeps } from './deps';

/**
 * The `orders-deadlines` job: an order not bought 24 hours after it arrived, not confirmed 24 hours before
 * its ship-by date, or whose confirmation Amazon did not keep, raises one notification each (watches'
 * notifications, issue 49: the bell, and the mail as the seller chose: instant or the daily digest). Once
 * per order and notice (a unique index).
 */
export async function raiseDeadlines(deps: OrdersDeps, now: Date) {
  const notices: [OrderNotice, ReturnType<typeof sql>][] = [
    [
      'not_bought',
      sql`o.state in ('new', 'to_buy') and o.arrived_at + ${`${ORDER_BUY_DEADLINE_HOURS} hours`}::interval <= ${now}`,
    ],
    [
      'not_confirmed',
      sql`o.state in ('new', 'to_buy', 'bought', 'at_forwarder', 'shipped', 'problem')
          and o.ship_by - ${`${ORDER_CONFIRM_DEADLINE_HOURS} hours`}::interval <= ${now}`,
    ],
    ['confirmation_not_kept', sql`o.state = 'problem' and o.reason = 'confirmation_not_kept'`],
  ];
  let raised = 0;
  for (const [notice, due] of notices) {
    const done = await deps.db.execute(sql`
      insert into notifications (user_id, watch_id, order_id, notice, fired_on, marketplace, condition, currency)
      select o.user_id, null, o.id, ${notice}, (${now}::timestamptz at time zone 'UTC')::date, o.marketplace,
             'order', coalesce(o.currency, '')
        from orders o
       where o.state not in ('delivered', 'cancelled') and ${due}
      on conflict (order_id, notice) where order_id is not null do nothing`);
    raised += done.rowCount ?? 0;
  }
  return { raised };
}
