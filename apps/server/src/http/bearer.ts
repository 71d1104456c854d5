/**
 * The token of an `Authorization: Bearer <token>` header; null when the request names no bearer, '' when
 * it names one badly (which no key matches: a 401, never a fall back to the cookie).
 */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization || !/^Bearer(\s|$)/i.test(authorization)) return null;
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
}
