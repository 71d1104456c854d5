import { rawBodySchema } from '@crossmarket/domain';
import { z } from 'zod';
import type { App } from '../../http/app-type';
import { isLoopback } from '../../http/dev-mailbox';
import { HttpError, notFound } from '../../http/errors';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import { sandboxSellerId } from '../../providers/sandbox-seller-id';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { CALLBACK_PATH, SANDBOX_CONSENT_PATH, type ConnectFlow } from './connect-flow';

/**
 * A made-up merchant token in Amazon's format, for tests that call the callback directly. The consent page
 * itself connects the user's own sandbox seller (`sandboxSellerId`): one shared id would file every
 * connected user's sandbox listings, orders and money under one seller.
 */
export const SANDBOX_SELLING_PARTNER_ID = 'A1B2C3D4E5F6G7';

const consentQuery = z.looseObject({
  application_id: z.string().max(200).optional(),
  state: z.string().max(2048).optional(),
  version: z.string().max(20).optional(),
  redirect_uri: z.string().max(2048).optional(),
  /** The Seller Central a real consent link would open (the marketplace the seller picked). */
  seller_central: z.string().max(200).optional(),
});

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');

// Text #1f1f1f and #595959 on white, white on #0958d9: all above WCAG AA's 4.5:1.
const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f1f1f;background:#fff;margin:0}
main{max-width:560px;margin:48px auto;padding:0 20px}h1{font-size:24px;line-height:1.3}
p{line-height:1.5}.note{color:#595959;font-size:14px}.actions{display:flex;gap:12px;margin-top:24px}
button{font:inherit;font-size:16px;padding:10px 22px;border-radius:6px;cursor:pointer;border:1px solid #595959;background:#fff;color:#1f1f1f}
button.allow{background:#0958d9;border-color:#0958d9;color:#fff}button:focus-visible{outline:3px solid #1f1f1f;outline-offset:2px}`;

function page(
  state: string,
  code: string,
  draft: boolean,
  sellerCentral: string | undefined,
  sellerId: string,
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Amazon consent (sandbox) - Crossmarket</title><style>${STYLE}</style></head>
<body><main>
<p class="note">Sandbox: this page stands in for Amazon Seller Central${sellerCentral ? ` (<span data-testid="seller-central">${escapeHtml(sellerCentral)}</span>)` : ''}. No Amazon account is involved.</p>
<h1>Allow Crossmarket to access your Amazon selling account?</h1>
<p>Crossmarket asks to read product listings and prices for the selling account ${sellerId}${draft ? ' (draft application)' : ''}. You can remove this access at any time.</p>
<div class="actions">
<form method="get" action="${CALLBACK_PATH}">${hidden({ state, selling_partner_id: sellerId, spapi_oauth_code: code })}<button type="submit" class="allow">Allow</button></form>
<form method="get" action="${CALLBACK_PATH}">${hidden({ state, error: 'access_denied', error_description: 'The seller declined.' })}<button type="submit">Decline</button></form>
</div>
</main></body></html>`;
}

/**
 * Development with the sandbox marketplace: Seller Central's consent page, served by us, so the whole
 * connect flow runs offline. Each view mints one sandbox code (good once, 5 minutes) for its Allow button.
 * A /dev page: signed-in sellers on this machine only (or anyone on a public demo), like the mailbox.
 */
export function registerSandboxConsent(
  app: App,
  { guard, flow, demo }: { guard: Guard; flow: ConnectFlow; demo: boolean },
) {
  const sandbox = flow.sandbox!;
  registerGuardedScope(
    app,
    guard,
    notFound,
    (scope) => {
      scope.get(
        SANDBOX_CONSENT_PATH,
        {
          schema: {
            querystring: consentQuery,
            response: { 200: rawBodySchema('The sandbox consent page.'), ...guardedErrors(400, 404) },
          },
        },
        async (request, reply) => {
          // The seller's own consent only: not behind DEV_PAGES, which guards every user's data.
          if (!demo && !isLoopback(request.ip)) throw notFound();
          const { application_id, state, version, seller_central } = request.query;
          if (application_id !== flow.applicationId || !state)
            throw new HttpError(
              400,
              'bad_consent_link',
              'This consent link names another application or no state.',
            );
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(
              page(
                state,
                sandbox.mintCode(),
                version === 'beta',
                seller_central,
                sandboxSellerId(callerOf(request).userId),
              ),
            );
        },
      );
    },
    { allowLocked: true },
  );
}
