import type { Limit } from '../../http/rate-limit';

/**
 * Wrong passwords for one e-mail, from anywhere: a ceiling well above the per-client limit (30 per
 * address or IPv6 /64), so a stranger's guesses (stopped by their own client's limit first) do not lock
 * the owner out, while a guessing attack spread over many addresses still stops. An attack from four
 * addresses can still reach it; the owner then signs in through a mailed link, which clears it (auth.ts).
 */
export const SIGN_IN_FAILURES_PER_EMAIL: Limit = {
  name: 'sign-in-failures',
  max: 100,
  windowSeconds: 15 * 60,
};
