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

/** One of Amazon's `errors` of a refused request (`ErrorList` in every model). */
export interface SpapiErrorItem {
  code: string;
  message: string;
  details?: string;
}

export class SpapiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Amazon's reasons, when a 4xx answer carried them (a listings submission refused as a whole). */
    readonly errors: SpapiErrorItem[] = [],
  ) {
    super(message);
    this.name = 'SpapiError';
  }
}

/**
 * The request never got an HTTP answer: the connection was reset or refused, DNS failed, or it timed out.
 * Retried like a 5xx; thrown only when the retries are spent, as an `SpapiError` of status 0 so that a
 * caller that gives up one item on Amazon's errors (a restriction, a fee estimate) does the same here.
 */
export class SpapiNetworkError extends SpapiError {
  constructor(operation: string, cause: unknown) {
    const why =
      cause instanceof Error ? (cause.name === 'TimeoutError' ? 'timed out' : cause.message) : 'failed';
    super(0, `SP-API ${operation}: no answer (${why})`);
    this.cause = cause;
    this.name = 'SpapiNetworkError';
  }
}

/** Amazon's `{ errors: [...] }` of a refused request; nothing when the body is not that. */
function errorsOf(text: string): SpapiErrorItem[] {
  try {
    const parsed = JSON.parse(text) as { errors?: unknown };
    if (!Array.isArray(parsed.errors)) return [];
    return parsed.errors.flatMap((e: Partial<SpapiErrorItem>) =>
      typeof e?.code === 'string' && typeof e.message === 'string'
        ? [{ code: e.code, message: e.message, ...(e.details ? { details: String(e.details) } : {}) }]
        : [],
    );
  } catch {
    return [];
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether Amazon (or Login with Amazon) asks us to try again later: throttled, or failing on its side. */
const transient = (status: number) => status === 429 || status >= 500;

/**
 * A request and the reading of its body, with fetch's failures (a reset or refused connection, a DNS
 * failure, an abort on time-out: TypeError or DOMException) as one typed error. The body is read here
 * because a connection can also drop while it arrives.
 */
async function request<T>(
  operation: string,
  url: string,
  init: RequestInit,
  read: (res: Response) => Promise<T>,
): Promise<T> {
  try {
    return await read(await fetch(url, init));
  } catch (error) {
    if (error instanceof TypeError || (error instanceof DOMException && error.name !== 'SyntaxError'))
      throw new SpapiNetworkError(operation, error);
    throw error;
  }
}

/** Don't re-exchange a refused access token for one authorisation more than once a minute. */
export const REEXCHANGE_INTERVAL_MS = 60_000;

/**
 * A thin SP-API client: Login with Amazon tokens (cached until a minute before expiry), one token bucket
 * per seller authorisation (a call's own, else the shared one of its region) and operation (the documented limits, then whatever `x-amzn-RateLimit-Limit`
 * says; in this process or shared through PostgreSQL), and retries with exponential backoff and jitter
 * on 429, 5xx and network errors (Login with Amazon's too); a 401 or 403 gets one new access token.
 */
export function createSpapiClient(options: SpapiClientOptions) {
  /** Access tokens by authorisation (`authKey`). */
  const tokens = new Map<string, { value: string; expiresAt: number; at: number }>();
  /** When each authorisation's access token was last dropped because Amazon refused it (401/403). */
  const refusedAt = new Map<string, number>();
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
    /** Requests that got no HTTP answer (reset, refused, timed out) and were asked again. */
    networkErrors: 0,
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
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: options.credentials.clientId,
      client_secret: options.credentials.clientSecret,
    });
    for (let attempt = 0; ; attempt++) {
      type Answer = { status: number; body: { access_token?: string; expires_in?: number; error?: string } };
      let answer: Answer | SpapiNetworkError;
      try {
        answer = await request(
          'Login with Amazon',
          options.lwaUrl ?? LWA_TOKEN_URL,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
            signal: AbortSignal.timeout(20_000),
          },
          async (res) => ({
            status: res.status,
            body: (await res.json().catch((e: unknown) => {
              // A body that is not JSON says nothing; a connection lost while it arrived is a network error.
              if (e instanceof SyntaxError) return {};
              throw e;
            })) as Answer['body'],
          }),
        );
      } catch (error) {
        if (!(error instanceof SpapiNetworkError)) throw error;
        answer = error;
      }
      // Login with Amazon throttles (429) and fails (5xx) like any service: wait and ask again.
      const retry = answer instanceof SpapiNetworkError || transient(answer.status);
      if (retry && attempt < maxRetries) {
        stats.retries += 1;
        await sleep(Math.random() * backoffMs * 2 ** attempt);
        continue;
      }
      if (answer instanceof SpapiNetworkError) throw answer;
      const { status, body } = answer;
      if (status < 200 || status >= 300 || !body.access_token) {
        if (account?.own && body.error === 'invalid_grant') throw new AuthorisationRevokedError(region);
        throw new SpapiError(status, `Login with Amazon refused the token exchange (${status})`);
      }
      const now = Date.now();
      tokens.set(key, {
        value: body.access_token,
        expiresAt: now + (body.expires_in ?? 3600) * 1000,
        at: now,
      });
      return body.access_token;
    }
  }

  async function call<T>(
    region: SpapiRegion,
    operation: SpapiOperation,
    path: string,
    init: {
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      body?: unknown;
      lane?: LookupLane;
      account?: LookupAccount;
      /**
       * False for a write that must not be sent twice blind (a listing's put or patch, a createFeed): a
       * request that got no answer may have reached Amazon, so the caller reads back before sending again.
       */
      retryNetwork?: boolean;
    },
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
    let exchangedAfterRefusal = false;
    for (let attempt = 0; ; attempt++) {
      // Read again after the wait, which can outlast a token (a cached one is renewed a minute early),
      // and after a 401 or 403 dropped it.
      await accessToken(region, key, init.account);
      // The lane first: an update waiting for its share holds no token reports could use.
      await lane?.pacer.take(tenant);
      await pace.take(tenant);
      const token = await accessToken(region, key, init.account);
      stats.requests += 1;
      type Answer = { status: number; body?: T; limit: number; errors?: SpapiErrorItem[] };
      let answer: Answer | SpapiNetworkError;
      try {
        answer = await request(
          operation,
          `${base}${path}`,
          {
            method: init.method,
            headers: {
              'x-amz-access-token': token,
              'content-type': 'application/json',
              'user-agent': 'Crossmarket/0.1 (Language=TypeScript)',
            },
            body: init.body === undefined ? undefined : JSON.stringify(init.body),
            signal: AbortSignal.timeout(30_000),
          },
          async (res) => {
            const limit = Number(res.headers.get('x-amzn-ratelimit-limit'));
            // confirmShipment answers 204 with no body.
            if (res.status === 204) return { status: 204, body: undefined as T, limit };
            if (res.ok) return { status: res.status, body: (await res.json()) as T, limit };
            // A refusal's reasons (400, 404): kept for the caller, which may show them to the seller.
            if (res.status === 400 || res.status === 404) {
              const text = await res.text();
              return { status: res.status, limit, errors: errorsOf(text) };
            }
            await res.body?.cancel();
            return { status: res.status, limit };
          },
        );
      } catch (error) {
        if (!(error instanceof SpapiNetworkError)) throw error;
        answer = error;
      }
      // The owner of an own authorisation is the tenant its lookups run for (features/amazon).
      const owner = init.account?.own ? init.account.tenant : undefined;
      const status = answer instanceof SpapiNetworkError ? 0 : answer.status;
      if (owner) options.countCall?.({ userId: owner, region, operation, throttled: status === 429 });
      if (answer instanceof SpapiNetworkError) {
        // A reset connection or a time-out: the request may never have reached Amazon; ask again.
        if (attempt >= maxRetries || init.retryNetwork === false) throw answer;
        stats.retries += 1;
        stats.networkErrors += 1;
        await sleep(Math.random() * backoffMs * 2 ** attempt);
        continue;
      }
      // 3 % under the announced rate: timer jitter then never tips a request over Amazon's limit.
      if (answer.limit > 0) {
        await pace.setRate(answer.limit * 0.97);
        await lane?.pacer.setRate(answer.limit * 0.97 * lane.share);
      }
      if (answer.status >= 200 && answer.status < 300) return answer.body as T;
      // A 401 or 403 is an access token Amazon no longer takes (expired, or the consent changed): one new
      // exchange per call, whenever it comes, and per authorisation at most once a minute (a token
      // exchanged since is tried instead); a refusal of a token that fresh is a real refusal.
      const refused = answer.status === 401 || answer.status === 403;
      const retryable = transient(answer.status) || (refused && !exchangedAfterRefusal);
      if (!retryable || attempt >= maxRetries) {
        throw new SpapiError(answer.status, `SP-API ${operation} answered ${answer.status}`, answer.errors);
      }
      stats.retries += 1;
      if (refused) {
        exchangedAfterRefusal = true;
        const current = tokens.get(key);
        if (current?.value !== token) continue; // another call exchanged meanwhile: try that token
        const last = refusedAt.get(key);
        if (last !== undefined && Date.now() - last < REEXCHANGE_INTERVAL_MS) {
          throw new SpapiError(answer.status, `SP-API ${operation} answered ${answer.status}`);
        }
        // Only the token Amazon refused: parallel calls refused alike then share one new exchange.
        refusedAt.set(key, Date.now());
        tokens.delete(key);
        continue;
      }
      if (answer.status === 429) {
        stats.throttled += 1;
        await pace.drain();
      }
      await sleep(Math.random() * backoffMs * 2 ** attempt);
    }
  }

  return { call, stats };
}
export type SpapiClient = ReturnType<typeof createSpapiClient>;
