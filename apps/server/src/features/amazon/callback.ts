import {
  amazonCallbackQuerySchema,
  amazonLoginQuerySchema,
  amazonRegionOf,
  redirectSchema,
  type AmazonConnectError,
  type AmazonRegionCode,
} from '@crossmarket/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { App } from '../../http/app-type';
import { HttpError, notFound } from '../../http/errors';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { MarketplaceProvider } from '../../providers/marketplace/types';
import type { Guard } from '../auth';
import { CALLBACK_PATH, SETTINGS_PATH, type ConnectFlow } from './connect-flow';
import { consumeState, createState, saveConnection } from './repo';
import { sealContext, type TokenBox } from './token-box';

// Selling partner ids are Amazon merchant tokens (A + letters and digits); codes and states are opaque but
// short. Anything else is not Amazon's answer.
const SELLING_PARTNER_ID = /^[A-Za-z0-9]{1,64}$/;
const MAX_PARAM = 2048;

const outcome = (reply: FastifyReply, query: string) => reply.redirect(`${SETTINGS_PATH}?${query}`, 302);
const failed = (reply: FastifyReply, error: AmazonConnectError) => outcome(reply, `error=${error}`);

/** A browser navigation (Amazon sending the seller back) rather than a script calling the API. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

const usable = (value: string | undefined): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_PARAM;

/**
 * The browser-facing steps of Amazon's authorisation workflows, in one guarded scope (the session must be
 * the one that asked): the OAuth redirect URI (`/api/amazon/callback`) and the Appstore's log-in URI
 * (`/api/amazon/login`). They answer redirects to the settings tab, with the outcome in its query; a
 * refusal stores nothing. A page request without a session goes to the sign-in page instead of JSON.
 */
export function registerAmazonRedirects(
  app: App,
  {
    db,
    guard,
    flow,
    box,
    marketplace,
  }: { db: Db; guard: Guard; flow: ConnectFlow; box: TokenBox; marketplace?: MarketplaceProvider },
) {
  registerGuardedScope(
    app,
    guard,
    notFound,
    (scope) => {
      scope.setErrorHandler((error, request, reply) => {
        if (error instanceof HttpError && wantsPage(request)) {
          if (error.statusCode === 401) return reply.redirect('/login', 302);
          // Inactive, suspended, a foreign Origin: the web app's gate says what the seller can do.
          if (error.statusCode === 403) return reply.redirect('/', 302);
        }
        // Everything else as every other route answers it (the app's error handler).
        throw error;
      });

      scope.get(
        CALLBACK_PATH,
        {
          schema: {
            querystring: amazonCallbackQuerySchema,
            response: { 302: redirectSchema, ...guardedErrors(400) },
          },
        },
        async (request, reply) => {
          const { userId } = callerOf(request);
          const q = request.query;
          // The state is spent whatever happens next: a link is good for one try.
          const region = usable(q.state) ? await consumeState(db, userId, q.state) : null;
          const log = (result: string, extra: object = {}) =>
            request.log.info({ region, result, ...extra }, 'amazon connection');
          if (q.error !== undefined) {
            // Amazon's reason is a short code (access_denied); the description is free text, not logged.
            log('declined', { amazonError: /^[a-z_]{1,64}$/.test(q.error) ? q.error : 'other' });
            return failed(reply, 'amazon_declined');
          }
          if (!region) {
            log('state_invalid');
            return failed(reply, 'amazon_state_invalid');
          }
          const sellerId = q.selling_partner_id;
          if (!usable(q.spapi_oauth_code) || !sellerId || !SELLING_PARTNER_ID.test(sellerId)) {
            log('incomplete');
            return failed(reply, 'amazon_exchange_failed');
          }
          const exchanged = await flow.exchange.exchange(q.spapi_oauth_code);
          if (!exchanged.ok) {
            request.log.warn(
              { region, reason: exchanged.reason, status: exchanged.status },
              'amazon code exchange failed',
            );
            return failed(reply, 'amazon_exchange_failed');
          }
          // The id comes through the browser: one call that takes it proves it is the authorisation's own,
          // else every restriction check would be refused. Only Amazon's refusal refuses the connection.
          const own = { sellingPartnerId: sellerId, refreshToken: exchanged.refreshToken };
          const home = amazonRegionOf(region).countries[0]!;
          if (marketplace?.verifySeller) {
            const verdict = await marketplace.verifySeller(home, { own, tenant: userId });
            if (verdict === 'wrong_seller') {
              log('seller_mismatch');
              return failed(reply, 'amazon_seller_mismatch');
            }
            if (verdict === 'unknown') log('seller_unverified');
          }
          // Where the seller may sell (the Sellers API), so a report to a marketplace they are not
          // registered in is flagged before it is sent; unknown when Amazon does not say.
          const countries = (await marketplace?.sellingCountries?.(home, { own, tenant: userId })) ?? null;
          const sealed = box.seal(exchanged.refreshToken, sealContext(userId, region));
          await saveConnection(db, userId, region, sellerId, sealed, countries);
          log('connected');
          return outcome(reply, `connected=${region}`);
        },
      );

      scope.get(
        '/api/amazon/login',
        {
          schema: {
            querystring: amazonLoginQuerySchema,
            response: { 302: redirectSchema, ...guardedErrors(400) },
          },
        },
        async (request, reply) => {
          // Amazon's Appstore sends the seller here first; a signed-in seller is sent back to Amazon's
          // callback with our state, and Amazon then shows its consent page and calls CALLBACK_PATH.
          const q = request.query;
          let callback: URL | null = null;
          try {
            callback = usable(q.amazon_callback_uri) ? new URL(q.amazon_callback_uri) : null;
          } catch {
            callback = null;
          }
          const region: AmazonRegionCode | null = callback && flow.regionOfCallback(callback);
          if (!flow.available || !callback || !region || !usable(q.amazon_state)) {
            request.log.info({ region, result: 'login_refused' }, 'amazon connection');
            return failed(reply, 'amazon_state_invalid');
          }
          const state = await createState(db, callerOf(request).userId, region);
          if (state === 'limit') return failed(reply, 'amazon_state_invalid');
          callback.searchParams.set('redirect_uri', flow.redirectUri);
          callback.searchParams.set('amazon_state', q.amazon_state);
          callback.searchParams.set('state', state);
          if (flow.draft || q.version === 'beta') callback.searchParams.set('version', 'beta');
          return reply.redirect(callback.toString(), 302);
        },
      );
    },
    { allowLocked: true },
  );
}
