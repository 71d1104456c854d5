// What other features may use of this one.
export { RECOVERY_CALLBACK, type Auth } from './auth';
export { sessionIdOf, type Caller, type Guard } from './guard';
export { consumePasswordGrant, hasPasswordGrant } from './password-grant';
export { revokeApiTokens } from './password-attempts';
export { AUTH_BODY_LIMIT, MAIL_LIMITS } from './routes';
export { resetOperatorCredentials, type CredentialsReset } from './operator-credentials-reset';
