import { randomBytes } from 'node:crypto';

/** Amazon's authorisation codes live 5 minutes; access tokens an hour. */
const CODE_LIFE_MS = 5 * 60_000;
const ACCESS_TOKEN_SECONDS = 3600;

interface Answer {
  status: number;
  body: object;
}

const invalidGrant = (what: string): Answer => ({
  status: 400,
  body: { error: 'invalid_grant', error_description: `The request has an invalid grant parameter : ${what}` },
});

/**
 * Login with Amazon's token endpoint as the SP-API stand-in answers it (`POST /auth/o2/token`):
 * - `refresh_token`: any refresh token is a seller's authorisation (tests name their own), except one
 *   `revoke`d (the seller removed the app, or the year ran out): 400 `invalid_grant`, as Amazon answers;
 * - `authorization_code`: a code `mintCode` made (what Amazon's consent page hands the seller), good once
 *   within 5 minutes and for the redirect URI it was minted for, gives a new refresh token.
 * Every access token remembers the authorisation it came from, so the stand-in can keep one rate bucket
 * per authorisation, as Amazon counts per selling partner and application.
 */
export function createLwaStandIn() {
  const codes = new Map<string, { expiresAt: number; redirectUri?: string }>();
  const revoked = new Set<string>();
  const accessTokens = new Map<string, { authorisation: string; expiresAt: number }>();
  const issued: string[] = [];
  let exchanges = 0;

  const grant = (refreshToken: string, withRefreshToken: boolean): Answer => {
    exchanges += 1;
    const accessToken = `Atza|token-${exchanges}`;
    accessTokens.set(accessToken, {
      authorisation: refreshToken,
      expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000,
    });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        ...(withRefreshToken && { refresh_token: refreshToken }),
        token_type: 'bearer',
        expires_in: ACCESS_TOKEN_SECONDS,
      },
    };
  };

  return {
    /** The answer to a token request's form. */
    handle(form: URLSearchParams): Answer {
      if (!form.get('client_id') || !form.get('client_secret'))
        return { status: 400, body: { error: 'invalid_request' } };
      const type = form.get('grant_type');
      if (type === 'refresh_token') {
        const refreshToken = form.get('refresh_token');
        if (!refreshToken) return { status: 400, body: { error: 'invalid_request' } };
        if (revoked.has(refreshToken)) return invalidGrant('refresh_token');
        return grant(refreshToken, false);
      }
      if (type === 'authorization_code') {
        const code = form.get('code');
        const redirectUri = form.get('redirect_uri');
        if (!code || !redirectUri) return { status: 400, body: { error: 'invalid_request' } };
        const minted = codes.get(code);
        codes.delete(code);
        if (!minted || minted.expiresAt <= Date.now()) return invalidGrant('code');
        if (minted.redirectUri !== undefined && minted.redirectUri !== redirectUri)
          return invalidGrant('redirect_uri');
        const refreshToken = `Atzr|${randomBytes(24).toString('base64url')}`;
        issued.push(refreshToken);
        return grant(refreshToken, true);
      }
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    },
    /** An authorisation code as Amazon's consent redirect carries it; `lifeMs` to make one already stale. */
    mintCode(options: { redirectUri?: string; lifeMs?: number } = {}): string {
      const code = `ANcode${randomBytes(15).toString('base64url')}`;
      codes.set(code, {
        expiresAt: Date.now() + (options.lifeMs ?? CODE_LIFE_MS),
        redirectUri: options.redirectUri,
      });
      return code;
    },
    /** The seller removes the app: the refresh token is refused from now on. */
    revoke(refreshToken: string) {
      revoked.add(refreshToken);
    },
    /**
     * The refresh token an unexpired access token came from. A well-formed access token this stand-in
     * did not issue (another stand-in's: tests run one per region against one token endpoint) counts as an
     * authorisation of its own; anything else is undefined (Amazon's 403).
     */
    authorisationOf(accessToken: string): string | undefined {
      const found = accessTokens.get(accessToken);
      if (found) return found.expiresAt > Date.now() ? found.authorisation : undefined;
      return accessToken.startsWith('Atza|') ? accessToken : undefined;
    },
    /** Refresh tokens handed out for codes, oldest first. */
    issued,
    exchanges: () => exchanges,
  };
}
export type LwaStandIn = ReturnType<typeof createLwaStandIn>;
