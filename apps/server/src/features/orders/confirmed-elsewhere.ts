import { ORDER_PII_RETENTION_DAYS, type OrderState } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { AmazonOrder } from '../../providers/seller-orders';
import { nowOf, type OrdersDeps } from './deps';
import { moveOrder } from './transition';

/** States in which a confirmation from Seller Central is news: nothing of ours confirmed the order yet. */
const LIVE: readonly OrderState[] = ['new', 'to_buy', 'bought', 'at_forwarder', 'shipped', 'problem'];

/** What we know of our own package for an order. */
export type OurPackage = {
  /** Our shipment's confirmation state (order_shipments), null when the seller recorded none. */
  confirmation: string | null;
  package_reference_id: string | null;
  /** A confirmation of ours reached Amazon before (a read-back found it not kept): its package is ours. */
  sent_before: boolean;
};

/** Our package's state for an order, in one read. */
export async function ourPackage(deps: OrdersDeps, orderId: string): Promise<OurPackage> {
  const rows = await deps.db.execute<OurPackage>(sql`
    select s.confirmation, s.package_reference_id,
           exists (select 1 from order_transitions t where t.order_id = o.id
                    and t.reason = 'confirmation_not_kept') as sent_before
      from orders o left join order_shipments s on s.order_id = o.id
     where o.id = ${orderId}::uuid`);
  return rows.rows[0] ?? { confirmation: null, package_reference_id: null, sent_before: false };
}

/**
 * Whether Amazon shows the order confirmed by someone other than Crossmarket, and how far: `full` when
 * every item is shipped (SHIPPED), `partial` when some are (PARTIALLY_SHIPPED) or a package is there
 * while Amazon's list still says UNSHIPPED (it lags, reference §1.3). A package of ours (our package
 * reference id, after a confirmation of ours reached Amazon) is not someone else's; nor is Amazon's
 * status while only ours is there. Our confirmation under way or kept: the read-back decides, not this.
 */
export function confirmedElsewhere(order: AmazonOrder, ours: OurPackage): 'full' | 'partial' | null {
  if (ours.confirmation === 'sent' || ours.confirmation === 'kept') return null;
  const status = order.fulfillment?.fulfillmentStatus;
  const packages = order.packages ?? [];
  const foreign = packages.filter(
    (p) => !(ours.sent_before && p.packageReferenceId === ours.package_reference_id),
  );
  if (ours.sent_before && packages.length > 0 && foreign.length === 0) return null;
  if (status === 'SHIPPED') return 'full';
  if (status === 'PARTIALLY_SHIPPED' || foreign.length > 0) return 'partial';
  return null;
}

/** What Amazon shows, for the order's history: its status and the packages someone else confirmed. */
function noteOf(order: AmazonOrder) {
  const packages = (order.packages ?? []).map((p) =>
    [p.carrier, p.trackingNumber && `tracking ${p.trackingNumber}`, p.shipTime && `shipped ${p.shipTime}`]
      .filter(Boolean)
      .join(', '),
  );
  const status = order.fulfillment?.fulfillmentStatus ?? 'unknown';
  return [`Amazon shows ${status} without a confirmation from Crossmarket`, ...packages]
    .join('; ')
    .slice(0, 500);
}

/**
 * Follows a confirmation made in Seller Central: the order moves to confirmed (every item shipped) or to
 * a problem (some items: the rest must be confirmed there too, since ours sends one package with every
 * item), with the reason and what Amazon shows in its history. A shipment of ours not yet sent is never
 * sent (`elsewhere`); deadline notices stop with the state (a partial one keeps them: items are left).
 * The buyer's address is erased 30 days after Amazon's ship time, as after ours. Answers whether it moved.
 */
export async function followConfirmationElsewhere(
  deps: OrdersDeps,
  row: { id: string; state: OrderState; reason?: string | null },
  order: AmazonOrder,
): Promise<boolean> {
  if (!LIVE.includes(row.state)) return false;
  const status = order.fulfillment?.fulfillmentStatus;
  // Most reads: nothing shipped at Amazon, no need to read our package.
  if (status !== 'SHIPPED' && status !== 'PARTIALLY_SHIPPED' && !order.packages?.length) return false;
  const kind = confirmedElsewhere(order, await ourPackage(deps, row.id));
  if (!kind) return false;
  const reason = kind === 'full' ? 'confirmed_elsewhere' : 'partly_confirmed_elsewhere';
  if (row.state === 'problem' && row.reason === reason) return false;
  const moved = await moveOrder(deps.db, row.id, row.state, {
    to: kind === 'full' ? 'confirmed' : 'problem',
    actor: 'amazon',
    reason,
    note: noteOf(order),
  });
  if (!moved) return false;
  await deps.db.execute(sql`update order_shipments set confirmation = 'elsewhere'
                             where order_id = ${row.id}::uuid and confirmation in ('pending', 'refused', 'not_kept')`);
  if (kind === 'full') {
    const shipTimes = (order.packages ?? []).map((p) => Date.parse(p.shipTime ?? '')).filter((t) => t > 0);
    const shipped = shipTimes.length ? Math.min(...shipTimes) : nowOf(deps);
    await deps.db.execute(sql`update orders set shipped_at = coalesce(shipped_at, ${new Date(shipped)}),
        address_erase_at = coalesce(address_erase_at,
          ${new Date(shipped + ORDER_PII_RETENTION_DAYS * 86_400_000)})
      where id = ${row.id}::uuid`);
  }
  return true;
}
