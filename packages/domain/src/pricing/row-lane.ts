import { laneModel, type LaneModel } from '../landed/model';
import type { ResolvedLane } from '../landed/resolve';
import type { RegionCode } from '../regions';
import { matchCommission, type CommissionMatch, type FeeSchedule } from './commission';
import { estimateSchedule } from './fee-estimate';
import type { PricedInput } from './price-product';
import type { CrossPricingSide, PricingOffer } from './pricing-input';
import type { PricingSettings } from './types';

export interface RowSchedule {
  commission: CommissionMatch;
  estimate: ReturnType<typeof estimateSchedule> | null;
  schedule: FeeSchedule;
}

/** The referral schedule for a row: its category's, replaced by Amazon's estimate when the row has one. */
export function rowSchedule(row: PricedInput, settings: PricingSettings, toRegion: RegionCode): RowSchedule {
  const to = row.row_to;
  const commission = matchCommission(
    to.sales_rank ? to.categories.concat(to.sales_rank.category) : to.categories,
    toRegion,
    settings.default_category_commission_rate,
  );
  const estimate = row.fees ? estimateSchedule(row.fees, commission.schedule, toRegion) : null;
  return { commission, estimate, schedule: estimate?.schedule ?? commission.schedule };
}

/** What the seller buys: the buy box, unless it ships only later (a pre-order), else the lowest offer. */
export function sourceOffer(cross: CrossPricingSide): PricingOffer | null {
  const box = cross.buybox?.available_later ? null : cross.buybox;
  return box?.buy_price ? box : cross.lowest?.buy_price ? cross.lowest : null;
}

/** The lane's money model for buying `offer`; null without a lane or a buy price. */
export function modelForOffer(
  row: PricedInput,
  lane: ResolvedLane | null,
  offer: PricingOffer | null,
  s: RowSchedule,
): LaneModel | null {
  if (!lane || !offer?.buy_price) return null;
  return laneModel(lane, {
    buy_price: offer.buy_price,
    shipping_fee: offer.shipping_fee ?? 0,
    import_fee: offer.import_fee ?? 0,
    parcel: row.parcel ?? null,
    schedule: s.schedule,
    fee_source: s.estimate?.referral ?? 'table',
    category: s.commission.category,
  });
}
