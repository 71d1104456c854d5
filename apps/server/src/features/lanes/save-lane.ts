import {
  sellerTaxProfileOf,
  type LaneResponse,
  type LaneSettings,
  type RegionCode,
} from '@crossmarket/domain';
import type { Db } from '../../db/client';
import { laneView } from './lane-view';
import { profileCountry, upsertLane } from './repo';

/**
 * PUT /api/lanes/:from/:to: stores the whole lane. Reports keep the lane they were priced with until their
 * settings are saved again (analysis/save-settings.ts), so nothing is re-priced here.
 */
export async function saveLane(
  db: Db,
  userId: string,
  from: RegionCode,
  to: RegionCode,
  settings: LaneSettings,
): Promise<LaneResponse> {
  const [stored, country] = await Promise.all([
    upsertLane(db, userId, from, to, settings),
    profileCountry(db, userId),
  ]);
  return laneView(from, to, stored.settings, stored.updatedAt, sellerTaxProfileOf(country));
}
