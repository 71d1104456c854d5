import {
  modelForOffer,
  parcelOf,
  rowSchedule,
  sourceOffer,
  type PricedInput,
  type PricingSettings,
  type LaneModel,
  type ProductSide,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { laneNow } from '../lanes';
import type { OrdersDeps } from './deps';
import type { ItemRecord } from './repo';

/**
 * The money model of an order item's offer: the lane in force, the inventory's pricing settings, buying the
 * source offer as it stands now (`fresh`, else the inventory's last lookup). Null without a link or a kept
 * lookup, or when the kept lookup lacks what the fee schedule reads (no figure rather than a wrong one).
 */
export async function modelAtOrder(
  deps: OrdersDeps,
  userId: string,
  item: ItemRecord,
  fresh: ProductSide | null,
): Promise<LaneModel | null> {
  if (!item.inventory_id || !item.product_code || !item.from_country || !item.to_country) return null;
  const found = await deps.db.execute<{
    snapshot: { row_cross: ProductSide; row_to: ProductSide } | null;
    settings: PricingSettings;
  }>(sql`
    select p.snapshot, i.settings from inventory_products p join inventories i on i.id = p.inventory_id
     where p.inventory_id = ${item.inventory_id}::uuid and p.code = ${item.product_code} and i.user_id = ${userId}`);
  const kept = found.rows[0];
  if (!kept?.snapshot?.row_to) return null;
  const cross = fresh ?? kept.snapshot.row_cross;
  const lane = await laneNow(deps.db, userId, item.from_country, item.to_country, kept.settings.parity);
  const row = {
    row_cross: cross,
    row_to: kept.snapshot.row_to,
    parcel: parcelOf(cross),
    individual: null,
  } as PricedInput;
  try {
    return modelForOffer(
      row,
      lane,
      sourceOffer(row.row_cross),
      rowSchedule(row, kept.settings, item.to_country),
    );
  } catch (error) {
    deps.logger.warn({ err: error, orderItem: item.order_item_id }, 'order money model not built');
    return null;
  }
}

/**
 * The profit of an order item at the price the buyer really paid, by the one money model (landed/): the
 * seller sees a loss before buying. Null without a link, a price or a source price.
 */
export async function profitAtOrderPrice(
  deps: OrdersDeps,
  userId: string,
  item: ItemRecord,
  fresh: ProductSide | null,
) {
  if (item.unit_price === null) return null;
  const model = await modelAtOrder(deps, userId, item, fresh);
  if (!model) return null;
  const amount = Math.round(model.profitAt(item.unit_price) * item.quantity * 100) / 100;
  const rate = model.rateAt(item.unit_price);
  return {
    amount,
    currency: model.currency,
    percent: rate === null ? null : Math.round(rate * 100) / 100,
    loss: amount < 0,
  };
}
