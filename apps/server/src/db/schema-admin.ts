import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/**
 * Every operator action, append-only: a trigger (migration 0019) refuses UPDATE, DELETE and TRUNCATE.
 * No foreign keys: a row outlives the accounts it names (a cascade would have to delete it), so the
 * e-mails are kept beside the ids as they were at the time.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetId: text('target_id'),
    targetEmail: text('target_email'),
    reason: text('reason').notNull(),
    result: text('result').$type<'ok' | 'refused'>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_action_idx').on(t.action, t.createdAt),
    index('admin_audit_target_idx').on(t.targetId, t.createdAt),
  ],
);
