import {
  ADMIN_AUDIT_PAGE_SIZE,
  type AdminAuditResult,
  type AdminAuditAction,
  type AdminAuditPageInput,
  type AdminAuditQuery,
} from '@crossmarket/domain';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAudit } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Caller } from '../auth';

/** A database or a transaction: an action writes its effect and its audit row together. */
type Executor = Pick<Db, 'insert'>;

export interface AuditEntry {
  action: AdminAuditAction;
  target: { id: string; email: string } | null;
  reason: string;
  result: AdminAuditResult;
  details?: Record<string, unknown>;
}

/** Appends one row; the table refuses anything but INSERT (migration 0019's trigger). */
export async function recordAudit(tx: Executor, actor: Caller, entry: AuditEntry): Promise<number> {
  const [row] = await tx
    .insert(adminAudit)
    .values({
      actorId: actor.userId,
      actorEmail: actor.email,
      action: entry.action,
      targetId: entry.target?.id ?? null,
      targetEmail: entry.target?.email ?? null,
      reason: entry.reason,
      result: entry.result,
      details: entry.details ?? null,
    })
    .returning({ id: adminAudit.id });
  return row!.id;
}

/**
 * What an audit row says of a failure: our error's code, else the error's class name. Never its message,
 * which a provider may fill with whatever it was sent.
 */
export function whyFailed(error: unknown): string {
  if (error instanceof HttpError) return error.code;
  return error instanceof Error ? error.name : 'unknown';
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The log, newest first; `who` matches the actor or the target, by id or a piece of the e-mail. */
export async function listAudit(db: Db, query: AdminAuditQuery): Promise<AdminAuditPageInput> {
  const page = Number(query.page ?? 1);
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(adminAudit.action, query.action));
  if (query.who) {
    const like = `%${escapeLike(query.who)}%`;
    conditions.push(
      or(
        eq(adminAudit.actorId, query.who),
        eq(adminAudit.targetId, query.who),
        ilike(adminAudit.actorEmail, like),
        ilike(adminAudit.targetEmail, like),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(where)
      .orderBy(desc(adminAudit.id))
      .limit(ADMIN_AUDIT_PAGE_SIZE)
      .offset((page - 1) * ADMIN_AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(adminAudit).where(where),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt,
      actor_id: r.actorId,
      actor_email: r.actorEmail,
      action: r.action,
      target_id: r.targetId,
      target_email: r.targetEmail,
      reason: r.reason,
      result: r.result,
      details: r.details,
    })),
    total: total?.n ?? 0,
    page,
    page_size: ADMIN_AUDIT_PAGE_SIZE,
  };
}
