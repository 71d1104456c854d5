import { JOB_NAMES, type AmazonRegionCode } from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { amazonConnections } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { SellerAuthorisation } from '../../providers/marketplace/types';
import { resolveTokenKeys } from '../../secrets';
import { recipientOf, revokedMail } from './mails';
import { findConnected, reseal } from './repo';
import { CLEARED_TOKEN } from './reseal-all';
import { createTokenBox, sealContext, type TokenBox } from './token-box';

/** The token box of this process's keys (TOKEN_ENCRYPTION_KEY, its old keys, or the generated one). */
export const tokenBoxFor = (config: Config, logger: Logger): TokenBox =>
  createTokenBox(resolveTokenKeys(config, logger));

/**
 * The seller's own authorisation for a region (selling partner id and refresh token), for the lookups to
 * exchange at Login with Amazon; null when the seller has not connected the region or Amazon revoked it.
 * A token sealed under an old key is sealed again under the current one here, so a rotation completes as
 * tokens are used.
 */
export async function loadSellerAuthorisation(
  db: Db,
  box: TokenBox,
  userId: string,
  region: AmazonRegionCode,
): Promise<SellerAuthorisation | null> {
  const row = await findConnected(db, userId, region);
  if (!row) return null;
  const context = sealContext(userId, region);
  const { token, stale } = box.open(
    {
      ciphertext: row.refreshTokenCiphertext,
      iv: row.refreshTokenIv,
      authTag: row.refreshTokenTag,
      keyId: row.keyId,
    },
    context,
  );
  if (!stale) {
    const seal = { keyId: row.keyId, iv: row.refreshTokenIv };
    return { sellingPartnerId: row.sellingPartnerId, refreshToken: token, seal };
  }
  const sealed = box.seal(token, context);
  await reseal(db, row, sealed);
  const seal = { keyId: sealed.keyId, iv: sealed.iv };
  return { sellingPartnerId: row.sellingPartnerId, refreshToken: token, seal };
}

/**
 * Whether `own` is still the seller's connected authorisation for the region: the row's sealing unchanged
 * (one indexed read, nothing decrypted), or, sealed again since (a key rotation), the same token and
 * selling partner. False once the seller disconnected, connected another account, or Amazon revoked it.
 */
export async function isStillConnected(
  db: Db,
  box: TokenBox,
  userId: string,
  region: AmazonRegionCode,
  own: SellerAuthorisation,
): Promise<boolean> {
  const row = await findConnected(db, userId, region);
  if (!row || row.sellingPartnerId !== own.sellingPartnerId) return false;
  if (own.seal && row.keyId === own.seal.keyId && row.refreshTokenIv.equals(own.seal.iv)) return true;
  const { token } = box.open(
    {
      ciphertext: row.refreshTokenCiphertext,
      iv: row.refreshTokenIv,
      authTag: row.refreshTokenTag,
      keyId: row.keyId,
    },
    sealContext(userId, region),
  );
  return token === own.refreshToken;
}

/** The seller's refresh token for a region alone; null when there is none (see `loadSellerAuthorisation`). */
export async function loadSellerToken(
  db: Db,
  box: TokenBox,
  userId: string,
  region: AmazonRegionCode,
): Promise<string | null> {
  return (await loadSellerAuthorisation(db, box, userId, region))?.refreshToken ?? null;
}

/**
 * Login with Amazon answered `invalid_grant` for this seller's token: the seller removed the app or the
 * year ran out. The row turns `revoked` (so `loadSellerToken` stops handing it out and nothing retries it)
 * and the seller gets one mail: only the call that makes the change sends it, so concurrent lookups that
 * all hit the refusal, and later ones, send nothing. True when this call revoked it.
 */
export async function markRevoked(
  db: Db,
  queue: JobQueue,
  userId: string,
  region: AmazonRegionCode,
): Promise<boolean> {
  const changed = await db
    .update(amazonConnections)
    // The token is of no more use: its ciphertext goes, so no key is ever needed for it again.
    .set({ status: 'revoked', revokedAt: sql`now()`, ...CLEARED_TOKEN })
    .where(
      and(
        eq(amazonConnections.userId, userId),
        eq(amazonConnections.region, region),
        eq(amazonConnections.status, 'connected'),
      ),
    )
    .returning({ region: amazonConnections.region });
  if (changed.length === 0) return false;
  const to = await recipientOf(db, userId);
  if (to) await queue.send(JOB_NAMES.sendMail, revokedMail(to, region));
  return true;
}
