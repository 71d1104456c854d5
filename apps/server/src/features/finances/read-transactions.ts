import { linesFromTransaction, type AmazonRegionCode } from '@crossmarket/domain';
import type { FinancesAccount, SellerFinances } from '../../providers/seller-finances';
import type { Db } from '../../db/client';
import { saveLines, saveSync, syncOf } from './repo';

const DAY = 86_400_000;
/** listTransactions takes at most 180 days a call (finances_2024-06-19.json). */
export const TRANSACTIONS_WINDOW_MS = 180 * DAY;
/** The first read goes back this far. */
export const FIRST_READ_MS = 180 * DAY;
/**
 * Each read starts this far before the last one ended: transactions keep arriving for a period after it
 * (users re-collect after 14 and 30 days, reference §4.3), and a held one changes when released.
 */
export const REREAD_MS = 35 * DAY;
/** `postedBefore` must be at least two minutes before now (Amazon refuses later). */
const LAG_MS = 3 * 60_000;

/**
 * The seller's transactions (Finances 2024-06-19) since the last read, window by window, every page:
 * held money shows with its release date. Answers the orders whose lines changed.
 */
export async function readTransactions(
  deps: { db: Db; finances: SellerFinances },
  userId: string,
  region: AmazonRegionCode,
  account: FinancesAccount,
  now = Date.now(),
): Promise<{ orders: Set<string>; transactions: number }> {
  const sync = await syncOf(deps.db, userId, region);
  const end = now - LAG_MS;
  let from = sync?.transactionsUntil ? sync.transactionsUntil.getTime() - REREAD_MS : now - FIRST_READ_MS;
  const orders = new Set<string>();
  let transactions = 0;
  while (from < end) {
    const to = Math.min(end, from + TRANSACTIONS_WINDOW_MS);
    let nextToken: string | undefined;
    do {
      const page = await deps.finances.listTransactions(region, account, {
        postedAfter: new Date(from).toISOString(),
        postedBefore: new Date(to).toISOString(),
        nextToken,
      });
      transactions += page.transactions.length;
      const lines = page.transactions.flatMap(linesFromTransaction);
      for (const o of await saveLines(deps.db, userId, region, lines)) orders.add(o);
      nextToken = page.nextToken;
    } while (nextToken);
    // Saved per window, so a failure later resumes here.
    await saveSync(deps.db, userId, region, { transactionsUntil: new Date(to) });
    from = to;
  }
  return { orders, transactions };
}
