import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db } from '../db/client';
import type { App } from './app-type';
import { apiError, type HttpError } from './errors';
import { callerOf } from './guarded-scope';
import { enforceLimit, type Limit } from './rate-limit';
import { NO_TIMING, timingOf, type Timing } from './server-timing';

/** Calls one user may have running at once in one scope (`/v1/*`). */
export const IN_FLIGHT_PER_USER = 3;
/**
 * Calls one user may have waiting for a place, beyond those running; the next answers 429. A seller who
 * pages quickly leaves calls the browser no longer waits for, still running here: they queue for a moment
 * instead of turning the newest page into an error.
 */
export const QUEUED_PER_USER = 3;
/**
 * Of those, the filters and charts scans (one running per user, in this process): the report page's
 * filters and charts calls then take turns, and the scan pool's few connections serve several sellers.
 */
export const SCANS_PER_USER = 1;
export const QUEUED_SCANS_PER_USER = 3;

/** The longest a queued call waits for a place before it answers 429. */
export const QUEUE_WAIT_MS = 10_000;

/** How long a refused call is told to wait: a running call ends within seconds (statement timeout). */
const IN_FLIGHT_RETRY_SECONDS = 2;

/**
 * Requests a signed-in browser session may make to `/v1/*` in a minute, per user, times RATE_LIMIT_SCALE
 * (API tokens have their own limit, `TOKEN_RATE_LIMIT`). Ten a second on average: far above what a
 * seller clicking through the results table sends, low enough that a script cannot queue work for hours.
 */
export const SESSION_RATE_LIMIT: Limit = { name: 'analysis-session', max: 600, windowSeconds: 60 };

export const sessionRateKey = (userId: string) => `${SESSION_RATE_LIMIT.name}:${userId}`;

/**
 * Counts one `/v1` call of a session against {@link SESSION_RATE_LIMIT} (429 past it), without waiting
 * for the WAL flush (rate-limit.ts `durable`): a crash of PostgreSQL forgets a second of counts at most.
 */
export const enforceSessionRate = (db: Db, userId: string, scale = 1) =>
  enforceLimit(db, sessionRateKey(userId), SESSION_RATE_LIMIT, scale, { durable: false });

interface Lane {
  running: number;
  waiting: (() => void)[];
}

/**
 * Lets each key run `max` calls at once, queues `queued` more (each for at most `waitMs`) and refuses the
 * rest. It is kept per process on purpose: what it protects is this process's connection pool, and it
 * costs no query. A queued call holds no connection.
 */
export class InFlightLimit {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    readonly max: number,
    private readonly busy: () => HttpError,
    readonly queued = 0,
    private readonly waitMs = QUEUE_WAIT_MS,
  ) {}

  /** Runs `work` under `key`'s limit; the time it waited for its place is added to `timing`'s `lane`. */
  async run<T>(key: string, work: () => Promise<T>, timing: Timing = NO_TIMING): Promise<T> {
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = { running: 0, waiting: [] }));
    if (lane.running >= this.max) {
      const full = lane;
      await timing.time('lane', () => this.wait(full));
    }
    lane.running += 1;
    try {
      return await work();
    } finally {
      lane.running -= 1;
      const next = lane.waiting.shift();
      if (next) next();
      else if (lane.running === 0) this.lanes.delete(key);
    }
  }

  private wait(lane: Lane): Promise<void> {
    if (lane.waiting.length >= this.queued) throw this.busy();
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        lane.waiting.splice(lane.waiting.indexOf(go), 1);
        reject(this.busy());
      }, this.waitMs);
      lane.waiting.push(go);
    });
  }

  /** Calls running under `key` (for tests). */
  inFlight(key: string) {
    return this.lanes.get(key)?.running ?? 0;
  }
}

export const analysisBusy = () =>
  apiError(429, 'analysis_busy', 'apiErrors.analysisBusy', { retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS });

/**
 * Per-user limits on every route `scope` registers after this call (call it first in a guarded scope):
 * - a session caller's requests are counted in PostgreSQL like a token's (429 past
 *   {@link SESSION_RATE_LIMIT}), committed without waiting for the WAL flush: by the guard's own session
 *   read (the scope's `countSession`, one round trip for both, issue 63), else right after the guard,
 *   before the body is read;
 * - each handler runs under `limit`, keyed by the caller's user: the call holds its place until its work
 *   has settled (not merely until the client was answered, e.g. after a handler timeout), since that is
 *   when its database connections are free again.
 */
export function limitPerUser(
  scope: App,
  { db, scale, limit }: { db: Db; scale: number; limit: InFlightLimit },
) {
  // The scope's guard (guarded-scope.ts) reads it at each request.
  scope.decorate('countSession', SESSION_RATE_LIMIT);
  scope.addHook('onRequest', async (request) => {
    const caller = callerOf(request);
    // The guard counted it: against its token, or in the session read itself (`countSession`).
    if (caller.tokenId !== null || caller.counted) return;
    await timingOf(request).time('rate', () => enforceSessionRate(db, caller.userId, scale));
  });
  scope.addHook('onRoute', (route) => {
    const handler = route.handler as (
      this: unknown,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>;
    route.handler = function limited(this: unknown, request: FastifyRequest, reply: FastifyReply) {
      const timing = timingOf(request);
      const queued = performance.now();
      return limit.run(callerOf(request).userId, async () => {
        timing.add('queue', performance.now() - queued);
        try {
          return await handler.call(this, request, reply);
        } finally {
          timing.handled();
        }
      });
    } as RouteHandlerMethod;
  });
}
