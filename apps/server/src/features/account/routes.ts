import {
  bannedContentsSchema,
  changeUserPasswordBody,
  commLangSchema,
  onboardingInfoSchema,
  profileSchema,
  resetPasswordRequestSchema,
  setPasswordBody,
} from '@crossmarket/domain';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { Limiter } from '../../http/rate-limit';
import { RECOVERY_CALLBACK, type Auth } from '../auth/auth';
import type { Guard } from '../auth/guard';
import { MAIL_LIMITS } from '../auth/routes';
import { loadBannedContents, profileColumns, saveBannedContents, updateProfile, usageOf } from './repo';
import { accountView } from './view';

export interface AccountRouteDeps {
  db: Db;
  auth: Auth;
  guard: Guard;
  limit: Limiter;
}

export function registerAccountRoutes(app: App, { db, auth, guard, limit }: AccountRouteDeps) {
  app.get('/api/me', async (request) => {
    const { userId, account } = await guard(request, { allowBlocked: true });
    return accountView(account, await usageOf(db, userId));
  });

  app.get('/api/usage', async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return usageOf(db, userId);
  });

  app.patch('/api/me/profile', { schema: { body: profileSchema } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    await updateProfile(db, userId, profileColumns(request.body));
    return { result: true };
  });

  app.put('/api/me/onboarding', { schema: { body: onboardingInfoSchema } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    await updateProfile(db, userId, { ...profileColumns(request.body), qs: request.body.qs });
    return { result: true };
  });

  app.patch('/api/me/preferences', { schema: { body: commLangSchema } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    await updateProfile(db, userId, { commLang: request.body.comm_lang });
    return { result: true };
  });

  app.get('/api/me/banned-contents', async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return loadBannedContents(db, userId);
  });

  app.put('/api/me/banned-contents', { schema: { body: bannedContentsSchema } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    await saveBannedContents(db, userId, request.body);
    return loadBannedContents(db, userId);
  });

  app.post('/api/change-user-password', { schema: { body: changeUserPasswordBody } }, async (request) => {
    await guard(request, { allowLocked: true });
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
  });

  app.post('/api/set-password', { schema: { body: setPasswordBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    const ctx = await auth.$context;
    const hash = await ctx.password.hash(request.body.password);
    const accounts = await ctx.internalAdapter.findAccounts(userId);
    if (accounts.some((a) => a.providerId === 'credential'))
      await ctx.internalAdapter.updatePassword(userId, hash);
    else
      await ctx.internalAdapter.linkAccount({
        userId,
        providerId: 'credential',
        accountId: userId,
        password: hash,
      });
    return { result: true };
  });

  /** The signed-in user's own recovery link (Settings → Security → reset by e-mail). */
  app.post('/api/reset-password', async (request) => {
    const { email } = await guard(request, { allowLocked: true });
    await limit(request, MAIL_LIMITS, email);
    await auth.api.signInMagicLink({
      body: { email, callbackURL: RECOVERY_CALLBACK },
      headers: fromNodeHeaders(request.headers),
    });
    return { result: true };
  });

  /** "Forgot password" on the login page: answers the same whether or not the e-mail has an account. */
  app.post('/api/password-recovery', { schema: { body: resetPasswordRequestSchema } }, async (request) => {
    await limit(request, MAIL_LIMITS, request.body.email);
    await auth.api.signInMagicLink({
      body: { email: request.body.email, callbackURL: RECOVERY_CALLBACK },
      headers: fromNodeHeaders(request.headers),
    });
    return { result: true };
  });
}
