import { z } from 'zod';
import { RATE_SOURCES } from '../exchange-rates';
import { timestampSchema } from './api-responses';

/** The day's use of the plan's quotas: product IDs sent today (Istanbul's day) and inventory products. */
export const usageSchema = z
  .object({ r_count: z.int().nonnegative(), ip_count: z.int().nonnegative() })
  .meta({ id: 'Usage', description: "Today's product IDs sent in reports and the inventory products held." });
export type Usage = z.output<typeof usageSchema>;

/** The questionnaire of the welcome steps (the specification's `qs`). */
const questionnaireSchema = z.object({
  how_long: z.string(),
  work_model: z.string(),
  connection_type: z.string(),
  which_software: z.string(),
});

/** The plan's limits as the account carries them. */
const accountPlanSchema = z.object({
  code: z.string(),
  name: z.string(),
  daily_report_quota: z.int(),
  inventory_quota: z.int(),
  send_limit: z.int(),
  /** Cents. */
  monthly_price: z.int(),
});

/** GET /api/me: the signed-in account (the specification's user, profile and user data), usage and access. */
export const meResponseSchema = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      email_verified: z.boolean(),
      created_at: timestampSchema,
    }),
    profile: z.object({
      first_name: z.string().nullable(),
      second_name: z.string().nullable(),
      last_name: z.string().nullable(),
      phone_number: z.string().nullable(),
      address: z.string().nullable(),
      country: z.string().nullable(),
      state: z.string().nullable(),
      city: z.string().nullable(),
      postal_code: z.string().nullable(),
      comm_lang: z.enum(['en', 'tr']),
      autopay: z.boolean(),
      qs: questionnaireSchema.nullable(),
      updated_at: timestampSchema,
    }),
    user_data: z.object({
      is_active: z.boolean(),
      suspended: z.boolean(),
      /** `operator` shows the console's section in the sidebar; the server checks it on every call. */
      role: z.enum(['seller', 'operator']),
      welcome_done: z.boolean(),
      subscription: z.string().nullable(),
      subscription_end: timestampSchema.nullable(),
      card_brand: z.string().nullable(),
      last4: z.string().nullable(),
      plan: accountPlanSchema,
    }),
    usage: usageSchema,
    access: z.object({ paid_active: z.boolean(), locked_out: z.boolean() }),
  })
  .meta({ id: 'Me', description: 'The signed-in account.' });
export type Me = z.output<typeof meResponseSchema>;

/** GET and PUT /api/me/banned-contents: the three lists, each keyed by selling region. */
export const bannedListsSchema = z.object({
  pids: z.record(z.string(), z.array(z.string())),
  brands: z.record(z.string(), z.array(z.string())),
  keywords: z.record(z.string(), z.array(z.string())),
});
export type BannedLists = z.output<typeof bannedListsSchema>;

/** One tier of GET /api/plans (prices are public, like a pricing page). */
export const planCardSchema = z.object({
  code: z.string(),
  name: z.string(),
  visible: z.boolean(),
  order: z.int(),
  /** Cents. */
  monthly_price: z.int(),
  daily_report_quota: z.int(),
  inventory_quota: z.int(),
  send_limit: z.int(),
  best_seller: z.boolean(),
  price_id: z.string().nullable(),
  points: z.array(z.string()),
});
export type PlanCard = z.output<typeof planCardSchema>;
export const planListSchema = z.array(planCardSchema);

/** Which rates priced something: their source (domain exchange-rates.ts) and the day they were published. */
export const ratesOfSchema = z.object({ source: z.enum(RATE_SOURCES), as_of: z.string() });
export type RatesOf = z.output<typeof ratesOfSchema>;

/** GET /api/exchange-rates: units of each currency per US dollar, as published on `as_of` (YYYY-MM-DD). */
export const exchangeRatesSchema = z.object({
  source: z.enum(RATE_SOURCES),
  as_of: z.string(),
  rates: z.record(z.string(), z.number()),
});
export type ExchangeRates = z.output<typeof exchangeRatesSchema>;
