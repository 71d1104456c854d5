import { JOB_NAMES } from '@crossmarket/domain';
import type { JobContext, JobHandlers } from '../../jobs/types';
import { createSandboxSellerOrders } from '../../providers/seller-orders';
import { eraseAddresses } from './address';
import { confirmShipment } from './confirm-shipment';
import { raiseDeadlines } from './deadlines';
import { followDeliveries } from './deliveries';
import type { OrdersDeps } from './deps';
import { dueIntakes, takeInOrders } from './intake';
import { readBackShipment } from './read-back';
import { soldOutAtSource } from './sold-out';

/** The orders use cases' deps in the worker. */
export function ordersDepsOf(ctx: Omit<JobContext, 'job'>): OrdersDeps {
  if (!ctx.links) throw new Error('orders jobs need the token key (the worker is given `links`)');
  return {
    db: ctx.db,
    logger: ctx.logger,
    orders: ctx.sellerOrders ?? createSandboxSellerOrders(ctx.db),
    box: ctx.links,
    accounts: ctx.accounts,
    marketplace: ctx.marketplace,
    store: ctx.sellerStore,
    queue: ctx.queue,
  };
}

/** How many sellers' regions one intake run reads at once: each waits on its own searchOrders bucket. */
const INTAKE_PARALLEL = 4;

/**
 * Orders' jobs. Payloads carry an order or listing id only: the worker reads the seller's authorisation
 * and (sealed) the buyer's address itself, so neither is ever in a job row.
 */
export const orderJobs: JobHandlers = {
  [JOB_NAMES.ordersIntake]: async (_data, ctx) => {
    const deps = ordersDepsOf(ctx);
    const due = await dueIntakes(deps);
    let added = 0;
    let failed = 0;
    for (let i = 0; i < due.length && !ctx.stopping(); i += INTAKE_PARALLEL) {
      await Promise.all(
        due.slice(i, i + INTAKE_PARALLEL).map(async ({ user_id, region }) => {
          try {
            added += (await takeInOrders(deps, user_id, region)).added;
          } catch (error) {
            failed += 1;
            ctx.logger.warn(
              { err: error, userId: user_id, region },
              'orders intake failed; read again next run',
            );
          }
        }),
      );
    }
    return { sellers: due.length, added, failed };
  },
  [JOB_NAMES.ordersConfirm]: (data, ctx) => confirmShipment(ordersDepsOf(ctx), data.order_id),
  [JOB_NAMES.ordersReadBack]: (data, ctx) => readBackShipment(ordersDepsOf(ctx), data.order_id),
  // Every quarter hour: deadlines as notices, then confirmed orders Amazon reports delivered.
  [JOB_NAMES.ordersDeadlines]: async (_data, ctx) => {
    const deps = ordersDepsOf(ctx);
    return { ...(await raiseDeadlines(deps, new Date())), ...(await followDeliveries(deps)) };
  },
  [JOB_NAMES.ordersEraseAddresses]: (_data, ctx) => eraseAddresses(ordersDepsOf(ctx), new Date()),
  [JOB_NAMES.ordersSoldOut]: (data, ctx) => soldOutAtSource(ordersDepsOf(ctx), data.listing_id),
};
