import type { RegionCode } from '@crossmarket/domain';

/** The id of a lane's card on Settings → Lanes, and the address that opens the tab at it. */
export const laneAnchor = (from: RegionCode, to: RegionCode) => `lane-${from}-${to}`;
export const laneHref = (from: RegionCode, to: RegionCode) => `/settings/lanes#${laneAnchor(from, to)}`;
