import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { magicLink } from 'better-auth/plugins/magic-link';
import { JOB_NAMES } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { account, session, user, userProfiles, verification } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { ensureAccountRows } from '../account/repo';
import { renderMail, type MailKind, type MailLanguage } from '../mail/templates';

/** Where a recovery link lands: signed in, with the reset-password modal open. */
export const RECOVERY_CALLBACK = '/settings/security?recovery=1';
export const LINK_LIFETIME_SECONDS = 15 * 60;

export interface AuthDeps {
  config: Config;
  db: Db;
  queue: JobQueue;
  secret: string;
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

export function createAuth({ config, db, queue, secret }: AuthDeps) {
  const mail = async (kind: MailKind, email: string, url: string, request?: Request) =>
    queue.send(JOB_NAMES.sendMail, renderMail(kind, await languageOf(db, email, request), email, url));

  return betterAuth({
    appName: 'Crossmarket',
    baseURL: config.APP_URL,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    trustedOrigins: [new URL(config.APP_URL).origin],
    telemetry: { enabled: false },
    // Ours lives in PostgreSQL so that every server process shares it (http/rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.APP_URL.startsWith('https:'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user: u, url }, request) => {
        await mail('verify', u.email, url, request);
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created, ctx) => {
            await ensureAccountRows(db, created.id, requestLanguage(ctx?.headers));
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: LINK_LIFETIME_SECONDS,
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
