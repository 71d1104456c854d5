import type { AmazonRegionCode, RegionCode } from '@crossmarket/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { amazonConnections } from '../../db/schema';
import type { Logger } from '../../logger';
import { AuthorisationRevokedError } from '../../providers/marketplace/errors';
import type { LookupAccounts } from '../../providers/marketplace/types';
import type { FinancesAccount, SellerFinances } from '../../providers/seller-finances';
import { readOrderEvents } from './read-order-events';
import { readSettlements } from './read-settlements';
import { readTransactions } from './read-transactions';
import { refreshOrderMoney } from './refresh-order-money';
import { saveSync } from './repo';

/** A country of each SP-API region, to ask `LookupAccounts` for the region's authorisation. */
const COUNTRY_OF_REGION: Record<AmazonRegionCode, RegionCode> = { na: 'us', eu: 'uk', fe: 'au' };

export interface FinancesDeps {
  db: Db;
  logger: Logger;
  finances: SellerFinances;
  accounts: LookupAccounts;
  /** Orders asked of Finances v0 per run (`ORDER_EVENTS_PER_RUN` by default). */
  orderEventsPerRun?: number;
}

export type ReadFinancesResult =
  | { status: 'not_connected' }
  | { status: 'revoked' }
  | { status: 'done'; transactions: number; settlements: number; orders: number };

/**
 * One seller's finances in one region, under their own authorisation only: transactions (held money
 * early), the settlement files Amazon made, v0 events for released orders, then each changed order's
 * money summed again.
 */
export async function readFinances(
  deps: FinancesDeps,
  userId: string,
  region: AmazonRegionCode,
  now = Date.now(),
): Promise<ReadFinancesResult> {
  const country = COUNTRY_OF_REGION[region];
  const resolved = await deps.accounts.forUser(userId, country);
  if (resolved?.kind !== 'own' || !resolved.account.own) return { status: 'not_connected' };
  const account = resolved.account as FinancesAccount;
  const d = { db: deps.db, finances: deps.finances };
  try {
    const tx = await readTransactions(d, userId, region, account, now);
    const settled = await readSettlements(d, userId, region, account, now);
    const events = await readOrderEvents(d, userId, region, account, deps.orderEventsPerRun ?? undefined);
    const orders = new Set([...tx.orders, ...settled.orders, ...events]);
    await refreshOrderMoney(deps.db, userId, orders);
    await saveSync(deps.db, userId, region, { lastRunAt: new Date(now), error: null });
    return {
      status: 'done',
      transactions: tx.transactions,
      settlements: settled.stored,
      orders: orders.size,
    };
  } catch (error) {
    if (error instanceof AuthorisationRevokedError) {
      await deps.accounts.revoked(userId, country, account.own);
      return { status: 'revoked' };
    }
    // Kept for the seller's page; never the token, only what Amazon said.
    await saveSync(deps.db, userId, region, {
      lastRunAt: new Date(now),
      error: error instanceof Error ? error.message.slice(0, 500) : 'failed',
    });
    throw error;
  }
}

/** Every connected seller and region, for the schedule. */
export async function connectedRegions(db: Db) {
  return db
    .select({ userId: amazonConnections.userId, region: amazonConnections.region })
    .from(amazonConnections)
    .where(and(eq(amazonConnections.status, 'connected')));
}
