import type { AdminConfigWarning } from '@crossmarket/domain';
import type { Config } from '../../../config';

/** Hosts that only this machine reaches: a deployment there is nobody's but its developer's. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether APP_URL is reachable by others (not localhost, 127.0.0.1 or ::1). */
export function isPublicUrl(appUrl: string): boolean {
  try {
    const host = new URL(appUrl).hostname.toLowerCase();
    return !LOCAL_HOSTS.has(host) && !host.endsWith('.localhost');
  } catch {
    return false;
  }
}

type WarningInput = Pick<
  Config,
  | 'APP_URL'
  | 'MAIL_TRANSPORT'
  | 'PAYMENTS_PROVIDER'
  | 'MARKETPLACE_PROVIDER'
  | 'ADMIN_EMAILS'
  | 'SESSION_SECRET'
  | 'NODE_ENV'
>;

/**
 * What an operator should fix in this deployment's configuration, for the System page. Pure: the config
 * in, warning codes out (their texts are the web app's). The start-up check (config.ts) already stops a
 * production process with the outbox or sandbox payments unless DEMO=true; these say it again for a
 * public demo and for a development server someone made public.
 */
export function configWarnings(config: WarningInput): AdminConfigWarning[] {
  const warnings: AdminConfigWarning[] = [];
  const isPublic = isPublicUrl(config.APP_URL);
  if (isPublic && config.MAIL_TRANSPORT === 'outbox') warnings.push('outbox_public');
  if (isPublic && config.PAYMENTS_PROVIDER === 'sandbox') warnings.push('sandbox_payments_public');
  if (isPublic && config.MARKETPLACE_PROVIDER === 'sandbox') warnings.push('sandbox_marketplace_public');
  if (isPublic && new URL(config.APP_URL).protocol === 'http:') warnings.push('plain_http_public');
  if (config.ADMIN_EMAILS.length === 0) warnings.push('no_admin_emails');
  // Without it each server generates its own (secrets.ts): servers behind one balancer disagree.
  if (!config.SESSION_SECRET && (isPublic || config.NODE_ENV === 'production'))
    warnings.push('no_session_secret');
  return warnings;
}
