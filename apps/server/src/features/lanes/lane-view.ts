import {
  rulesInForce,
  dayIn,
  type LaneResponse,
  type LaneSettings,
  type RegionCode,
  type SellerTaxProfile,
} from '@crossmarket/domain';

/** A lane as `/api/lanes` answers it: its settings in force and the rules it uses today, with sources. */
export function laneView(
  from: RegionCode,
  to: RegionCode,
  settings: LaneSettings,
  updatedAt: Date | null,
  seller: SellerTaxProfile,
  on = dayIn(),
): LaneResponse {
  return {
    from,
    to,
    settings,
    saved: updatedAt !== null,
    updated_at: updatedAt?.toISOString() ?? null,
    rules: rulesInForce(from, to, settings, seller, on).map(({ family, row }) => ({
      family,
      row: row && {
        id: row.id,
        source: row.source,
        effective_from: row.effective_from,
        assumed: row.assumed,
        rate: 'rate' in row && typeof row.rate === 'number' ? row.rate : null,
      },
    })),
  };
}
