import { JOB_NAMES } from '@crossmarket/domain';
import { zeroListingForOrder } from '../listings';
import type { OrdersDeps } from './deps';

/**
 * The source of a listed product sold out since an order: the listing's quantity goes to 0 through the
 * listings feature's own push (read-back, history, retried in minutes while Amazon does not take it).
 * Without the store here (a request handler), the `orders-sold-out` job does it.
 */
export async function soldOutAtSource(deps: OrdersDeps, listingId: string) {
  if (deps.store) {
    const outcome = await zeroListingForOrder(
      { db: deps.db, logger: deps.logger, store: deps.store, accounts: deps.accounts, queue: deps.queue },
      listingId,
    );
    deps.logger.info({ listingId, outcome }, 'order source sold out: listing quantity 0');
    return outcome;
  }
  await deps.queue?.send(JOB_NAMES.ordersSoldOut, { listing_id: listingId });
  return 'queued' as const;
}
