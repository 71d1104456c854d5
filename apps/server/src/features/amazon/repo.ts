import { createHash, randomBytes } from 'node:crypto';
import type { AmazonRegionCode } from '@crossmarket/domain';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { amazonConnections, amazonOauthStates } from '../../db/schema';
import type { SealedToken } from './token-box';

export type ConnectionRow = typeof amazonConnections.$inferSelect;

/** How long a consent link's state is accepted, and a year of authorisation as Amazon counts it. */
const STATE_MINUTES = 10;
const RENEW_AFTER_DAYS = 365;
/** Live consent links one user may hold at once: plenty for a few tabs, not a table filler. */
const MAX_LIVE_STATES = 20;

const hashState = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');

/**
 * A new consent link's state for this user and region, stored hashed; `limit` when the user already holds
 * too many live ones. The user's used and expired states go first, so the table holds live ones only.
 */
export async function createState(
  db: Db,
  userId: string,
  region: AmazonRegionCode,
): Promise<string | 'limit'> {
  await db
    .delete(amazonOauthStates)
    .where(
      and(
        eq(amazonOauthStates.userId, userId),
        or(sql`${amazonOauthStates.usedAt} is not null`, lte(amazonOauthStates.expiresAt, sql`now()`)),
      ),
    );
  const [live] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(amazonOauthStates)
    .where(eq(amazonOauthStates.userId, userId));
  if ((live?.n ?? 0) >= MAX_LIVE_STATES) return 'limit';
  const state = randomBytes(32).toString('base64url');
  await db.insert(amazonOauthStates).values({
    stateHash: hashState(state),
    userId,
    region,
    expiresAt: sql`now() + make_interval(mins => ${STATE_MINUTES})`,
  });
  return state;
}

/**
 * The region a state was issued for, if it is this user's, unused and unexpired; it is marked used by the
 * same statement, so two callbacks with one state cannot both pass. Null otherwise.
 */
export async function consumeState(db: Db, userId: string, state: string): Promise<AmazonRegionCode | null> {
  const [row] = await db
    .update(amazonOauthStates)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(amazonOauthStates.stateHash, hashState(state)),
        eq(amazonOauthStates.userId, userId),
        isNull(amazonOauthStates.usedAt),
        gt(amazonOauthStates.expiresAt, sql`now()`),
      ),
    )
    .returning({ region: amazonOauthStates.region });
  return (row?.region as AmazonRegionCode | undefined) ?? null;
}

/** States whose link can no longer be used, a day after, so a recent refusal can still be looked into. */
export async function purgeStaleStates(db: Db): Promise<number> {
  const gone = await db
    .delete(amazonOauthStates)
    .where(lte(amazonOauthStates.expiresAt, sql`now() - interval '1 day'`))
    .returning({ hash: amazonOauthStates.stateHash });
  return gone.length;
}

const sealedColumns = (sealed: SealedToken) => ({
  refreshTokenCiphertext: sealed.ciphertext,
  refreshTokenIv: sealed.iv,
  refreshTokenTag: sealed.authTag,
  keyId: sealed.keyId,
});

/** A new consent: the region's authorisation replaced, connected again, its year starting now. */
export async function saveConnection(
  db: Db,
  userId: string,
  region: AmazonRegionCode,
  sellingPartnerId: string,
  sealed: SealedToken,
  sellingCountries: readonly string[] | null = null,
): Promise<void> {
  const values = {
    sellingPartnerId,
    sellingCountries: sellingCountries === null ? null : [...sellingCountries],
    ...sealedColumns(sealed),
    status: 'connected',
    connectedAt: sql`now()`,
    renewBy: sql`now() + make_interval(days => ${RENEW_AFTER_DAYS})`,
    revokedAt: null,
    reminderSentAt: null,
  };
  await db
    .insert(amazonConnections)
    .values({ userId, region, ...values })
    .onConflictDoUpdate({ target: [amazonConnections.userId, amazonConnections.region], set: values });
}

export function listConnections(db: Db, userId: string): Promise<ConnectionRow[]> {
  return db.select().from(amazonConnections).where(eq(amazonConnections.userId, userId));
}

const owned = (userId: string, region: AmazonRegionCode) =>
  and(eq(amazonConnections.userId, userId), eq(amazonConnections.region, region));

/** False when the user has no authorisation in that region. */
export async function deleteConnection(db: Db, userId: string, region: AmazonRegionCode): Promise<boolean> {
  const gone = await db
    .delete(amazonConnections)
    .where(owned(userId, region))
    .returning({ region: amazonConnections.region });
  return gone.length > 0;
}

/** The connected authorisation's sealed token; undefined when there is none or it was revoked. */
export async function findConnected(
  db: Db,
  userId: string,
  region: AmazonRegionCode,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(amazonConnections)
    .where(and(owned(userId, region), eq(amazonConnections.status, 'connected')));
  return row;
}

/**
 * The same token sealed under the current key, written only if the row still holds what was read (a new
 * consent in between keeps its own token).
 */
export async function reseal(db: Db, row: ConnectionRow, sealed: SealedToken): Promise<void> {
  await db
    .update(amazonConnections)
    .set(sealedColumns(sealed))
    .where(
      and(
        owned(row.userId, row.region as AmazonRegionCode),
        eq(amazonConnections.keyId, row.keyId),
        eq(amazonConnections.refreshTokenIv, row.refreshTokenIv),
      ),
    );
}
