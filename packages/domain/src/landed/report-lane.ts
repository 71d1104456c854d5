import type { RegionCode } from '../regions';
import { reportLaneSchema, type ReportLane } from '../schemas/lanes';
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
  const snapshot: ReportLane = reportLaneSchema.parse(stored);
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
