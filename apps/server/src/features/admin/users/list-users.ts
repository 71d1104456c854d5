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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Row extends Record<string, unknown> {
  id: string;
  email: string;
  plan: string;
  status: AdminUserStatus;
  role: 'seller' | 'operator';
  created_at: Date;
  subscription_end: Date | null;
  total: string;
}

/**
 * One page of users for /admin/users. `q` is a user id (exact) or a piece of the e-mail (case-blind);
 * the total comes with the page from the same scan (a window count), not from a second query.
 */
export async function listUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersPageInput> {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.page_size ?? 25);
  const conditions: SQL[] = [];
  if (query.q) {
    conditions.push(sql`(u.id = ${query.q} or u.email ilike ${`%${escapeLike(query.q.toLowerCase())}%`})`);
  }
  if (query.plan) conditions.push(sql`d.plan_code = ${query.plan}`);
  if (query.status) conditions.push(sql`${statusSql} = ${query.status}`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const order = query.sort === 'asc' ? sql`u.created_at asc, u.id asc` : sql`u.created_at desc, u.id desc`;
  const result = await db.execute<Row>(sql`
    select u.id, u.email, d.plan_code as plan, ${statusSql} as status, d.role, u.created_at,
           d.subscription_end, count(*) over () as total
    from "user" u join user_data d on d.user_id = u.id
    ${where}
    order by ${order}
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const rows = result.rows;
  // Past the last page the window has no row to ride on: count on its own then.
  const total = rows[0] ? Number(rows[0].total) : page > 1 ? await countUsers(db, where) : 0;
  return {
    users: rows.map((r) => ({
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

async function countUsers(db: Db, where: SQL) {
  const result = await db.execute<{ n: string }>(
    sql`select count(*) as n from "user" u join user_data d on d.user_id = u.id ${where}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
