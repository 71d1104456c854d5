import { linesFromFinancialEvents, type AmazonRegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FinancesAccount, SellerFinances } from '../../providers/seller-finances';
import { saveLines } from './repo';

/**
 * Orders asked of Finances v0 per run: at its 0.5 a second, 120 take four minutes of the seller's
 * allowance; the rest follow in the next run.
 */
export const ORDER_EVENTS_PER_RUN = 120;

/**
 * Finances v0 for orders whose money is released but read only from transactions: v0 names each
 * item (OrderItemId) and each fee and withheld tax where transactions may give only a total. Deferred
 * money is not in v0 until released (reference §4.3), so held orders wait.
 */
export async function readOrderEvents(
  deps: { db: Db; finances: SellerFinances },
  userId: string,
  region: AmazonRegionCode,
  account: FinancesAccount,
  limit = ORDER_EVENTS_PER_RUN,
): Promise<Set<string>> {
  const { rows } = await deps.db.execute<{ amazon_order_id: string }>(sql`
    select t.amazon_order_id
      from finance_lines t
     where t.user_id = ${userId} and t.region = ${region} and t.source = 'transactions'
     group by t.amazon_order_id
    having bool_and(t.status = 'RELEASED')
       and not exists (select 1 from finance_lines v
                        where v.user_id = ${userId} and v.amazon_order_id = t.amazon_order_id
                          and v.source in ('fin_v0', 'settlement_v2'))
     order by min(t.posted_at)
     limit ${limit}`);
  const orders = new Set<string>();
  for (const { amazon_order_id: orderId } of rows) {
    let nextToken: string | undefined;
    do {
      const page = await deps.finances.listFinancialEventsByOrderId(region, account, orderId, nextToken);
      for (const o of await saveLines(deps.db, userId, region, linesFromFinancialEvents(page.events)))
        orders.add(o);
      nextToken = page.nextToken;
    } while (nextToken);
  }
  return orders;
}
