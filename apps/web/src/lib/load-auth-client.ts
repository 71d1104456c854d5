import type { authClient } from './auth-client';

type AuthClient = typeof authClient;
let loading: Promise<AuthClient> | undefined;

/**
 * better-auth's client arrives in its own chunk: the public pages render without it and fetch it as
 * they mount, so a submit finds it loaded (the sign-in route's byte budget). A failed fetch is retried
 * on the next call.
 */
export function loadAuthClient(): Promise<AuthClient> {
  loading ??= import('./auth-client').then(
    (m) => m.authClient,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
