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
    try {
      const { token } = box.open(
        {
          ciphertext: row.refreshTokenCiphertext,
          iv: row.refreshTokenIv,
          authTag: row.refreshTokenTag,
          keyId: row.keyId,
        },
        context,
      );
      await reseal(db, row, box.seal(token, context));
      report.resealed++;
    } catch (error) {
      // An unknown key, or a row that does not open under the key it names: left (counted below).
      if (!(error instanceof UnknownTokenKeyError) && !(error instanceof Error)) throw error;
    }
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
