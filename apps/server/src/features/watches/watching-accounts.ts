import { LOCKOUT_GRACE_MS } from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The accounts watches work for: active, not suspended, on a paid plan not yet locked out — the guard's
 * rules (auth/guard.ts, `isLockedOut` with its grace) plus a plan, since the free plan watches nothing.
 * A lapsed, suspended or closed account's watches are neither refreshed (they would spend the shared
 * authorisation), fired nor mailed; they wake up with the account (issue 57).
 */
export const watchingAccount = (userId: SQL): SQL => sql`exists (
  select 1 from user_data d
   where d.user_id = ${userId} and d.is_active and not d.suspended and d.plan_code <> 'F'
     and d.subscription_end is not null
     and now() < d.subscription_end + ${LOCKOUT_GRACE_MS / 1000} * interval '1 second')`;
