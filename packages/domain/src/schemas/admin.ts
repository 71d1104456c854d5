import { z } from 'zod';
import { timestampSchema } from './api-responses';
import { requiredString } from './common';

// The operator console (/admin, /api/admin/*). Messages are i18n keys like every other schema's.

/** What a user's row says of them, first match wins (see the server's users list for the SQL). */
export const ADMIN_USER_STATUSES = ['suspended', 'not_activated', 'locked_out', 'expired', 'active'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_REASON_MAX = 500;

/** `:userId` of /api/admin/users/:userId (better-auth's ids, not UUIDs). */
export const adminUserParamsSchema = z.object({
  userId: z.string().min(1, 'validation.admin.userId').max(64, 'validation.admin.userId'),
});

/** GET /api/admin/users: `q` an e-mail fragment or a user id; newest sign-ups first unless `sort=asc`. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200, 'validation.admin.query').optional(),
  plan: z.string().trim().max(20, 'validation.admin.plan').optional(),
  status: z.enum(ADMIN_USER_STATUSES, { error: 'validation.admin.status' }).optional(),
  sort: z.enum(['desc', 'asc'], { error: 'validation.admin.sort' }).default('desc'),
  page: z.coerce
    .number({ error: 'validation.admin.page' })
    .int('validation.admin.page')
    .min(1, 'validation.admin.page')
    .default(1),
  page_size: z.coerce
    .number({ error: 'validation.admin.pageSize' })
    .int('validation.admin.pageSize')
    .min(1, 'validation.admin.pageSize')
    .max(ADMIN_PAGE_SIZE_MAX, 'validation.admin.pageSize')
    .default(25),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  plan: z.string(),
  status: z.enum(ADMIN_USER_STATUSES),
  role: z.enum(['seller', 'operator']),
  created_at: timestampSchema,
  subscription_end: timestampSchema.nullable(),
});
export type AdminUserRow = z.output<typeof adminUserRowSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminUsersPage = z.output<typeof adminUsersPageSchema>;
/** What the server hands the serializer (dates as Date). */
export type AdminUsersPageInput = z.input<typeof adminUsersPageSchema>;

/** Every action asks why: the reason is stored in the audit log with the action. */
export const adminReasonField = requiredString('validation.admin.reason').pipe(
  z.string().max(ADMIN_REASON_MAX, 'validation.admin.reasonTooLong'),
);
export const adminActionSchema = z.object({ reason: adminReasonField });
export type AdminActionInput = z.output<typeof adminActionSchema>;

export const adminSuspendSchema = z.object({
  reason: adminReasonField,
  suspended: z.boolean({ error: 'validation.admin.suspended' }),
});
export type AdminSuspendInput = z.output<typeof adminSuspendSchema>;

export const adminRoleSchema = z.object({
  reason: adminReasonField,
  role: z.enum(['seller', 'operator'], { error: 'validation.admin.role' }),
});
export type AdminRoleInput = z.output<typeof adminRoleSchema>;

export const ADMIN_EXTEND_DAYS_MAX = 366;
export const adminExtendSchema = z.object({
  reason: adminReasonField,
  days: z
    .number({ error: 'validation.admin.days' })
    .int('validation.admin.days')
    .min(1, 'validation.admin.days')
    .max(ADMIN_EXTEND_DAYS_MAX, 'validation.admin.days'),
});
export type AdminExtendInput = z.output<typeof adminExtendSchema>;

/** What an action answers: the audit row it wrote. */
export const adminActionResultSchema = z.object({ result: z.literal(true), audit_id: z.number().int() });
export type AdminActionResult = z.output<typeof adminActionResultSchema>;

export const adminSessionSchema = z.object({
  created_at: timestampSchema,
  expires_at: timestampSchema,
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});

/** GET /api/admin/users/:id: what an operator needs to help one seller (never a token or a secret). */
export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    email_verified: z.boolean(),
    name: z.string(),
    comm_lang: z.string(),
  }),
  subscription: z.object({
    plan: z.string(),
    plan_name: z.string(),
    subscription_id: z.string().nullable(),
    subscription_end: timestampSchema.nullable(),
    card_brand: z.string().nullable(),
    last4: z.string().nullable(),
  }),
  payments: z.array(
    z.object({
      id: z.string(),
      created_at: timestampSchema,
      amount_cents: z.number().int(),
      status: z.string(),
    }),
  ),
  usage: z.object({ reports_today: z.number().int(), daily_quota: z.number().int() }),
  reports: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      from_country: z.string(),
      to_country: z.string(),
      status: z.string(),
      created_at: timestampSchema,
    }),
  ),
  inventories: z.array(z.object({ id: z.string(), title: z.string(), created_at: timestampSchema })),
  /** Amazon authorisations: their state only, never a token. */
  amazon: z.array(
    z.object({
      region: z.string(),
      status: z.string(),
      connected_at: timestampSchema,
      renew_by: timestampSchema,
    }),
  ),
  tickets: z.array(
    z.object({ id: z.string(), topic: z.string(), status: z.string(), created_at: timestampSchema }),
  ),
  sessions: z.array(adminSessionSchema),
});
export type AdminUserDetail = z.output<typeof adminUserDetailSchema>;
export type AdminUserDetailInput = z.input<typeof adminUserDetailSchema>;

export const ADMIN_AUDIT_ACTIONS = [
  'user.suspend',
  'user.unsuspend',
  'user.end_sessions',
  'user.resend_activation',
  'user.extend',
  'user.role',
  'user.credentials_reset',
  'ticket.reply',
  'ticket.close',
  'report.cancel',
  'job.retry',
  'schedule.run',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/** GET /api/admin/audit: newest first, filtered by action, actor or target (an id or an e-mail). */
export const adminAuditQuerySchema = z.object({
  action: z.enum(ADMIN_AUDIT_ACTIONS, { error: 'validation.admin.action' }).optional(),
  who: z.string().trim().max(200, 'validation.admin.query').optional(),
  page: z.coerce
    .number({ error: 'validation.admin.page' })
    .int('validation.admin.page')
    .min(1, 'validation.admin.page')
    .default(1),
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

export const ADMIN_AUDIT_PAGE_SIZE = 50;

/**
 * An audit row's result. An action through a provider outside our transaction (a job retry, a
 * subscription extension) writes `attempt` before the call and `ok`, `refused` or `failed` after it, so a
 * crash or a provider error in between still leaves a row.
 */
export const ADMIN_AUDIT_RESULTS = ['ok', 'refused', 'attempt', 'failed'] as const;
export type AdminAuditResult = (typeof ADMIN_AUDIT_RESULTS)[number];

export const adminAuditRowSchema = z.object({
  id: z.number().int(),
  created_at: timestampSchema,
  actor_id: z.string(),
  actor_email: z.string(),
  action: z.string(),
  target_id: z.string().nullable(),
  target_email: z.string().nullable(),
  reason: z.string(),
  result: z.enum(ADMIN_AUDIT_RESULTS),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAuditRow = z.output<typeof adminAuditRowSchema>;

export const adminAuditPageSchema = z.object({
  entries: z.array(adminAuditRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminAuditPage = z.output<typeof adminAuditPageSchema>;
export type AdminAuditPageInput = z.input<typeof adminAuditPageSchema>;
