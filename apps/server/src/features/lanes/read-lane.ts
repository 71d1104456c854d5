import {
  defaultLaneSettings,
  sellerTaxProfileOf,
  type LaneResponse,
  type RegionCode,
} from '@crossmarket/domain';
import type { Db } from '../../db/client';
import { laneView } from './lane-view';
import { findLane, profileCountry } from './repo';

/** GET /api/lanes/:from/:to: the user's lane, or the defaults while nothing is saved. */
export async function readLane(
  db: Db,
  userId: string,
  from: RegionCode,
  to: RegionCode,
): Promise<LaneResponse> {
  const [lane, country] = await Promise.all([findLane(db, userId, from, to), profileCountry(db, userId)]);
  return laneView(
    from,
    to,
    lane?.settings ?? defaultLaneSettings(),
    lane?.updatedAt ?? null,
    sellerTaxProfileOf(country),
  );
}
