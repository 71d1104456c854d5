import type { Limit } from './rate-limit';
import { addressKey } from './rate-limit';

/**
 * The token of an `Authorization: Bearer <token>` header; null when the request names no bearer, '' when
 * it names one badly (which no key matches: a 401, never a fall back to the cookie).
 */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization || !/^Bearer(\s|$)/i.test(authorization)) return null;
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
}

/**
 * Wrong bearer tokens one client (an address, an IPv6 /64) may send in the window, times RATE_LIMIT_SCALE.
 * Each costs a hash and a query; past the limit the client gets 429 before either, whatever it sends.
 */
export const BAD_TOKENS_PER_CLIENT: Limit = { name: 'bad-token', max: 30, windowSeconds: 15 * 60 };

/** The rate_limits key of a client's wrong tokens. */
export const badTokenKey = (ip: string) => `${BAD_TOKENS_PER_CLIENT.name}:ip:${addressKey(ip)}`;
