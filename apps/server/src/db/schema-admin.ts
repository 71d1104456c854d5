import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
    result: text('result').$type<'ok' | 'refused' | 'attempt' | 'failed'>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_action_idx').on(t.action, t.createdAt),
    index('admin_audit_target_idx').on(t.targetId, t.createdAt),
  ],
);

/**
 * Every serve and worker process, upserted every ~30 s while it runs (features/admin/system/heartbeat.ts)
 * so the console's System page can say which processes are alive. `instance` is host and pid; rows not
 * seen for a day are purged by the heartbeat itself.
 */
export const processHeartbeats = pgTable(
  'process_heartbeats',
  {
    kind: text('kind').$type<'serve' | 'worker'>().notNull(),
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', tz).notNull(),
    seenAt: timestamp('seen_at', tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.instance] }), index('process_heartbeats_seen_idx').on(t.seenAt)],
);

/**
 * One-time start-up steps done (migration 0042): the name of each, when, and what it did. Written in the
 * transaction of the step itself, so a step runs once however many processes start together.
 */
export const upgradeSteps = pgTable('upgrade_steps', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', tz).notNull().defaultNow(),
  details: jsonb('details').$type<Record<string, unknown>>(),
});
