import type { RegionCode } from '../regions';
import { parseReportLane, type LaneRoute, type ReportLane } from '../schemas/lanes';
import { resolveLane, type ResolvedLane } from './resolve';

/**
 * A report's lane, resolved once per request with its parity (after auto parity) and rates. Null for a
 * report priced before lanes existed: it keeps the specification's formula until its settings are saved.
 */
export function reportLane(
  from: RegionCode,
  to: RegionCode,
  parity: number,
  rates: Readonly<Record<string, number>> | null | undefined,
  stored: unknown,
): ResolvedLane | null {
  if (stored === null || stored === undefined) return null;
  // Re-read through the schema: a lane setting added later takes its default.
  const snapshot: ReportLane = parseReportLane(stored);
  return resolveLane({
    from,
    to,
    on: snapshot.on,
    parity,
    ...(rates ? { rates } : {}),
    lane: snapshot.settings,
    seller: snapshot.seller,
  });
}

/**
 * How the buying side of a lane is looked up: on a landed `reship` lane the purchase is delivered in the
 * buying country (to the seller's forwarder), so its offers' shipping is the home one and no import fee is
 * quoted. Without a lane (the specification's formula) and in `simple` mode, the source ships to the buyer.
 */
export function lookupRoute(lane: ResolvedLane | null | undefined): LaneRoute | undefined {
  return lane && lane.lane.mode === 'landed' ? lane.lane.route : undefined;
}
