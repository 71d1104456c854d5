import type { ProductSide } from '@crossmarket/domain';
import { laneInForce } from '../lanes';
import { nowOf, type OrdersDeps } from './deps';
import type { ItemRecord } from './repo';

export interface SourceNow {
  /** The source's buy price now, in the buying marketplace's currency; null when unknown. */
  price: number | null;
  shipping: number | null;
  /** False: sold out at the source; null: the source did not answer. */
  in_stock: boolean | null;
  /** Other new offers the seller could buy instead. */
  other_offers: number;
  checked_at: Date | null;
  side: ProductSide | null;
}

const UNKNOWN: SourceNow = {
  price: null,
  shipping: null,
  in_stock: null,
  other_offers: 0,
  checked_at: null,
  side: null,
};

/**
 * The source offer of a linked item as the source marketplace answers now (a fresh lookup, not a kept one:
 * `fresh`), under the seller's own authorisation where they have one, quoted for the lane's route (a reship
 * lane buys for delivery to the forwarder at home).
 */
export async function sourceNow(deps: OrdersDeps, userId: string, item: ItemRecord): Promise<SourceNow> {
  if (!deps.marketplace || !item.product_code || !item.from_country || !item.to_country) return UNKNOWN;
  const lane = await laneInForce(deps.db, userId, item.from_country, item.to_country);
  const resolved = await deps.accounts?.forUser(userId, item.from_country);
  const account = resolved?.account ?? { tenant: userId };
  try {
    const [side] = await deps.marketplace.lookup([item.product_code], item.from_country, {
      shipTo: lane.route === 'reship' ? item.from_country : item.to_country,
      route: lane.route,
      account,
      fresh: true,
    });
    const s = side?.side;
    if (!s || s.status === 'noanswer') return { ...UNKNOWN, checked_at: new Date(nowOf(deps)) };
    const offer = s.buybox && !s.buybox.available_later ? s.buybox : s.lowest;
    return {
      price: offer?.buy_price ?? null,
      shipping: offer?.shipping_fee ?? null,
      in_stock: s.status !== 'nostock' && offer !== null,
      other_offers: Math.max(0, (s.total_prices_count ?? 0) - (offer ? 1 : 0)),
      checked_at: new Date(nowOf(deps)),
      side: s,
    };
  } catch (error) {
    deps.logger.warn({ err: error, orderItem: item.order_item_id }, 'source lookup for an order failed');
    return UNKNOWN;
  }
}
