import {
  dayIn,
  reportLane,
  sellerTaxProfileOf,
  type RegionCode,
  type ReportLane,
  type ResolvedLane,
} from '@crossmarket/domain';
import type { Db } from '../../db/client';
import { laneInForce, profileCountry } from './repo';

/**
 * What a report is priced with from now on: the lane in force, today's rules (Istanbul's day) and the
 * seller's profile. Kept on the report (`reports.lane`) when it is created and when its settings are saved.
 */
export async function snapshotLane(
  db: Pick<Db, 'select'>,
  userId: string,
  from: RegionCode,
  to: RegionCode,
): Promise<ReportLane> {
  const [settings, country] = await Promise.all([
    laneInForce(db, userId, from, to),
    profileCountry(db, userId),
  ]);
  return { settings, on: dayIn(), seller: sellerTaxProfileOf(country) };
}

/**
 * The lane in force now, resolved: for what is priced as it is looked up (inventories, the quick check),
 * which has no report to keep a snapshot on.
 */
export async function laneNow(
  db: Pick<Db, 'select'>,
  userId: string,
  from: RegionCode,
  to: RegionCode,
  parity: number,
  rates?: Readonly<Record<string, number>> | null,
): Promise<ResolvedLane | null> {
  return reportLane(from, to, parity, rates, await snapshotLane(db, userId, from, to));
}
