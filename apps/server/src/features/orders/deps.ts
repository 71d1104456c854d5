import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { SealingBox } from '../../jobs/types';
import type { Logger } from '../../logger';
import type { LookupAccounts, MarketplaceProvider } from '../../providers/marketplace/types';
import type { SellerOrders } from '../../providers/seller-orders';
import type { SellerStore } from '../../providers/seller-store';

/** What the orders feature's use cases run with, in the server and in the worker. */
export interface OrdersDeps {
  db: Db;
  logger: Logger;
  orders: SellerOrders;
  /** The token key's box: seals the buyer's address. */
  box: SealingBox;
  accounts?: LookupAccounts;
  /** A fresh source lookup (the to-buy step); absent: no live price or stock. */
  marketplace?: MarketplaceProvider;
  /** The listings' store: a source sold out sets the listing's quantity to 0. */
  store?: SellerStore;
  queue?: JobQueue;
  /** The clock (tests move it). */
  now?: () => number;
}

export const nowOf = (deps: Pick<OrdersDeps, 'now'>) => (deps.now ?? Date.now)();
