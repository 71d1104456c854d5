import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Logger } from '../../../logger';
import type { SpapiRegion } from './regions';

/** One request that left for Amazon under a seller's own authorisation (the shared one is not counted). */
export interface CountedCall {
  userId: string;
  region: SpapiRegion;
  operation: string;
  throttled: boolean;
}

/** Purge the day-old minutes about once in this many writes: cheap, and no job of its own. */
const PURGE_EVERY = 500;

/**
 * Counts each seller's SP-API calls per minute and operation in `spapi_calls`, for the console's Work
 * page. A count is one upsert sent without waiting: a failed write is logged and never slows or fails a
 * lookup, so the numbers are a floor, not a ledger.
 */
export function postgresCallCounter(db: Db, logger?: Logger) {
  let writes = 0;
  return (call: CountedCall) => {
    const throttled = call.throttled ? 1 : 0;
    const purge = ++writes % PURGE_EVERY === 0;
    void (async () => {
      await db.execute(sql`
        insert into spapi_calls (user_id, region, operation, minute, calls, throttled)
        values (${call.userId}, ${call.region}, ${call.operation}, date_trunc('minute', now()), 1, ${throttled})
        on conflict (user_id, region, operation, minute)
        do update set calls = spapi_calls.calls + 1, throttled = spapi_calls.throttled + excluded.throttled`);
      if (purge) await db.execute(sql`delete from spapi_calls where minute < now() - interval '1 day'`);
    })().catch((error: unknown) => logger?.warn({ err: error }, 'could not count an SP-API call'));
  };
}
