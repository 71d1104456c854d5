import { createHash } from 'node:crypto';
import { AuthorisationRevokedError } from '../errors';
import type { LookupAccount, LookupLane } from '../types';
import {
  localPacing,
  SPAPI_LIMITS,
  UPDATE_SHARE,
  type PacedName,
  type Pacer,
  type PacerFactory,
  type SpapiOperation,
} from './pacing';
import type { CountedCall } from './call-counter';
import { LWA_TOKEN_URL, SPAPI_ENDPOINTS, type SpapiRegion } from './regions';

export interface SpapiCredentials {
  clientId: string;
  clientSecret: string;
  /**
   * The deployment's shared authorisation per selling-partner region (`SPAPI_REFRESH_TOKEN_*`), used for
   * calls that bring no seller authorisation of their own.
   */
  refreshTokens: Partial<Record<SpapiRegion, string>>;
}

export interface SpapiClientOptions {
  credentials: SpapiCredentials;
  /** Other hosts speaking the same API (tests, sandboxes). */
  endpoints?: Partial<Record<SpapiRegion, string>>;
  lwaUrl?: string;
  maxRetries?: number;
  /** First backoff after a 429 or 5xx, doubled per try, with full jitter. */
  backoffMs?: number;
  /**
   * Where the token buckets live: this process (default), or PostgreSQL (`postgresPacing`) so that every
   * worker using the same seller authorisation shares one allowance.
   */
  pacing?: PacerFactory;
  /** Told of every request sent under a seller's own authorisation (the console's call counts). */
  countCall?: (call: CountedCall) => void;
}

export class SpapiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SpapiError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A thin SP-API client: Login with Amazon tokens (cached until a minute before expiry), one token bucket
 * per seller authorisation (a call's own, else the shared one of its region) and operation (the documented limits, then whatever `x-amzn-RateLimit-Limit`
 * says; in this process or shared through PostgreSQL), and retries with exponential backoff and jitter
 * on 429 and 5xx.
 */
export function createSpapiClient(options: SpapiClientOptions) {
  /** Access tokens by authorisation (`authKey`). */
  const tokens = new Map<string, { value: string; expiresAt: number }>();
  const buckets = new Map<string, Pacer>();
  /**
   * `itemRetries`/`unanswered`: batch items asked again, and those never answered; `cacheErrors`: lookup
   * cache reads or writes that failed (lookups then asked Amazon); `unusable`: items answered in a way we
   * do not read (another currency, not processed yet). Kept by the provider.
   */
  const stats = {
    requests: 0,
    throttled: 0,
    retries: 0,
    itemRetries: 0,
    unanswered: 0,
    cacheErrors: 0,
    unusable: 0,
  };
  const maxRetries = options.maxRetries ?? 6;
  const backoffMs = options.backoffMs ?? 1000;
  const pacing = options.pacing ?? localPacing;

  /**
   * The authorisation's name in pacing and the token cache, never the refresh token itself: a hash of the
   * application and the refresh token. Not the selling partner id a seller's consent named: that id comes
   * from the browser and is public, so keying by it would let one user draw on another's access token or
   * pace (docs/decisions.md, "Lookups run under the owner's authorisation").
   */
  const authKey = (region: SpapiRegion, account: LookupAccount | undefined) =>
    `${region}:${createHash('sha256')
      .update(
        `${options.credentials.clientId}\n${account?.own?.refreshToken ?? options.credentials.refreshTokens[region] ?? ''}`,
      )
      .digest('hex')
      .slice(0, 32)}`;

  const bucket = (seller: string, name: PacedName, limits: { rate: number; burst: number }) => {
    const key = `${seller}:${name}`;
    let found = buckets.get(key);
    if (!found) {
      found = pacing({ seller, operation: name }, limits);
      buckets.set(key, found);
    }
    return found;
  };
  /** The updates' own bucket of an operation reports also need, at their share of its rate. */
  const laneOf = (seller: string, operation: SpapiOperation, lane: LookupLane | undefined) => {
    const share = lane === 'update' ? UPDATE_SHARE[operation] : undefined;
    if (share === undefined) return undefined;
    const { rate, burst } = SPAPI_LIMITS[operation];
    return { share, pacer: bucket(seller, `${operation}:update`, { rate: rate * share, burst }) };
  };

  const exchanging = new Map<string, Promise<string>>();
  /** One exchange at a time per authorisation: parallel calls wait for the same token. */
  function accessToken(
    region: SpapiRegion,
    key: string,
    account: LookupAccount | undefined,
  ): Promise<string> {
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now() + 60_000) return Promise.resolve(cached.value);
    let pending = exchanging.get(key);
    if (!pending) {
      pending = exchangeToken(region, key, account).finally(() => exchanging.delete(key));
      exchanging.set(key, pending);
    }
    return pending;
  }

  async function exchangeToken(
    region: SpapiRegion,
    key: string,
    account: LookupAccount | undefined,
  ): Promise<string> {
    const refreshToken = account?.own?.refreshToken ?? options.credentials.refreshTokens[region];
    if (!refreshToken) {
      throw new SpapiError(
        0,
        `No SP-API authorisation for region ${region.toUpperCase()} (SPAPI_REFRESH_TOKEN_${region.toUpperCase()})`,
      );
    }
    const res = await fetch(options.lwaUrl ?? LWA_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: options.credentials.clientId,
        client_secret: options.credentials.clientSecret,
      }),
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) {
      const refusal = (await res.json().catch(() => ({}))) as { error?: string };
      if (account?.own && refusal.error === 'invalid_grant') throw new AuthorisationRevokedError(region);
      throw new SpapiError(res.status, `Login with Amazon refused the token exchange (${res.status})`);
    }
    const body = (await res.json()) as { access_token: string; expires_in: number };
    tokens.set(key, { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 });
    return body.access_token;
  }

  async function call<T>(
    region: SpapiRegion,
    operation: SpapiOperation,
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown; lane?: LookupLane; account?: LookupAccount },
  ): Promise<T> {
    const base = options.endpoints?.[region] ?? SPAPI_ENDPOINTS[region];
    const key = authKey(region, init.account);
    const tenant = init.account?.tenant;
    // Exchanged before the wait when none is cached, so the request leaves as soon as the bucket lets it,
    // and before the bucket is made: a bucket that filled during a first exchange would spend more than
    // Amazon's (which starts at our first request's arrival).
    await accessToken(region, key, init.account);
    const pace = bucket(key, operation, SPAPI_LIMITS[operation]);
    const lane = laneOf(key, operation, init.lane);
    let exchangedAfter403 = false;
    for (let attempt = 0; ; attempt++) {
      // Read again after the wait, which can outlast a token (a cached one is renewed a minute early),
      // and after a 403 dropped it.
      await accessToken(region, key, init.account);
      // The lane first: an update waiting for its share holds no token reports could use.
      await lane?.pacer.take(tenant);
      await pace.take(tenant);
      const token = await accessToken(region, key, init.account);
      stats.requests += 1;
      const res = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          'x-amz-access-token': token,
          'content-type': 'application/json',
          'user-agent': 'Crossmarket/0.1 (Language=TypeScript)',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(30_000),
      });
      // The owner of an own authorisation is the tenant its lookups run for (features/amazon).
      const owner = init.account?.own ? init.account.tenant : undefined;
      if (owner) options.countCall?.({ userId: owner, region, operation, throttled: res.status === 429 });
      const limit = Number(res.headers.get('x-amzn-ratelimit-limit'));
      // 3 % under the announced rate: timer jitter then never tips a request over Amazon's limit.
      if (limit > 0) {
        await pace.setRate(limit * 0.97);
        await lane?.pacer.setRate(limit * 0.97 * lane.share);
      }
      // A 403 is an access token Amazon no longer takes (expired, or the consent changed): one new
      // exchange per call, whenever it comes; a second 403 with a fresh token is a real refusal.
      const retryable = res.status === 429 || res.status >= 500 || (res.status === 403 && !exchangedAfter403);
      if (res.ok) return (await res.json()) as T;
      await res.body?.cancel();
      if (!retryable || attempt >= maxRetries) {
        throw new SpapiError(res.status, `SP-API ${operation} answered ${res.status}`);
      }
      stats.retries += 1;
      if (res.status === 403) {
        exchangedAfter403 = true;
        // Only the token Amazon refused: parallel calls refused alike then share one new exchange, and
        // a token another call has exchanged meanwhile is kept.
        if (tokens.get(key)?.value === token) tokens.delete(key);
        continue;
      }
      if (res.status === 429) {
        stats.throttled += 1;
        await pace.drain();
      }
      await sleep(Math.random() * backoffMs * 2 ** attempt);
    }
  }

  return { call, stats };
}
export type SpapiClient = ReturnType<typeof createSpapiClient>;
