import { deriveReportStatus, type AdminUserDetailInput } from '@crossmarket/domain';
import { desc, eq, gt, and, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  amazonConnections,
  inventories,
  payments,
  reports,
  session,
  supportTickets,
} from '../../../db/schema';
import { loadAccount, usageOf } from '../../account';
import { statusSql } from './list-users';
import { findTarget } from './target';

const RECENT = 20;

/** Everything /admin/users/:id shows of one account; undefined for an unknown id. */
export async function userDetail(db: Db, userId: string): Promise<AdminUserDetailInput | undefined> {
  // loadAccount repairs missing rows, which an unknown id cannot have: ask whether it exists first.
  if (!(await findTarget(db, userId))) return undefined;
  const account = await loadAccount(db, userId);
  if (!account) return undefined;
  const [statusRow, usage, paid, reportRows, inventoryRows, amazon, tickets, sessions] = await Promise.all([
    db.execute<{ status: AdminUserDetailInput['user']['status'] }>(
      sql`select ${statusSql} as status from "user" u join user_data d on d.user_id = u.id where u.id = ${userId}`,
    ),
    usageOf(db, userId),
    db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt))
      .limit(RECENT),
    db
      .select({
        id: reports.id,
        title: reports.title,
        fromCountry: reports.fromCountry,
        toCountry: reports.toCountry,
        finalized: reports.finalized,
        size: reports.size,
        doneSize: reports.doneSize,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(eq(reports.userId, userId))
      .orderBy(desc(reports.createdAt))
      .limit(RECENT),
    db
      .select({ id: inventories.id, title: inventories.title, createdAt: inventories.createdAt })
      .from(inventories)
      .where(eq(inventories.userId, userId))
      .orderBy(desc(inventories.createdAt)),
    // The state of each authorisation; the sealed refresh token is never selected.
    db
      .select({
        region: amazonConnections.region,
        status: amazonConnections.status,
        connectedAt: amazonConnections.connectedAt,
        renewBy: amazonConnections.renewBy,
      })
      .from(amazonConnections)
      .where(eq(amazonConnections.userId, userId)),
    db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.userId, userId))
      .orderBy(desc(supportTickets.createdAt))
      .limit(RECENT),
    // Sessions are sign-ins: the live ones, newest first (the token stays in the table).
    db
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
      .orderBy(desc(session.createdAt))
      .limit(RECENT),
  ]);
  const { user, data, plan, profile } = account;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      email_verified: user.emailVerified,
      comm_lang: profile.commLang,
      plan: plan.code,
      status: statusRow.rows[0]!.status,
      role: data.role,
      created_at: user.createdAt,
      subscription_end: data.subscriptionEnd,
    },
    subscription: {
      plan: plan.code,
      plan_name: plan.name,
      subscription_id: data.subscriptionId,
      subscription_end: data.subscriptionEnd,
      card_brand: data.cardBrand,
      last4: data.cardLast4,
    },
    payments: paid.map((p) => ({
      id: p.id,
      created_at: p.createdAt,
      amount_cents: p.amountCents,
      status: p.status,
    })),
    usage: { reports_today: usage.r_count, daily_quota: plan.dailyReportQuota },
    reports: reportRows.map((r) => ({
      id: r.id,
      title: r.title,
      from_country: r.fromCountry,
      to_country: r.toCountry,
      status: deriveReportStatus({ finalized: r.finalized, size: r.size, done_size: r.doneSize }).key,
      created_at: r.createdAt,
    })),
    inventories: inventoryRows.map((i) => ({ id: i.id, title: i.title, created_at: i.createdAt })),
    amazon: amazon.map((a) => ({
      region: a.region,
      status: a.status,
      connected_at: a.connectedAt,
      renew_by: a.renewBy,
    })),
    tickets: tickets.map((t) => ({ id: t.id, topic: t.topic, status: t.status, created_at: t.createdAt })),
    sessions: sessions.map((s) => ({
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      ip_address: s.ipAddress,
      user_agent: s.userAgent,
    })),
  };
}
