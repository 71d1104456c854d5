import {
  dayIn,
  defaultLaneSettings,
  FIXED_RATES,
  parcelOf,
  reportLane,
  sellerTaxProfileOf,
  type LaneSettingsInput,
  type PricingContext,
  type PricingSettings,
  type ProductSide,
  type RegionCode,
  type ReportLane,
  laneSettingsSchema,
} from '@crossmarket/domain';

/** A report lane snapshot as the server takes it today for a user without a profile country. */
export const laneSnapshot = (settings: LaneSettingsInput = {}): ReportLane => ({
  settings: { ...defaultLaneSettings(), ...laneSettingsSchema.parse(settings) },
  on: dayIn(),
  seller: sellerTaxProfileOf(null),
});

/**
 * What the server prices with for a user who saved no lane (the default landed lane, issue 45) or with
 * the given settings: the expectation side of tests that compare the server's figures with priceProduct.
 */
export function laneCtx(
  from: RegionCode,
  to: RegionCode,
  settings: Pick<PricingSettings, 'parity'>,
  lane: LaneSettingsInput = {},
  rates: Readonly<Record<string, number>> = FIXED_RATES,
): PricingContext {
  return { toRegion: to, lane: reportLane(from, to, settings.parity, rates, laneSnapshot(lane)) };
}

/** A row with its parcel, as the worker stores it for the rate card. */
export const withParcel = <R extends { row_cross: ProductSide }>(r: R) => ({
  ...r,
  parcel: parcelOf(r.row_cross),
});
