import { isLockedOut } from '@crossmarket/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { loadAccount, type AccountRow } from '../account/repo';
import type { Auth } from './auth';

export interface GuardOptions {
  /** Settings, welcome and support stay usable after the 6-hour grace (the specification's lockout). */
  allowLocked?: boolean;
  /** Only /api/me: the web app needs it to know where to send a suspended or inactive user. */
  allowBlocked?: boolean;
  /** Support: the suspended page sends its user there (an inactive account still gets 403). */
  allowSuspended?: boolean;
}

export interface Caller {
  userId: string;
  /** The session the request came with (a recovery grant belongs to one session). */
  sessionId: string;
  email: string;
  account: AccountRow;
}

export type Guard = (request: FastifyRequest, options?: GuardOptions) => Promise<Caller>;

/**
 * The API's half of account gating: the same rules the web guard applies, answered with error codes the
 * web app understands. Identity always comes from the session cookie, never from the body.
 */
export function createGuard(auth: Auth, db: Db): Guard {
  return async (request, options = {}) => {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) throw new HttpError(401, 'unauthenticated', 'Please sign in.');
    const account = await loadAccount(db, found.user.id);
    if (!account) throw new HttpError(401, 'unauthenticated', 'Please sign in.');
    if (!options.allowBlocked) {
      if (!account.data.isActive) throw new HttpError(403, 'account_inactive', 'This account is not active.');
      if (account.data.suspended && !options.allowSuspended)
        throw new HttpError(403, 'account_suspended', 'Your account has been suspended.');
      if (!options.allowLocked && isLockedOut(account.data.subscriptionEnd)) {
        throw new HttpError(
          403,
          'subscription_expired',
          'Your subscription has ended. Renew it in Settings → Billing.',
        );
      }
    }
    return { userId: found.user.id, sessionId: found.session.id, email: found.user.email, account };
  };
}
