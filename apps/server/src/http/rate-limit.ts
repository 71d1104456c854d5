import { englishMessage } from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Db } from '../db/client';
import { HttpError } from './errors';

export interface Limit {
  /** Name of the bucket, e.g. "sign-in". */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface Count {
  count: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every server process shares them. One round trip per check:
 * an upsert that restarts the window when it has passed and returns the new count.
 */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<number> {
  return (await count(db, key, windowSeconds)).count;
}

/**
 * How a count is committed. `durable: false` commits it without waiting for the WAL flush
 * (`synchronous_commit` off for that statement's own transaction only): a crash of PostgreSQL may then
 * forget the last fraction of a second of counts. For a counter every call of a kind writes (the session
 * rate of `/v1/*`), that wait was most of the call's time in front of the handler under load (issue 47).
 * Counts that stop an attack (sign-in, wrong tokens) stay durable.
 */
export interface CountOptions {
  durable?: boolean;
}

/**
 * The upsert that counts one request under `key` (an SQL expression, so that another statement can name
 * the key from what it reads, e.g. the session's user) for each row of `from` … `where` (one row counts
 * once; none, nothing), and returns the new `count` and the seconds the window has `left`. A statement may
 * carry it as a CTE.
 */
export function countStatement(
  key: SQL,
  windowSeconds: number,
  { durable = true, from, where }: CountOptions & { from?: SQL; where?: SQL } = {},
): SQL {
  // set_config(…, true) lasts until the end of the statement's implicit transaction, whose commit reads it;
  // the row source must use it or PostgreSQL would not evaluate it.
  const sources = [
    ...(from ? [from] : []),
    ...(durable ? [] : [sql`(select set_config('synchronous_commit', 'off', true)) as lazy`]),
  ];
  const rows = sources.length ? sql` from ${sql.join(sources, sql`, `)}` : sql``;
  return sql`
    insert into rate_limits (key, window_start, count) select ${key}, now(), 1${rows}${where ? sql` where ${where}` : sql``}
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now()) as left`;
}

/** A count as {@link countStatement} returns it, read. */
export const countOf = (row: { count: unknown; left: unknown } | undefined): Count => ({
  count: Number(row?.count ?? 0),
  retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.left ?? 1))),
});

/** {@link hit}, also telling how long the window has left. */
export async function count(
  db: Db,
  key: string,
  windowSeconds: number,
  { durable = true }: CountOptions = {},
): Promise<Count> {
  const result = await db.execute<{ count: number; left: number }>(
    countStatement(sql`${key}`, windowSeconds, { durable }),
  );
  return countOf(result.rows[0]);
}

/**
 * The client an address stands for, as rate-limit keys name it. An IPv6 host is handed a whole /64 (one
 * machine can take any of its 2^64 addresses), so IPv6 counts by /64 prefix (`2001:db8:1:2::/64`); an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket reports an IPv4 peer) is that IPv4
 * address. Anything that is not an address (a test's made-up name) is used as it is.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!ipaddr.isValid(address)) return ip;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return ip;
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The count of a window still running, without adding to it (0 when none). */
export async function peek(db: Db, key: string, windowSeconds: number): Promise<Count> {
  const result = await db.execute<{ count: number; left: number }>(sql`
    select count, extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now()) as left
    from rate_limits
    where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`);
  const row = result.rows[0];
  return row
    ? { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil(Number(row.left))) }
    : { count: 0, retryAfterSeconds: 0 };
}

export const TOO_MANY_KEY = 'apiErrors.tooMany';
export const TOO_MANY = englishMessage(TOO_MANY_KEY);

export const tooMany = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', TOO_MANY, { key: TOO_MANY_KEY, retryAfterSeconds });

/** Counts one request against `limit` under `key`; 429 with the time left once it is used up. */
export async function enforceLimit(
  db: Db,
  key: string,
  limit: Limit,
  scale = 1,
  options?: CountOptions,
): Promise<void> {
  const counted = await count(db, key, limit.windowSeconds, options);
  if (counted.count > limit.max * scale) throw tooMany(counted.retryAfterSeconds);
}

export interface Limits {
  /** Every request from one address. */
  perIp: Limit;
  /** Every request naming one e-mail, from anywhere: the ceiling that stops a spread-out attack. */
  perEmail?: Limit;
  /** Requests naming one e-mail from one address: a stranger uses up their own share, not the owner's. */
  perEmailAndIp?: Limit;
}

export interface Limiter {
  (request: FastifyRequest, limits: Limits, email?: string | null): Promise<void>;
  /** 429 when `limit` (failures only, recorded with `recordFailure`) is used up for this e-mail. */
  checkFailures(limit: Limit, email: string): Promise<void>;
  recordFailure(limit: Limit, email: string): Promise<void>;
}

export const emailKey = (email: string) => email.trim().toLowerCase();

/** The key of the failures `limit` counts for one e-mail. */
export const emailFailureKey = (limit: Limit, email: string) => `${limit.name}:email:${emailKey(email)}`;

/** 429 once the failures counted under `key` (see {@link recordFailureAt}) have used `limit` up. */
export async function checkFailuresAt(db: Db, key: string, limit: Limit, scale = 1): Promise<void> {
  const failures = await peek(db, key, limit.windowSeconds);
  if (failures.count >= limit.max * scale) throw tooMany(failures.retryAfterSeconds);
}

/** Counts one failure under `key`, in `limit`'s window. */
export async function recordFailureAt(db: Db, key: string, limit: Limit): Promise<void> {
  await count(db, key, limit.windowSeconds);
}

/**
 * Gives back one attempt counted with {@link enforceLimit} before it was tried, once it turned out not to
 * be a failure: counting first means parallel attempts cannot all pass a check that only reads.
 */
export async function releaseAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forgets a count (its window starts again at the next hit). */
export async function clearCount(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Counts one request per client (an IPv4 address or an IPv6 /64, {@link addressKey}) and, when the body
 * names one, per e-mail (and per e-mail and client); 429 with the time left once any passes its limit.
 * `scale` multiplies every limit (RATE_LIMIT_SCALE).
 */
export function createLimiter(db: Db, scale = 1): Limiter {
  const limiter = async (request: FastifyRequest, limits: Limits, email?: string | null) => {
    const client = addressKey(request.ip);
    const checks: [string, Limit][] = [[`${limits.perIp.name}:ip:${client}`, limits.perIp]];
    if (email) {
      const e = emailKey(email);
      if (limits.perEmailAndIp) {
        const l = limits.perEmailAndIp;
        checks.push([`${l.name}:email-ip:${e}:${client}`, l]);
      }
      if (limits.perEmail) checks.push([`${limits.perEmail.name}:email:${e}`, limits.perEmail]);
    }
    for (const [key, limit] of checks) await enforceLimit(db, key, limit, scale);
  };
  return Object.assign(limiter, {
    checkFailures: (limit: Limit, email: string) =>
      checkFailuresAt(db, emailFailureKey(limit, email), limit, scale),
    recordFailure: (limit: Limit, email: string) => recordFailureAt(db, emailFailureKey(limit, email), limit),
  });
}

/** Drops windows that ended more than a day ago (the daily cleanup job). */
export async function pruneRateLimits(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  return result.rowCount ?? 0;
}
