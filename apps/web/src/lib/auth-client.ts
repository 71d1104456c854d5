import { createAuthClient } from 'better-auth/client';
import { magicLinkClient } from 'better-auth/client/plugins';
import i18next from 'i18next';

/** better-auth's browser client over /api/auth (same origin, session cookie). */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: {
    // Mails the server sends from these calls go out in the language the user is reading.
    onRequest(context) {
      context.headers.set('x-crossmarket-language', i18next.language ?? 'en');
      return context;
    },
  },
  plugins: [magicLinkClient()],
});
