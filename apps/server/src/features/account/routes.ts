import {
  bannedContentsSchema,
  bannedListsSchema,
  changeUserPasswordBody,
  commLangSchema,
  meResponseSchema,
  onboardingInfoSchema,
  profileSchema,
  resetPasswordRequestSchema,
  resultSchema,
  setPasswordBody,
  usageSchema,
} from '@crossmarket/domain';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, ne } from 'drizzle-orm';
import type { App } from '../../http/app-type';
import type { Db } from '../../db/client';
import { session } from '../../db/schema';
import { apiError, fieldError, HttpError, notFound } from '../../http/errors';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import type { Limiter } from '../../http/rate-limit';
import { errors, guardedErrors } from '../../http/responses';
import { RECOVERY_CALLBACK, type Auth } from '../auth';
import { sessionIdOf, type Guard } from '../auth';
import { consumePasswordGrant, hasPasswordGrant } from '../auth';
import { AUTH_BODY_LIMIT, MAIL_LIMITS, revokeApiTokens } from '../auth';
import { loadBannedContents, profileColumns, saveBannedContents, updateProfile, usageOf } from './repo';
import { accountView } from './view';

export interface AccountRouteDeps {
  db: Db;
  auth: Auth;
  guard: Guard;
  limit: Limiter;
}

const noAccount = () => notFound();
const ok = { 200: resultSchema, ...guardedErrors(400) };

export function registerAccountRoutes(app: App, { db, auth, guard, limit }: AccountRouteDeps) {
  // The web app needs /api/me to know where to send a suspended or inactive user.
  registerGuardedScope(
    app,
    guard,
    noAccount,
    (scope) => {
      scope.get(
        '/api/me',
        { schema: { response: { 200: meResponseSchema, ...guardedErrors() } } },
        async (request) => {
          const { userId, account } = callerOf(request);
          return accountView(account, await usageOf(db, userId));
        },
      );
    },
    { allowBlocked: true },
  );

  // Settings stay usable after the 6-hour grace (the specification's lockout).
  registerGuardedScope(
    app,
    guard,
    noAccount,
    (scope) => {
      scope.get(
        '/api/usage',
        { schema: { response: { 200: usageSchema, ...guardedErrors(429) } } },
        async (request) => usageOf(db, callerOf(request).userId),
      );

      scope.patch('/api/me/profile', { schema: { body: profileSchema, response: ok } }, async (request) => {
        await updateProfile(db, callerOf(request).userId, profileColumns(request.body));
        return { result: true };
      });

      scope.put(
        '/api/me/onboarding',
        { schema: { body: onboardingInfoSchema, response: ok } },
        async (request) => {
          await updateProfile(db, callerOf(request).userId, {
            ...profileColumns(request.body),
            qs: request.body.qs,
          });
          return { result: true };
        },
      );

      scope.patch(
        '/api/me/preferences',
        { schema: { body: commLangSchema, response: ok } },
        async (request) => {
          await updateProfile(db, callerOf(request).userId, { commLang: request.body.comm_lang });
          return { result: true };
        },
      );

      const banned = { 200: bannedListsSchema, ...guardedErrors(400) };
      scope.get('/api/me/banned-contents', { schema: { response: banned } }, async (request) =>
        loadBannedContents(db, callerOf(request).userId),
      );

      scope.put(
        '/api/me/banned-contents',
        { schema: { body: bannedContentsSchema, response: banned } },
        async (request) => {
          const { userId } = callerOf(request);
          await saveBannedContents(db, userId, request.body);
          return loadBannedContents(db, userId);
        },
      );

      scope.post(
        '/api/change-user-password',
        { schema: { body: changeUserPasswordBody, response: ok } },
        async (request) => {
          try {
            await auth.api.changePassword({
              body: {
                currentPassword: request.body.current_plain_password,
                newPassword: request.body.new_plain_password,
                revokeOtherSessions: true,
              },
              headers: fromNodeHeaders(request.headers),
            });
          } catch (error) {
            if (error instanceof APIError) throw new HttpError(400, 'password_change_failed', error.message);
            throw error;
          }
          return { result: true };
        },
      );

      /**
       * A new password without the current one: only within 15 minutes of signing in through a recovery
       * link (the grant that sign-in left for this session), or for an account that has none yet. A stolen
       * session alone cannot take the account over. Every other session of the user ends.
       */
      scope.post(
        '/api/set-password',
        { schema: { body: setPasswordBody, response: ok } },
        async (request) => {
          const caller = callerOf(request);
          const { userId } = caller;
          const sessionId = sessionIdOf(caller);
          const ctx = await auth.$context;
          const accounts = await ctx.internalAdapter.findAccounts(userId);
          const credential = accounts.find((a) => a.providerId === 'credential' && a.password);
          if (credential && !(await hasPasswordGrant(db, sessionId, userId))) {
            throw apiError(403, 'use_change_password', 'apiErrors.setPasswordNeedsRecovery');
          }
          let hash: string;
          try {
            hash = await ctx.password.hash(request.body.password);
          } catch (error) {
            if (error instanceof APIError) throw fieldError('password', 'validation.password.common');
            throw error;
          }
          if (credential && !(await consumePasswordGrant(db, sessionId, userId))) {
            throw apiError(403, 'use_change_password', 'apiErrors.setPasswordNeedsRecovery');
          }
          if (accounts.some((a) => a.providerId === 'credential'))
            await ctx.internalAdapter.updatePassword(userId, hash);
          else
            await ctx.internalAdapter.linkAccount({
              userId,
              providerId: 'credential',
              accountId: userId,
              password: hash,
            });
          await db.delete(session).where(and(eq(session.userId, userId), ne(session.id, sessionId)));
          await revokeApiTokens(db, userId);
          return { result: true };
        },
      );

      /** The signed-in user's own recovery link (Settings → Security → reset by e-mail). */
      scope.post(
        '/api/reset-password',
        { schema: { response: { 200: resultSchema, ...guardedErrors(429) } } },
        async (request) => {
          const { email } = callerOf(request);
          await limit(request, MAIL_LIMITS.recovery, email);
          await auth.api.signInMagicLink({
            body: { email, callbackURL: RECOVERY_CALLBACK },
            headers: fromNodeHeaders(request.headers),
          });
          return { result: true };
        },
      );
    },
    { allowLocked: true },
  );

  /** "Forgot password" on the login page: answers the same whether or not the e-mail has an account. */
  app.post(
    '/api/password-recovery',
    {
      schema: { body: resetPasswordRequestSchema, response: { 200: resultSchema, ...errors(400, 403, 429) } },
      // An e-mail address, read before any sign-in or limit: as small as better-auth's (issue 57).
      bodyLimit: AUTH_BODY_LIMIT,
    },
    async (request) => {
      await limit(request, MAIL_LIMITS.recovery, request.body.email);
      await auth.api.signInMagicLink({
        body: { email: request.body.email, callbackURL: RECOVERY_CALLBACK },
        headers: fromNodeHeaders(request.headers),
      });
      return { result: true };
    },
  );
}
