import { betterAuth, type BetterAuthOptions, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { magicLink } from 'better-auth/plugins/magic-link';
import { englishMessage, JOB_NAMES, PASSWORD_MIN } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { user, userProfiles } from '../../db/schema';
import { clearCount, emailFailureKey } from '../../http/rate-limit';
import type { JobQueue } from '../../jobs/queue';
import type { SealingBox } from '../../jobs/types';
import type { Logger } from '../../logger';
import { ensureAccountRows } from '../account';
import { linkMailPayload, type MailKind, type MailLanguage } from '../mail';
import { apiTokenCreateHook, apiTokenPlugin } from './api-tokens';
import { isCommonPassword } from './common-passwords';
import { MAILBOX_PROVING_PATHS, promoteListedOperator } from './operators';
import { hashPassword, verifyPassword } from './password-hash';
import { PASSWORD_PATHS, passwordChangeAfter, passwordChangeBefore } from './password-attempts';
import { grantPasswordReset } from './password-grant';
import { SIGN_IN_FAILURES_PER_EMAIL } from './sign-in-limits';
import { bindSignUpBrowser, proveMailbox } from './sign-up-binding';
import { AUTH_TABLES } from './tables';

/** Where a recovery link lands: signed in, with the reset-password modal open. */
export const RECOVERY_CALLBACK = '/settings/security?recovery=1';
export const LINK_LIFETIME_SECONDS = 15 * 60;
const ACTIVATION_LIFETIME_SECONDS = 24 * 3600;

export interface AuthDeps {
  config: Config;
  db: Db;
  queue: JobQueue;
  secret: string;
  /** The token key's box: links go into mail jobs sealed (features/mail/link-mail.ts). */
  links: SealingBox;
  /** better-auth's own lines go here (else to the console, its default). */
  logger?: Logger;
}

/**
 * better-auth's log lines through pino. A token that fails verification (wrong, revoked, expired) is the
 * caller's mistake, already answered 401: the plugin logs it as an error, here it is only a debug line.
 */
function authLogger(logger: Logger): BetterAuthOptions['logger'] {
  // No `level`: with one set, better-auth also logs every client error (a wrong password) to the console.
  return {
    log: (level, message, ...args) => {
      const fields = args.length ? { err: args[0] } : {};
      if (message.startsWith('Failed to validate API key')) logger.debug(fields, message);
      else logger[level](fields, `better-auth: ${message}`);
    },
  };
}

/** The profile's communication language; at sign-up (no profile yet) the language the request asked in. */
async function languageOf(db: Db, email: string, request?: Request): Promise<MailLanguage> {
  const rows = await db
    .select({ lang: userProfiles.commLang })
    .from(user)
    .innerJoin(userProfiles, eq(userProfiles.userId, user.id))
    .where(eq(user.email, email.toLowerCase()))
    .limit(1);
  if (!rows[0]) return requestLanguage(request?.headers);
  return rows[0].lang === 'tr' ? 'tr' : 'en';
}

/** The language the browser asked in (the web app sends its own choice), for the profile's default. */
export function requestLanguage(headers: Headers | undefined | null): MailLanguage {
  const asked = headers?.get('x-crossmarket-language') ?? headers?.get('accept-language') ?? '';
  return asked.toLowerCase().startsWith('tr') ? 'tr' : 'en';
}

/**
 * The origins a browser may call better-auth from: APP_URL's, and the same server under its other loopback
 * name (a page opened at http://127.0.0.1:3000 when APP_URL says localhost), as http/origin.ts allows.
 */
export function trustedOriginsFor(appUrl: string): string[] {
  const url = new URL(appUrl);
  const origins = [url.origin];
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  if (loopback.includes(url.hostname)) {
    for (const name of loopback) {
      const other = new URL(url.origin);
      other.hostname = name;
      if (!origins.includes(other.origin)) origins.push(other.origin);
    }
  }
  return origins;
}

const HOUR = 3600;

async function clearSignInFailures(db: Db, userId: string) {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  if (row) await clearCount(db, emailFailureKey(SIGN_IN_FAILURES_PER_EMAIL, row.email));
}

export function createAuth({ config, db, queue, secret, links, logger }: AuthDeps) {
  const absoluteMs = config.SESSION_MAX_LIFETIME_HOURS * HOUR * 1000;
  const scale = config.RATE_LIMIT_SCALE;
  const idleSeconds = config.SESSION_IDLE_TIMEOUT_HOURS * HOUR;
  const mail = async (kind: MailKind, email: string, url: string, request?: Request) =>
    queue.send(
      JOB_NAMES.sendLinkMail,
      linkMailPayload(links, kind, await languageOf(db, email, request), email, url),
    );

  return betterAuth({
    appName: 'Crossmarket',
    baseURL: config.APP_URL,
    basePath: '/api/auth',
    // A signed-in password check with no failure count: nothing of ours calls it, and a stolen cookie
    // could guess with it (our own checks count wrong passwords, password-attempts.ts).
    disabledPaths: ['/verify-password'],
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema: AUTH_TABLES }),
    trustedOrigins: trustedOriginsFor(config.APP_URL),
    telemetry: { enabled: false },
    ...(logger && { logger: authLogger(logger) }),
    // Ours lives in PostgreSQL so that every server process shares it (http/rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      // better-auth skips its Origin check when NODE_ENV is test; tests then see what production does.
      disableOriginCheck: false,
      useSecureCookies: config.APP_URL.startsWith('https:'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    // Idle timeout: a session not used for SESSION_IDLE_TIMEOUT_HOURS ends (its expiry moves on with use,
    // checked every 1/24 of it); absolute lifetime: the hooks below never let it pass created + the maximum.
    session: {
      expiresIn: idleSeconds,
      updateAge: Math.max(60, Math.floor(idleSeconds / 24)),
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 128,
      password: {
        // Every new password passes here (sign-up, change, set): the common ones are refused.
        hash: async (password) => {
          if (await isCommonPassword(password)) {
            throw new APIError('BAD_REQUEST', {
              code: 'PASSWORD_TOO_COMMON',
              message: englishMessage('validation.password.common'),
            });
          }
          return hashPassword(password, config.PASSWORD_HASH_COST);
        },
        verify: verifyPassword,
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: ACTIVATION_LIFETIME_SECONDS,
      // A password chosen before the address was proven is kept only in the browser that chose it.
      beforeEmailVerification: async (verified, request) => {
        await proveMailbox(db, verified.id, request);
      },
      sendVerificationEmail: async ({ user: u, url }, request) => {
        await mail('verify', u.email, url, request);
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (created) => {
            const cap = new Date(Date.now() + absoluteMs);
            return { data: { ...created, expiresAt: created.expiresAt > cap ? cap : created.expiresAt } };
          },
          // A recovery link's sign-in may set a new password without the old one, for 15 minutes. Any
          // link's sign-in proves the mailbox: the e-mail's wrong passwords (a stranger's, perhaps
          // spread over many addresses) no longer keep its owner from signing in with the password.
          after: async (created, ctx) => {
            if (MAILBOX_PROVING_PATHS.has(ctx?.path ?? '')) {
              await promoteListedOperator(db, created.userId, config.ADMIN_EMAILS);
            }
            if (ctx?.path !== '/magic-link/verify') return;
            await clearSignInFailures(db, created.userId);
            const callback = (ctx.query as { callbackURL?: string } | undefined)?.callbackURL;
            if (callback && decodeURIComponent(callback) === RECOVERY_CALLBACK) {
              await grantPasswordReset(db, created.id, created.userId, LINK_LIFETIME_SECONDS);
            }
          },
        },
        update: {
          // A refresh moves the expiry on, never past the session's absolute end.
          before: async (changes, ctx) => {
            const createdAt = ctx?.context.session?.session.createdAt;
            if (!(changes.expiresAt instanceof Date) || !createdAt) return;
            const cap = new Date(new Date(createdAt).getTime() + absoluteMs);
            if (changes.expiresAt > cap) return { data: { ...changes, expiresAt: cap } };
          },
        },
      },
      user: {
        create: {
          after: async (created, ctx) => {
            await ensureAccountRows(db, created.id, requestLanguage(ctx?.headers));
          },
        },
      },
    },
    plugins: [
      apiTokenPlugin(),
      {
        // Our checks around better-auth's own endpoints (api-tokens.ts, password-attempts.ts).
        id: 'crossmarket-checks',
        hooks: {
          before: [
            { matcher: (c) => c.path === '/api-key/create', handler: apiTokenCreateHook(db, scale) },
            { matcher: (c) => c.path === '/change-password', handler: passwordChangeBefore(db, scale) },
          ],
          after: [
            { matcher: (c) => PASSWORD_PATHS.has(c.path ?? ''), handler: passwordChangeAfter(db) },
            {
              matcher: (c) => c.path === '/sign-up/email',
              handler: bindSignUpBrowser(db, ACTIVATION_LIFETIME_SECONDS),
            },
          ],
        },
      } satisfies BetterAuthPlugin,
      magicLink({
        expiresIn: LINK_LIFETIME_SECONDS,
        // The verification table holds a hash: a database leak hands out no working sign-in link.
        storeToken: 'hashed',
        // Magic links sign existing accounts in; sign-up always goes through e-mail verification.
        disableSignUp: true,
        sendMagicLink: async ({ email, url }) => {
          const known = await db
            .select({ id: user.id })
            .from(user)
            .where(eq(user.email, email.toLowerCase()))
            .limit(1);
          if (known.length === 0) return; // same answer either way: no account enumeration
          const callback = new URL(url).searchParams.get('callbackURL') ?? '';
          await mail(callback === RECOVERY_CALLBACK ? 'recovery' : 'magic', email, url);
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
