import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { HttpError } from './errors';

export interface Limit {
  /** Name of the bucket, e.g. "sign-in". */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every server process shares them. One round trip per check:
 * an upsert that restarts the window when it has passed and returns the new count.
 */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count`);
  return Number(result.rows[0]?.count ?? 0);
}

export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

export type Limiter = (
  request: FastifyRequest,
  limits: { perIp: Limit; perEmail?: Limit },
  email?: string | null,
) => Promise<void>;

/**
 * Counts one attempt per IP and, when the body names one, per e-mail; 429 once either passes its limit.
 * `scale` multiplies every limit (RATE_LIMIT_SCALE).
 */
export function createLimiter(db: Db, scale = 1): Limiter {
  return async (request, limits, email) => {
    const checks: [string, Limit][] = [[`${limits.perIp.name}:ip:${request.ip}`, limits.perIp]];
    if (limits.perEmail && email) {
      checks.push([`${limits.perEmail.name}:email:${email.trim().toLowerCase()}`, limits.perEmail]);
    }
    for (const [key, limit] of checks) {
      if ((await hit(db, key, limit.windowSeconds)) > limit.max * scale) {
        throw new HttpError(429, 'rate_limited', TOO_MANY, { retryAfterSeconds: limit.windowSeconds });
      }
    }
  };
}

/** Drops windows that ended more than a day ago (the daily cleanup job). */
export async function pruneRateLimits(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  return result.rowCount ?? 0;
}
