import { z } from 'zod';
import { isIP } from 'node:net';
import path from 'node:path';

/** better-auth's scrypt cost (N) for password hashes (`@better-auth/utils/password`): production's floor. */
export const LIBRARY_SCRYPT_N = 16_384;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings count as unset, so `PORT=` in a .env file falls back to the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Named ranges Fastify's trustProxy (@fastify/proxy-addr) understands. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why one TRUST_PROXY entry is refused, or null for an address, a CIDR or a named range. */
function trustProxyProblem(entry: string): string | null {
  if (PROXY_RANGE_NAMES.has(entry)) return null;
  // `true` would make the left-most, client-written X-Forwarded-For entry the client address; Fastify
  // ignores hop counts (it cannot check the peer), so both are refused rather than quietly misread.
  if (/^(true|false|\*)$/i.test(entry) || /^\d+$/.test(entry)) {
    return 'must list the proxies themselves (addresses or CIDRs), not true, * or a hop count';
  }
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return `"${entry}" is not an IP address or CIDR`;
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  // A /0 range trusts every client, the same hole as `true`.
  if (!(bits >= 1 && bits <= (family === 4 ? 32 : 128))) return `"${entry}" has an invalid prefix length`;
  return null;
}

/** Comma-separated proxies whose X-Forwarded-For entry is believed; the list Fastify's trustProxy takes. */
const trustProxyList = z.string().transform((value, ctx) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = trustProxyProblem(entry);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }
  return entries.length > 0 ? entries : undefined;
});

/**
 * A 256-bit key written as 64 hex characters or as base64 / base64url (`openssl rand -base64 32`); null
 * when the text is neither or not 32 bytes long.
 */
export function parseEncryptionKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  // Node's base64 decoder reads the URL-safe alphabet too.
  const key = Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
}

const KEY_FORMAT = 'must be 32 random bytes as 64 hex characters or base64 (openssl rand -base64 32)';
const encryptionKey = z.string().refine((v) => parseEncryptionKey(v) !== null, KEY_FORMAT);
/** Comma-separated keys the tokens may still be sealed with (a rotation in progress). */
const encryptionKeyList = z.string().transform((value, ctx) => {
  const keys = value
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  keys.forEach((key, i) => {
    if (parseEncryptionKey(key) === null)
      ctx.addIssue({ code: 'custom', message: `key ${i + 1} ${KEY_FORMAT}` });
  });
  return keys.length > 0 ? keys : undefined;
});

/** A whole number of hours, at least one and at most `max`. */
const hours = (max: number) => z.coerce.number().int().min(1).max(max);

/** A URL the server itself fetches: http or https only. */
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

export const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('development'),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  HOST: optional(z.string().min(1)).default('127.0.0.1'),
  DATA_DIR: optional(z.string().min(1)).default('./data'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL'),
  ),
  APP_URL: optional(z.url()),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).default('info'),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  MARKETPLACE_PROVIDER: optional(z.enum(['sandbox', 'spapi'])).default('sandbox'),
  PAYMENTS_PROVIDER: optional(z.enum(['sandbox', 'stripe'])).default('sandbox'),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')),
  /** Another server speaking Stripe's API (stripe-mock); unset means Stripe itself. */
  STRIPE_API_BASE: optional(z.url()),
  SPAPI_CLIENT_ID: optional(z.string().min(1)),
  SPAPI_CLIENT_SECRET: optional(z.string().min(1)),
  SPAPI_REFRESH_TOKEN_NA: optional(z.string().min(1)),
  SPAPI_REFRESH_TOKEN_EU: optional(z.string().min(1)),
  SPAPI_REFRESH_TOKEN_FE: optional(z.string().min(1)),
  /** Another host speaking SP-API for every region (a sandbox, or a test's stand-in). */
  SPAPI_ENDPOINT: optional(z.url()),
  LWA_TOKEN_URL: optional(z.url()),
  /** Our SP-API application's id (Developer Central → Apps), named in the consent link sellers follow. */
  SPAPI_APP_ID: optional(
    z
      .string()
      .regex(
        /^amzn1\.[A-Za-z0-9._-]+$/,
        'must be the SP-API application id (amzn1.sp.solution.… or amzn1.sellerapps.app.…)',
      ),
  ),
  /** The application is still a draft: Amazon's consent page needs `version=beta` to show it. */
  SPAPI_APP_DRAFT: optional(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .default('false')
    .transform((v) => v === 'true'),
  /** Another host answering Seller Central's consent page for every region (a test's stand-in). */
  SELLER_CENTRAL_URL: optional(httpUrl),
  /**
   * The key sealing sellers' Amazon refresh tokens (AES-256-GCM). Unset: generated once into
   * DATA_DIR/token-encryption-key. Every server and worker must share it.
   */
  TOKEN_ENCRYPTION_KEY: optional(encryptionKey),
  /** Former keys, still read (and their tokens sealed again under the current key on use). */
  TOKEN_ENCRYPTION_OLD_KEYS: optional(encryptionKeyList),
  MAIL_TRANSPORT: optional(z.enum(['outbox', 'smtp'])).default('outbox'),
  /**
   * `ecb`: the ECB's daily reference rates (a dated shipped table while unreachable); `fixed`: the
   * specification's placeholder table, for tests only (refused with real Amazon in production).
   */
  RATES_SOURCE: optional(z.enum(['fixed', 'ecb'])).default('ecb'),
  ECB_RATES_URL: optional(z.url()).default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  /** How long a worker holds a report between batches; another worker takes over a report left longer. */
  REPORT_LEASE_SECONDS: optional(z.coerce.number().int().min(2).max(3600)).default(30),
  /** Simulated latency of each sandbox marketplace call (demos, and tests that stop a worker mid-report). */
  /**
   * How long Amazon's answers for a product serve other reports (any user's) before Amazon is asked again;
   * 0 turns the cache off. 15 minutes: about the age of the oldest row of a 1,000-product report when it
   * finishes on one authorisation, so a reused answer is no staler than what a report already shows.
   */
  LOOKUP_CACHE_SECONDS: optional(z.coerce.number().int().min(0).max(86_400)).default(900),
  /**
   * Price and rank history (issue 49, docs/history.md): whether lookups keep what they saw; off only to
   * measure what keeping it costs (`history.write_overhead`).
   */
  HISTORY_ENABLED: optional(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Days each observation is kept as it was seen (whole months go, so up to a month longer): the 30- and
   * 90-day charts read them, so never fewer than 91.
   */
  HISTORY_RAW_DAYS: optional(z.coerce.number().int().min(91).max(731)).default(100),
  /** Days the daily roll-ups are kept (the 365-day chart reads them). */
  HISTORY_RETENTION_DAYS: optional(z.coerce.number().int().min(366).max(3660)).default(730),
  /**
   * A first publish never sends a price above this many times the selling side's buy box (or, without
   * one, the landed cost): such a product is held (features/listings/publishable-exclusions.ts).
   */
  LISTING_PRICE_CEILING: optional(z.coerce.number().min(1.5).max(20)).default(3),
  SANDBOX_LOOKUP_DELAY_MS: optional(z.coerce.number().int().min(0).max(60_000)).default(0),
  /**
   * A UTC day (YYYY-MM-DD) whose market the sandbox marketplace answers every day, instead of moving with
   * the date (issue 59): tests and e2e journeys that assert sandbox figures pin it to the baseline day
   * (`SANDBOX_BASELINE_DAY`). Unset: the sandbox moves by day. Ignored with `MARKETPLACE_PROVIDER=spapi`.
   */
  SANDBOX_DAY: optional(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'must be a real date'),
  ),
  /**
   * Answers carry a Server-Timing header (where an analysis call's time went: limiter queues, scan,
   * building, compression) when true. For the benches; off in production, where it would tell every
   * caller how busy the scan pool is.
   */
  SERVER_TIMING: optional(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Megabytes of reports' narrow columns each server process may hold to answer new filter views
   * without scanning (features/analysis/column-store.ts); 0 turns it off (every new view scans).
   */
  ANALYSIS_COLUMNS_MB: optional(z.coerce.number().int().min(0).max(65_536)).default(128),
  /** Multiplies every rate limit; raise it for load tests and end-to-end runs from one address. */
  RATE_LIMIT_SCALE: optional(z.coerce.number().int().min(1).max(10_000)).default(1),
  /**
   * The reverse proxies in front of the server: the right-most X-Forwarded-For entry that is not one of
   * them (the address they saw) becomes the client address the rate limits key on. Unset: trust nothing.
   */
  TRUST_PROXY: optional(trustProxyList),
  /**
   * scrypt's cost (N) for new password hashes. Unset: the auth library's own, 16384. Only a test run lowers
   * it (thousands of sign-ups); production refuses less (see refinements below).
   */
  PASSWORD_HASH_COST: optional(
    z.coerce
      .number()
      .int()
      .min(1024)
      .max(1_048_576)
      .refine((n) => (n & (n - 1)) === 0, 'must be a power of two'),
  ).default(LIBRARY_SCRYPT_N),
  /** A session unused this long ends (its expiry moves on with every use). */
  SESSION_IDLE_TIMEOUT_HOURS: optional(hours(90 * 24)).default(7 * 24),
  /** A session ends this long after sign-in, however much it is used. */
  SESSION_MAX_LIFETIME_HOURS: optional(hours(365 * 24)).default(30 * 24),
  /**
   * The longest a request may take: to arrive in full (a slow upload) and, separately, for its handler to
   * answer (then 503). Event streams are exempt.
   */
  REQUEST_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(3600)).default(120),
  /**
   * The development pages (`/dev/mailbox`, `/dev/store`): every user's sign-in links and sandbox listings.
   * Served only when true and not in production, to this machine's clients (issue 57).
   */
  DEV_PAGES: optional(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .default('false')
    .transform((v) => v === 'true'),
  /** A public demo: production may run the sandbox payments and the mail outbox (never a real card). */
  DEMO: optional(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string().min(3)).default('Crossmarket <no-reply@crossmarket.local>'),
  /**
   * WordPress sites whose latest posts the support centre lists (`/wp-json/wp/v2/posts`, a language prefix
   * such as `/tr` added unless English). Unset: the knowledge base shows the guide shipped with the app and
   * the blog section is hidden; the user menu's Blog link then points at Crossmarket's blog.
   */
  KNOWLEDGE_BASE_URL: optional(httpUrl),
  BLOG_URL: optional(httpUrl),
  /** The YouTube channel whose 6 latest videos the support centre shows; unset hides the section. */
  YOUTUBE_CHANNEL_ID: optional(
    z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'must be a YouTube channel id (UC…, 24 characters)'),
  ),
  /** Where the channel's RSS (Atom) feed is read; `?channel_id=` is added. */
  YOUTUBE_FEED_URL: optional(httpUrl).default('https://www.youtube.com/feeds/videos.xml'),
  /** How long the support centre waits for WordPress or YouTube before it says the section is unavailable. */
  SUPPORT_FEED_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)).default(5000),
  /** Verified accounts with these e-mails become operators when they sign in (comma-separated). */
  ADMIN_EMAILS: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ error: 'must be comma-separated e-mail addresses' }))),
  ).default([]),
  /** Where support tickets are mailed. */
  SUPPORT_EMAIL: optional(z.email()).default('support@crossmarket.local'),
  INSTAGRAM_URL: optional(z.url()).default('https://www.instagram.com/crossmarket.app'),
  YOUTUBE_URL: optional(z.url()).default('https://www.youtube.com/@crossmarket'),
  EXTENSION_URL: optional(z.url()).default('https://chromewebstore.google.com/search/crossmarket'),
  GUIDE_URL: optional(z.url()).default('https://blog.crossmarket.app/guide'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SESSION_SECRET' | 'APP_URL'> {
  APP_URL: string;
  /** Resolved absolute path of DATA_DIR. */
  dataDir: string;
  /** Absolute path of the built web app (apps/web/dist). */
  webDistDir: string;
  /** Absolute path of the built browser extension's zip (apps/extension/release). */
  extensionZip: string;
  SESSION_SECRET?: string;
}

/** Variables whose values are never repeated in an error: secrets, keys, tokens and URLs with credentials. */
const SECRET_VARIABLE = /SECRET|TOKEN|PASSWORD|_KEY$|DATABASE_URL|SMTP_URL/;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment; every problem names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema
    .refine((e) => e.MAIL_TRANSPORT !== 'smtp' || e.SMTP_URL, {
      message: 'is required when MAIL_TRANSPORT=smtp',
      path: ['SMTP_URL'],
    })
    .superRefine((e, ctx) => {
      if (e.MARKETPLACE_PROVIDER === 'spapi') {
        for (const name of ['SPAPI_CLIENT_ID', 'SPAPI_CLIENT_SECRET'] as const) {
          if (!e[name])
            ctx.addIssue({
              code: 'custom',
              message: 'is required when MARKETPLACE_PROVIDER=spapi',
              path: [name],
            });
        }
      }
      // The placeholder table prices Mexico and the Emirates 3 to 16 times off: never with real Amazon prices.
      if (e.NODE_ENV === 'production' && e.MARKETPLACE_PROVIDER === 'spapi' && e.RATES_SOURCE === 'fixed')
        ctx.addIssue({
          code: 'custom',
          message:
            "is the specification's placeholder table, refused with MARKETPLACE_PROVIDER=spapi and NODE_ENV=production: unset it (or set RATES_SOURCE=ecb) for the ECB's daily rates",
          path: ['RATES_SOURCE'],
        });
      // A cheaper hash is for test runs only: production never stores passwords weaker than the library's.
      if (e.NODE_ENV === 'production' && e.PASSWORD_HASH_COST < LIBRARY_SCRYPT_N)
        ctx.addIssue({
          code: 'custom',
          message: `must be at least ${LIBRARY_SCRYPT_N} in production (the auth library's own cost)`,
          path: ['PASSWORD_HASH_COST'],
        });
      // Production with the offline defaults would take sign-ups it cannot charge or mail.
      if (e.NODE_ENV === 'production' && !e.DEMO) {
        if (e.PAYMENTS_PROVIDER === 'sandbox')
          ctx.addIssue({
            code: 'custom',
            message:
              'is the sandbox engine, which takes no real payment: set PAYMENTS_PROVIDER=stripe in production (or DEMO=true for a public demo)',
            path: ['PAYMENTS_PROVIDER'],
          });
        if (e.MAIL_TRANSPORT === 'outbox')
          ctx.addIssue({
            code: 'custom',
            message:
              'keeps mails in the database, nobody receives them: set MAIL_TRANSPORT=smtp in production (or DEMO=true for a public demo)',
            path: ['MAIL_TRANSPORT'],
          });
      }
      if (e.PAYMENTS_PROVIDER !== 'stripe') return;
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!e[name])
          ctx.addIssue({
            code: 'custom',
            message: 'is required when PAYMENTS_PROVIDER=stripe',
            path: [name],
          });
      }
    })
    .safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const got = env[name];
        // A secret's value (or a URL that may carry a password) never reaches a log or a terminal.
        const shown = got === undefined || SECRET_VARIABLE.test(name) ? '' : ` (got "${got}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  return {
    ...e,
    APP_URL: e.APP_URL ?? `http://localhost:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    extensionZip: path.resolve(import.meta.dirname, '../../extension/release/crossmarket-extension.zip'),
  };
}
