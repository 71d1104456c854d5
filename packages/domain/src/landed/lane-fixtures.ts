import type { FeeSchedule } from '../pricing/commission';
import type { RegionCode } from '../regions';
import { laneSettingsSchema, type LaneSettingsInput, type SellerTaxProfile } from '../schemas/lanes';
import type { LaneContext, ProductCosts } from './types';

// Builders for the landed model's tests (no fast-check here: imported by tests only).

export const ON = '2026-11-26';

export function laneCtx(
  from: RegionCode,
  to: RegionCode,
  parity: number,
  lane: LaneSettingsInput = {},
  seller: Partial<SellerTaxProfile> = {},
  on = ON,
): LaneContext {
  return {
    from,
    to,
    on,
    parity,
    lane: laneSettingsSchema.parse(lane),
    seller: { establishment: 'us', registered_home: false, ...seller },
  };
}

export const flat15: FeeSchedule = { kind: 'flat', rate: 0.15 };

export function product(o: Partial<ProductCosts> = {}): ProductCosts {
  return {
    buy_price: 50,
    shipping_fee: 0,
    import_fee: 0,
    parcel: { weight_kg: 1, dims_cm: { length: 20, width: 15, height: 10 } },
    schedule: flat15,
    fee_source: 'table',
    category: null,
    ...o,
  };
}

/** The amount of each line by key. */
export const amounts = (lines: readonly { key: string; amount: number }[]) =>
  Object.fromEntries(lines.map((l) => [l.key, l.amount]));
