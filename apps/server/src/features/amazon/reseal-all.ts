import type { AmazonRegionCode } from '@crossmarket/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { amazonConnections } from '../../db/schema';
import { reseal } from './repo';
import { sealContext, UnknownTokenKeyError, type TokenBox } from './token-box';

export interface ResealReport {
  /** Rows sealed again under the current key by this run. */
  resealed: number;
  /** Rows already under the current key. */
  current: number;
  /** Revoked rows whose ciphertext was still there, cleared now (nothing left to re-seal). */
  cleared: number;
  /** Rows still under another key, by key id: a key not given to this process, or a row that would not open. */
  left: Record<string, number>;
}

/**
 * A row could not be re-sealed for another reason than its key (the database, most likely): the run
 * stops rather than count it as left, which would send the operator looking for a key. Rows re-sealed
 * before it stay re-sealed; running it again carries on.
 */
export class ResealStoppedError extends Error {
  constructor(row: { userId: string; region: string }, cause: unknown) {
    const why = deepestMessage(cause);
    super(`the token of user ${row.userId} (${row.region}) could not be re-sealed: ${why}`, { cause });
    this.name = 'ResealStoppedError';
  }
}

/**
 * The first cause's own words: the database driver's, not the query wrapper's, whose message repeats the
 * statement's parameters (here the newly sealed token, which must not reach a log).
 */
function deepestMessage(error: unknown): string {
  let at = error;
  while (at instanceof Error && at.cause instanceof Error) at = at.cause;
  if (!(at instanceof Error)) return String(at);
  const code = (at as { code?: unknown }).code;
  return typeof code === 'string' ? `${at.message} (${code})` : at.message;
}

/** AES-GCM's refusal: the tag does not authenticate this ciphertext under this key and row (or is malformed). */
function doesNotAuthenticate(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    error.message === 'Unsupported state or unable to authenticate data' ||
    code === 'ERR_CRYPTO_INVALID_AUTH_TAG'
  );
}

/**
 * `crossmarket reseal-tokens`: every stored refresh token sealed under TOKEN_ENCRYPTION_KEY, whatever its
 * status or use (a token is otherwise re-sealed only when read while connected, so an idle seller's would
 * keep an old key for ever). Revoked rows keep no ciphertext. Once `left` is empty, no row needs an old
 * key and it can be dropped from TOKEN_ENCRYPTION_OLD_KEYS. Safe beside running servers and workers: a
 * row is rewritten only if it still holds what was read (`reseal`).
 */
export async function resealAllTokens(db: Db, box: TokenBox): Promise<ResealReport> {
  const cleared = await clearRevokedTokens(db);
  const report: ResealReport = { resealed: 0, current: 0, cleared, left: {} };
  const rows = await db.select().from(amazonConnections).where(eq(amazonConnections.status, 'connected'));
  for (const row of rows) {
    if (row.keyId === box.keyId) {
      report.current++;
      continue;
    }
    const context = sealContext(row.userId, row.region as AmazonRegionCode);
    let token: string;
    try {
      token = box.open(
        {
          ciphertext: row.refreshTokenCiphertext,
          iv: row.refreshTokenIv,
          authTag: row.refreshTokenTag,
          keyId: row.keyId,
        },
        context,
      ).token;
    } catch (error) {
      // A key this process was not given, or a row that does not open under the key it names: left
      // (counted below). Anything else is not "under the old key" and stops the run.
      if (error instanceof UnknownTokenKeyError || doesNotAuthenticate(error)) continue;
      throw new ResealStoppedError(row, error);
    }
    try {
      await reseal(db, row, box.seal(token, context));
    } catch (error) {
      throw new ResealStoppedError(row, error);
    }
    report.resealed++;
  }
  // What is still under another key now (a row re-sealed by a server meanwhile is current either way).
  const remaining = await db
    .select({ keyId: amazonConnections.keyId, n: sql<number>`count(*)::int` })
    .from(amazonConnections)
    .where(and(ne(amazonConnections.keyId, box.keyId), eq(amazonConnections.status, 'connected')))
    .groupBy(amazonConnections.keyId);
  report.left = Object.fromEntries(remaining.map((r) => [r.keyId, r.n]));
  return report;
}

/** The ciphertext columns of a revoked row: empty, and no key named. */
export const CLEARED_TOKEN = {
  refreshTokenCiphertext: Buffer.alloc(0),
  refreshTokenIv: Buffer.alloc(0),
  refreshTokenTag: Buffer.alloc(0),
  keyId: 'cleared',
};

/** Revoked rows that still hold a sealed token (revoked before tokens were cleared at revocation). */
async function clearRevokedTokens(db: Db): Promise<number> {
  const gone = await db
    .update(amazonConnections)
    .set(CLEARED_TOKEN)
    .where(and(eq(amazonConnections.status, 'revoked'), ne(amazonConnections.keyId, CLEARED_TOKEN.keyId)))
    .returning({ userId: amazonConnections.userId });
  return gone.length;
}
