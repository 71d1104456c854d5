import { parcelOf, type LaneSettings, type ProductSide } from '@crossmarket/domain';

/**
 * Whether a row's profit counts the international leg as an assumption, as the money model marks its
 * `international_shipping` line: a landed lane that reships with no rate card, or a rate card but no
 * weight or dimensions for the product when the card charges by the kg (then only the per-parcel amount is
 * charged).
 */
export function intlLegUnset(
  lane: LaneSettings | null | undefined,
  buying: Pick<ProductSide, 'weight' | 'package_dimensions'>,
): boolean {
  if (!lane || lane.mode === 'simple' || lane.route === 'source_ships') return false;
  if (!lane.rate_card) return true;
  // A per-parcel card (a starting one) charges the same whatever the weight.
  if (lane.rate_card.per_kg === 0) return false;
  const parcel = parcelOf(buying);
  return parcel === null || (parcel.weight_kg === null && parcel.dims_cm === null);
}
