import type { AdminActionInput } from '@crossmarket/domain';
import type { Db } from '../../../db/client';
import { apiError } from '../../../http/errors';
import type { Auth, Caller } from '../../auth';
import { recordAudit } from '../audit';
import type { Target } from './target';

/** better-auth's own verification mail again (a fresh 24-hour link); an activated account is refused. */
export async function resendActivation(
  { db, auth }: { db: Db; auth: Auth },
  actor: Caller,
  target: Target,
  { reason }: AdminActionInput,
) {
  if (target.emailVerified) {
    await recordAudit(db, actor, {
      action: 'user.resend_activation',
      target,
      reason,
      result: 'refused',
      details: { why: 'already_activated' },
    });
    throw apiError(409, 'already_activated', 'apiErrors.admin.alreadyActivated');
  }
  await auth.api.sendVerificationEmail({ body: { email: target.email, callbackURL: '/welcome' } });
  return recordAudit(db, actor, { action: 'user.resend_activation', target, reason, result: 'ok' });
}
