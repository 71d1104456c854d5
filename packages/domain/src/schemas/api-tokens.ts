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

/**
 * POST /api/auth/api-key/create as the API-key plugin takes it: a name and, optionally, a lifetime in
 * seconds (a day to a year; null or absent for a token that does not expire).
 */
export const apiTokenCreateSchema = z.object({
  name,
  expiresIn: z
    .int({ error: 'validation.apiToken.expiry' })
    .min(DAY_SECONDS, 'validation.apiToken.expiry')
    .max(365 * DAY_SECONDS, 'validation.apiToken.expiry')
    .nullable()
    .optional(),
});
export type ApiTokenCreate = z.output<typeof apiTokenCreateSchema>;

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
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ apiKeys: z.array(apiTokenSchema), total: z.int() });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The create call's answer: the token once, in `key`, never to be shown again. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ key: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
