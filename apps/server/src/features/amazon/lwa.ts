import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LWA_TOKEN_URL } from '../../providers/marketplace/spapi/regions';

/** What exchanging an authorisation code gave: the seller's refresh token, or why not (never a secret). */
export type ExchangeResult =
  { ok: true; refreshToken: string } | { ok: false; reason: string; status?: number };

/** Login with Amazon's `authorization_code` grant, or the sandbox's stand-in for it. */
export interface CodeExchange {
  exchange(code: string): Promise<ExchangeResult>;
}

const tokenAnswer = z.object({ refresh_token: z.string().min(1) });
const errorAnswer = z.object({ error: z.string().regex(/^[a-z_]{1,64}$/) });

/**
 * Amazon's code exchange: the code from the consent redirect, the same redirect URI, and our LWA client.
 * Its answer is read for the refresh token only; the access token that comes with it is not needed yet.
 */
export function lwaCodeExchange(options: {
  url?: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): CodeExchange {
  return {
    async exchange(code) {
      let res: Response;
      try {
        res = await fetch(options.url ?? LWA_TOKEN_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: options.redirectUri,
            client_id: options.clientId,
            client_secret: options.clientSecret,
          }),
          signal: AbortSignal.timeout(20_000),
        });
      } catch {
        return { ok: false, reason: 'unreachable' };
      }
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        // Amazon's own error code (invalid_grant, invalid_client …) is safe to log; the description is not read.
        const known = errorAnswer.safeParse(body);
        return { ok: false, reason: known.success ? known.data.error : 'refused', status: res.status };
      }
      const parsed = tokenAnswer.safeParse(body);
      return parsed.success
        ? { ok: true, refreshToken: parsed.data.refresh_token }
        : { ok: false, reason: 'malformed', status: res.status };
    },
  };
}

/** A sandbox authorisation code's life, as Amazon's (5 minutes), and how many may wait at once. */
const CODE_LIFE_MS = 5 * 60_000;
const MAX_PENDING_CODES = 1000;

/**
 * The sandbox's Login with Amazon, in this process: codes minted by the local consent page, each good
 * once within 5 minutes, exchanged for a made-up refresh token. Works offline; a server process only
 * knows its own codes, which is enough for the one development server the consent page runs on.
 */
export function createSandboxLwa(now: () => number = Date.now): CodeExchange & { mintCode(): string } {
  const codes = new Map<string, number>();
  const forgetExpired = () => {
    for (const [code, expiresAt] of codes) if (expiresAt <= now()) codes.delete(code);
  };
  return {
    mintCode() {
      forgetExpired();
      // Bounded: the oldest code gives way (Map keeps insertion order).
      if (codes.size >= MAX_PENDING_CODES) codes.delete(codes.keys().next().value!);
      const code = `ANsandbox${randomBytes(18).toString('base64url')}`;
      codes.set(code, now() + CODE_LIFE_MS);
      return code;
    },
    async exchange(code) {
      const expiresAt = codes.get(code);
      codes.delete(code);
      if (expiresAt === undefined || expiresAt <= now()) return { ok: false, reason: 'invalid_grant' };
      return { ok: true, refreshToken: `Atzr|sandbox-${randomBytes(32).toString('base64url')}` };
    },
  };
}
