import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import { APP_TIMEZONE, type ProfileInput } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { countOf, countStatement, type Limit } from '../../http/rate-limit';
import {
  inventoryProducts,
  quickLookups,
  plans,
  reports,
  session,
  user,
  userBannedContents,
  userData,
  userProfiles,
} from '../../db/schema';

/** Every account has a user_data row (plan F) and a profile; created at sign-up, repaired on read. */
export async function ensureAccountRows(db: Db, userId: string, commLang: 'en' | 'tr' = 'en') {
  await db.insert(userData).values({ userId }).onConflictDoNothing();
  await db.insert(userProfiles).values({ userId, commLang }).onConflictDoNothing();
}

/** The account of a user; its rows are repaired first when a read finds them missing. */
export async function loadAccount(db: Db, userId: string) {
  // Every guarded request reads the account: one round trip in the usual case, the repair only when needed.
  const found = await selectAccount(db, userId);
  if (found) return found;
  await ensureAccountRows(db, userId);
  return (await selectAccount(db, userId)) ?? null;
}

async function selectAccount(db: Db, userId: string) {
  const rows = await db
    .select({ user, profile: userProfiles, data: userData, plan: plans })
    .from(user)
    .innerJoin(userData, eq(userData.userId, user.id))
    .innerJoin(userProfiles, eq(userProfiles.userId, user.id))
    .innerJoin(plans, eq(plans.code, userData.planCode))
    .where(eq(user.id, userId))
    .limit(1);
  return rows[0];
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof loadAccount>>>;

const accountColumns = {
  sessionId: session.id,
  expiresAt: session.expiresAt,
  user,
  profile: userProfiles,
  data: userData,
  plan: plans,
};

const accountBySession = preparedPerDb((db: Db) =>
  db
    .select(accountColumns)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(userData, eq(userData.userId, user.id))
    .innerJoin(userProfiles, eq(userProfiles.userId, user.id))
    .innerJoin(plans, eq(plans.code, userData.planCode))
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('account_by_session_token'),
);

/**
 * {@link accountBySession} that also counts the request against a per-user limit (`limit.name:userId`,
 * committed without waiting for the WAL flush, as `enforceSessionRate` does): the guard's read and the
 * session's count in one round trip (issue 63). One statement per limit name.
 */
const countedBySession = new Map<string, (db: Db) => ReturnType<typeof prepareCounted>>();
function prepareCounted(db: Db, limit: Pick<Limit, 'name' | 'windowSeconds'>) {
  const rate = db.$with('rate', { count: sql<number>`count`, left: sql<number>`"left"` }).as(
    countStatement(sql`${`${limit.name}:`} || s.user_id`, limit.windowSeconds, {
      durable: false,
      from: sql`session s`,
      where: sql`s.token = ${sql.placeholder('token')}`,
    }),
  );
  return db
    .with(rate)
    .select({ ...accountColumns, rateCount: sql<number>`rate.count`, rateLeft: sql<number>`rate."left"` })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(userData, eq(userData.userId, user.id))
    .innerJoin(userProfiles, eq(userProfiles.userId, user.id))
    .innerJoin(plans, eq(plans.code, userData.planCode))
    .leftJoin(rate, sql`true`)
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare(`account_by_session_token_${limit.name.replaceAll('-', '_')}`);
}

/**
 * The session a token names and its user's account, in one round trip (a prepared statement: every
 * signed-in request runs it). Undefined when the session is gone or the account rows are missing. With
 * `counted`, the same round trip counts the request under that limit for the session's user (`rate`).
 */
export async function loadAccountBySessionToken(
  db: Db,
  token: string,
  counted?: Pick<Limit, 'name' | 'windowSeconds'>,
) {
  if (counted) {
    let statement = countedBySession.get(counted.name);
    if (!statement) {
      statement = preparedPerDb((d: Db) => prepareCounted(d, counted));
      countedBySession.set(counted.name, statement);
    }
    const [row] = await statement(db).execute({ token });
    if (!row) return undefined;
    const { sessionId, expiresAt, rateCount, rateLeft, ...account } = row;
    const rate = countOf({ count: rateCount, left: rateLeft });
    return { sessionId, expiresAt, account: account as AccountRow, rate };
  }
  const [row] = await accountBySession(db).execute({ token });
  if (!row) return undefined;
  const { sessionId, expiresAt, ...account } = row;
  return { sessionId, expiresAt, account: account as AccountRow, rate: undefined };
}

/**
 * Today's usage of the daily report quota (products of reports and quick checks) and the inventory
 * products; `exceptReport` leaves one report out (a supplier report counting its own matched products).
 */
export async function usageOf(db: Db, userId: string, options: { exceptReport?: string } = {}) {
  // "Today" is Istanbul's day: the daily quota resets at midnight there.
  const startOfDay = sql`(date_trunc('day', now() at time zone ${APP_TIMEZONE}) at time zone ${APP_TIMEZONE})`;
  const [r] = await db
    // `size` counts both sides (2 per product); reading it spares detoasting every product list.
    .select({
      n: sql<number>`coalesce(sum(coalesce(${reports.size} / 2, cardinality(${reports.content}))), 0)::int`,
    })
    .from(reports)
    .where(
      and(
        eq(reports.userId, userId),
        gte(reports.createdAt, startOfDay),
        options.exceptReport ? ne(reports.id, options.exceptReport) : undefined,
      ),
    );
  // Each quick check (POST /v1/lookup) is one product of the same daily quota.
  const [q] = await db
    .select({ n: count() })
    .from(quickLookups)
    .where(and(eq(quickLookups.userId, userId), gte(quickLookups.createdAt, startOfDay)));
  const [ip] = await db
    .select({ n: count() })
    .from(inventoryProducts)
    .where(eq(inventoryProducts.userId, userId));
  return { r_count: Number(r?.n ?? 0) + Number(q?.n ?? 0), ip_count: Number(ip?.n ?? 0) };
}

export type ProfileUpdate = Partial<typeof userProfiles.$inferInsert>;

/** The profile form's fields (snake_case, as the API takes them) as table columns. */
export function profileColumns(b: ProfileInput): ProfileUpdate {
  return {
    firstName: b.first_name,
    secondName: b.second_name ?? null,
    lastName: b.last_name,
    phoneNumber: b.phone_number,
    address: b.address,
    country: b.country,
    state: b.state,
    city: b.city,
    postalCode: b.postal_code,
  };
}

export async function updateProfile(db: Db, userId: string, values: ProfileUpdate) {
  await db.update(userProfiles).set(values).where(eq(userProfiles.userId, userId));
}

export async function loadBannedContents(db: Db, userId: string) {
  const [row] = await db.select().from(userBannedContents).where(eq(userBannedContents.userId, userId));
  return { pids: row?.pids ?? {}, brands: row?.brands ?? {}, keywords: row?.keywords ?? {} };
}

/** All three lists in one statement: either every list is saved or none is. */
export async function saveBannedContents(
  db: Db,
  userId: string,
  lists: {
    pids: Record<string, string[]>;
    brands: Record<string, string[]>;
    keywords: Record<string, string[]>;
  },
) {
  await db
    .insert(userBannedContents)
    .values({ userId, ...lists })
    .onConflictDoUpdate({ target: userBannedContents.userId, set: { ...lists, updatedAt: new Date() } });
}
