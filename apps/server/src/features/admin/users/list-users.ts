import {
  LOCKOUT_GRACE_MS,
  type AdminUserStatus,
  type AdminUsersPageInput,
  type AdminUsersQuery,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/**
 * A user's status in SQL, the guard's order (guard.ts): suspended, then not activated (e-mail not
 * verified or deactivated), then locked out (no subscription end, or six hours past it), then expired
 * (within those six hours), else active.
 */
export const statusSql = sql`case
  when d.suspended then 'suspended'
  when not u.email_verified or not d.is_active then 'not_activated'
  when d.subscription_end is null
    or now() >= d.subscription_end + ${LOCKOUT_GRACE_MS / 1000} * interval '1 second' then 'locked_out'
  when d.subscription_end <= now() then 'expired'
  else 'active' end`;

const GRACE = sql`${LOCKOUT_GRACE_MS / 1000} * interval '1 second'`;
const usable = sql`not d.suspended and u.email_verified and d.is_active`;

/**
 * The same statuses as plain conditions, for the filter: the planner can then use an index (the partial
 * one on suspended accounts) instead of computing the CASE for every row.
 */
const STATUS_WHERE: Record<AdminUserStatus, SQL> = {
  suspended: sql`d.suspended`,
  not_activated: sql`not d.suspended and (not u.email_verified or not d.is_active)`,
  locked_out: sql`${usable} and (d.subscription_end is null or now() >= d.subscription_end + ${GRACE})`,
  expired: sql`${usable} and d.subscription_end <= now() and now() < d.subscription_end + ${GRACE}`,
  active: sql`${usable} and d.subscription_end > now()`,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Row extends Record<string, unknown> {
  id: string;
  email: string;
  plan: string;
  status: AdminUserStatus;
  role: 'seller' | 'operator';
  created_at: Date;
  subscription_end: Date | null;
}

/**
 * One page of users for /admin/users. `q` is a user id (exact) or a piece of the e-mail (case-blind).
 * The page walks the sign-up index and stops at its last row; the total is a count of its own, run
 * beside it (a window count over the page query would make every page sort all the matches).
 */
export async function listUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersPageInput> {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.page_size ?? 25);
  const conditions: SQL[] = [];
  if (query.q) {
    // better-auth stores e-mails in lower case: LIKE on the lowered piece is case-blind, and cheaper to recheck.
    conditions.push(sql`(u.id = ${query.q} or u.email like ${`%${escapeLike(query.q.toLowerCase())}%`})`);
  }
  if (query.plan) conditions.push(sql`d.plan_code = ${query.plan}`);
  if (query.status) conditions.push(STATUS_WHERE[query.status]);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  // Unfiltered, the page walks the sign-up index and stops after it. Filtered, that walk can read every
  // account to find a rare match (the planner guesses matches are spread evenly): ordering by an
  // expression keeps it off the index, so the matches are found first (trigram, partial index, hash
  // join) and only they are sorted. admin.bench.ts measures both.
  const key = conditions.length ? sql`(u.created_at + interval '0 seconds')` : sql`u.created_at`;
  const order = query.sort === 'asc' ? sql`${key} asc, u.id asc` : sql`${key} desc, u.id desc`;
  const [result, total] = await Promise.all([
    db.execute<Row>(sql`
      select u.id, u.email, d.plan_code as plan, ${statusSql} as status, d.role, u.created_at,
             d.subscription_end
      from "user" u join user_data d on d.user_id = u.id
      ${where}
      order by ${order}
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
    countUsers(db, conditions.length ? where : null),
  ]);
  return {
    users: result.rows.map((r) => ({
      id: r.id,
      email: r.email,
      plan: r.plan,
      status: r.status,
      role: r.role,
      created_at: new Date(r.created_at),
      subscription_end: r.subscription_end ? new Date(r.subscription_end) : null,
    })),
    total,
    page,
    page_size: pageSize,
  };
}

/** Every account has its user_data row (ensureAccountRows), so no filter counts users alone. */
async function countUsers(db: Db, where: SQL | null) {
  const result = await db.execute<{ n: string }>(
    where
      ? sql`select count(*) as n from "user" u join user_data d on d.user_id = u.id ${where}`
      : sql`select count(*) as n from "user"`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
