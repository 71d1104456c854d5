import { z } from 'zod';
import { JOB_NAMES, JOB_SCHEDULES, type JobName } from '../jobs';
import { adminReasonField } from './admin';
import { timestampSchema } from './api-responses';

// The console's Work and System pages (/admin/work, /admin/system). Messages are i18n keys.

const count = z.number().int();

/** One pg-boss queue: waiting (created or retry), running (active), failed and completed over a window. */
export const adminQueueSchema = z.object({
  name: z.string(),
  waiting: count,
  running: count,
  /** Jobs that ran out of retries in the last 24 hours. */
  failed: count,
  /** Jobs completed in the last hour. */
  completed_last_hour: count,
});

export const adminRunningReportSchema = z.object({
  id: z.string(),
  title: z.string(),
  owner_id: z.string(),
  owner_email: z.string(),
  /** Products looked up on both sides so far, of `total`. */
  processed: count,
  total: count,
  created_at: timestampSchema,
});

/** A job that ran out of retries: its queue, id, when and the error's message (never its payload). */
export const adminFailedJobSchema = z.object({
  queue: z.string(),
  id: z.string(),
  failed_at: timestampSchema,
  error: z.string().nullable(),
});

/** A seller's Amazon authorisation: its state and recorded calls only, never a token. */
export const adminAmazonAuthorisationSchema = z.object({
  owner_id: z.string(),
  owner_email: z.string(),
  region: z.string(),
  selling_partner_id: z.string(),
  status: z.enum(['connected', 'revoked']),
  revoked_at: timestampSchema.nullable(),
  calls_last_hour: count,
  throttled_last_hour: count,
  /** The busiest operation's calls over its documented hourly allowance (0–1+); null with no calls. */
  utilisation: z.number().nullable(),
});

/** The jobs pg-boss runs on a schedule, each listed with its last run on the Work page. */
export const ADMIN_SCHEDULED_JOBS = Object.keys(JOB_SCHEDULES) as [JobName, ...JobName[]];

/**
 * The daily ones an operator may also run now (issue 59: the digest, the refresh of watched products …):
 * each is idempotent. Not the jobs every few minutes (their next run is minutes away) and never billing's
 * renewals, which charge cards.
 */
export const ADMIN_RUNNABLE_SCHEDULES = ADMIN_SCHEDULED_JOBS.filter(
  (name) => !JOB_SCHEDULES[name]!.startsWith('*/') && name !== JOB_NAMES.renewals,
) as [JobName, ...JobName[]];

/** A scheduled job: its cron (the app's time zone) and its latest run, whatever started it. */
export const adminScheduleSchema = z.object({
  name: z.string(),
  cron: z.string(),
  last_run_at: timestampSchema.nullable(),
  /** pg-boss's state of that run. */
  last_state: z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']).nullable(),
  /** An operator may run it now (ADMIN_RUNNABLE_SCHEDULES). */
  runnable: z.boolean(),
});

/** POST /api/admin/schedules/:name/run. */
export const adminScheduleParamsSchema = z.object({
  name: z.enum(ADMIN_RUNNABLE_SCHEDULES, { error: 'validation.admin.queue' }),
});
export const adminRunScheduleSchema = z.object({ reason: adminReasonField });
export type AdminRunScheduleInput = z.output<typeof adminRunScheduleSchema>;

/** GET /api/admin/work. */
export const adminWorkSchema = z.object({
  queues: z.array(adminQueueSchema),
  schedules: z.array(adminScheduleSchema),
  running_reports: z.array(adminRunningReportSchema),
  failed_jobs: z.array(adminFailedJobSchema),
  amazon: z.array(adminAmazonAuthorisationSchema),
});
export type AdminWork = z.output<typeof adminWorkSchema>;
export type AdminWorkInput = z.input<typeof adminWorkSchema>;

export const ADMIN_JOB_QUEUES = Object.values(JOB_NAMES);

/** POST /api/admin/jobs/:id/retry: the job's queue travels in the body (pg-boss ids are per queue). */
export const adminRetryJobSchema = z.object({
  reason: adminReasonField,
  queue: z.enum(ADMIN_JOB_QUEUES, { error: 'validation.admin.queue' }),
});
export type AdminRetryJobInput = z.output<typeof adminRetryJobSchema>;

export const ADMIN_CONFIG_WARNINGS = [
  'outbox_public',
  'sandbox_payments_public',
  'sandbox_marketplace_public',
  'no_admin_emails',
  'no_session_secret',
  'plain_http_public',
] as const;
export type AdminConfigWarning = (typeof ADMIN_CONFIG_WARNINGS)[number];

/** GET /api/admin/system. */
export const adminSystemSchema = z.object({
  version: z.string(),
  node: z.string(),
  migrations: z.object({
    applied: count,
    /** The newest applied migration's file name (tag), when the journal names it. */
    latest: z.string().nullable(),
    latest_at: timestampSchema.nullable(),
  }),
  providers: z.object({
    payments: z.string(),
    marketplace: z.string(),
    mail: z.string(),
    rates: z.string(),
  }),
  processes: z.array(
    z.object({
      kind: z.enum(['serve', 'worker']),
      instance: z.string(),
      started_at: timestampSchema,
      seen_at: timestampSchema,
    }),
  ),
  warnings: z.array(z.enum(ADMIN_CONFIG_WARNINGS)),
});
export type AdminSystem = z.output<typeof adminSystemSchema>;
export type AdminSystemInput = z.input<typeof adminSystemSchema>;
