import { defaultLaneSettings, sellerTaxProfileOf, type LaneList } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import { laneView } from './lane-view';
import { listLanes, profileCountry, reportLanes } from './repo';

/** GET /api/lanes: the saved lanes and those of the user's reports (on the defaults), saved first. */
export async function listUserLanes(db: Db, userId: string): Promise<LaneList> {
  const [saved, used, country] = await Promise.all([
    listLanes(db, userId),
    reportLanes(db, userId),
    profileCountry(db, userId),
  ]);
  const seller = sellerTaxProfileOf(country);
  const key = (l: { from: string; to: string }) => `${l.from}:${l.to}`;
  const savedKeys = new Set(saved.map(key));
  const defaults = defaultLaneSettings();
  const lanes = [
    ...saved.map((l) => laneView(l.from, l.to, l.settings, l.updatedAt, seller)),
    ...used.filter((l) => !savedKeys.has(key(l))).map((l) => laneView(l.from, l.to, defaults, null, seller)),
  ].sort((a, b) => Number(b.saved) - Number(a.saved) || key(a).localeCompare(key(b)));
  return { defaults, seller, lanes };
}
