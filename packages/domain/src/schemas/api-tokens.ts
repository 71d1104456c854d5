import { z } from 'zod';
import { requiredString } from './common';

/** Personal API tokens a user may hold at once (Settings → API). */
export const API_TOKEN_LIMIT = 10;
export const API_TOKEN_NAME_MAX = 50;
/** The lifetimes the form offers, in days; no expiry is the other choice. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
const DAY_SECONDS = 86_400;

const name = requiredString('validation.apiToken.name').pipe(
  z.string().max(API_TOKEN_NAME_MAX, 'validation.apiToken.nameTooLong'),
);

/** The account's password, as typed (never trimmed), to confirm who is asking. */
const accountPassword = z
  .string({ error: 'validation.password.required' })
  .min(1, 'validation.password.required')
  .max(128, 'validation.password.required');

/**
 * A token can be made within this many minutes of signing in; later, only with the account's password
 * (the create call's `password`), so that a session cookie alone never mints a lasting credential.
 */
export const API_TOKEN_RECENT_SIGN_IN_MINUTES = 10;

/** The create call's refusals the Settings dialog acts on (better-auth's `{ code, message }`). */
export const API_TOKEN_ERRORS = {
  /** The session is older than API_TOKEN_RECENT_SIGN_IN_MINUTES and no password came: ask for it. */
  passwordRequired: 'PASSWORD_REQUIRED',
  /** The password sent is not the account's. */
  wrongPassword: 'INVALID_PASSWORD',
  limitReached: 'API_KEY_LIMIT_REACHED',
} as const;

/**
 * What a token may do (issue 56): `read` the analysis API (reports, usage, quick checks, inventories and
 * their listings); set `watches`; `listings_write`: publish, dry runs, the sync switch and turning the
 * account's listings pause on. Releasing a hold and turning the pause off need a signed-in session.
 * `orders` (issue 60): read the seller's orders and record purchases and shipments — a shipment is
 * confirmed to Amazon, so it is never part of the defaults.
 */
export const API_TOKEN_SCOPES = ['read', 'watches', 'listings_write', 'orders'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** A token made without naming scopes, and every token made before scopes existed: nothing that writes to Amazon. */
export const DEFAULT_API_TOKEN_SCOPES: readonly ApiTokenScope[] = ['read', 'watches'];
/** The browser extension's token: quick checks and watches, never a write to the seller's Amazon account. */
export const EXTENSION_API_TOKEN_SCOPES: readonly ApiTokenScope[] = ['read', 'watches'];
/** Where better-auth's api-key plugin keeps the scopes: `permissions[API_TOKEN_PERMISSION_KEY]`. */
export const API_TOKEN_PERMISSION_KEY = 'crossmarket';

/** A token's scopes from the plugin's `permissions`; none recorded (an older token) is the default. */
export function apiTokenScopesOf(permissions: unknown): ApiTokenScope[] {
  const named =
    permissions && typeof permissions === 'object'
      ? (permissions as Record<string, unknown>)[API_TOKEN_PERMISSION_KEY]
      : undefined;
  if (!Array.isArray(named)) return [...DEFAULT_API_TOKEN_SCOPES];
  return API_TOKEN_SCOPES.filter((s) => named.includes(s));
}

/**
 * POST /api/auth/api-key/create as the API-key plugin takes it: a name and, optionally, a lifetime in
 * seconds (a day to a year; null or absent for a token that does not expire), and the account's password
 * when the sign-in is not recent (the plugin never sees it: its body schema drops it).
 */
export const apiTokenCreateSchema = z.object({
  name,
  expiresIn: z
    .int({ error: 'validation.apiToken.expiry' })
    .min(DAY_SECONDS, 'validation.apiToken.expiry')
    .max(365 * DAY_SECONDS, 'validation.apiToken.expiry')
    .nullable()
    .optional(),
  password: accountPassword.optional(),
  /** Absent: `DEFAULT_API_TOKEN_SCOPES`. */
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: 'validation.apiToken.scopes' }), {
      error: 'validation.apiToken.scopes',
    })
    .min(1, 'validation.apiToken.scopes')
    .max(API_TOKEN_SCOPES.length, 'validation.apiToken.scopes')
    .optional(),
});
export type ApiTokenCreate = z.output<typeof apiTokenCreateSchema>;

/** The create dialog once the server has asked for the password (PASSWORD_REQUIRED): it must be given. */
export const apiTokenCreateWithPasswordSchema = apiTokenCreateSchema.extend({ password: accountPassword });

const instant = z.string();

/** One token as GET /api/auth/api-key/list answers it: never the key itself, only its first characters. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** The token's first characters, prefix included (`cm_AbC`). */
  start: z.string().nullable(),
  prefix: z.string().nullable(),
  createdAt: instant,
  /** When the token last authenticated a request; null before its first use. */
  lastRequest: instant.nullable(),
  expiresAt: instant.nullable(),
  /** better-auth's permissions; `apiTokenScopesOf` reads the scopes from them. */
  permissions: z.record(z.string(), z.array(z.string())).nullable().optional(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ apiKeys: z.array(apiTokenSchema), total: z.int() });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The create call's answer: the token once, in `key`, never to be shown again. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ key: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
