import i18next from 'i18next';

/** better-auth error codes the login page translates (the specification: login errors are translated). */
const KNOWN: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'auth.errors.invalidCredentials',
  EMAIL_NOT_VERIFIED: 'auth.errors.emailNotVerified',
  USER_ALREADY_EXISTS: 'auth.errors.userExists',
  PASSWORD_TOO_SHORT: 'validation.password.min',
  PASSWORD_TOO_COMMON: 'validation.password.common',
};

export function authErrorMessage(
  error: { code?: string; message?: string; status?: number } | null | undefined,
): string {
  if (!error) return i18next.t('errors.generic');
  if (error.status === 429) return i18next.t('auth.errors.tooMany');
  const key = error.code ? KNOWN[error.code] : undefined;
  return key ? i18next.t(key) : (error.message ?? i18next.t('errors.generic'));
}
