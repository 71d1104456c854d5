import {
  AMAZON_REGIONS,
  amazonConnectionListSchema,
  amazonConnectRequestSchema,
  amazonConnectResponseSchema,
  isAmazonRegionCode,
  noContentSchema,
  type AmazonConnectionList,
} from '@crossmarket/domain';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { App } from '../../http/app-type';
import { apiError, notFound } from '../../http/errors';
import { count } from '../../http/rate-limit';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { Logger } from '../../logger';
import type { MarketplaceProvider } from '../../providers/marketplace/types';
import type { Guard } from '../auth';
import { registerAmazonRedirects } from './callback';
import { createConnectFlow } from './connect-flow';
import { registerSandboxConsent } from './consent-page';
import { createState, deleteConnection, listConnections, type ConnectionRow } from './repo';
import { authorisationPolicy, type AuthorisationPolicy } from './lookup-accounts';
import { tokenBoxFor } from './seller-token';

const missing = () => notFound('No Amazon account is connected in this region.');
/** Consent links a user may ask for in an hour (times RATE_LIMIT_SCALE). */
export const CONNECT_ATTEMPTS_PER_HOUR = 30;
const regionParams = z.object({ region: z.string() });

/** `A1B2C3D4E5F6G7` → `A1B2…`: enough to tell two accounts apart, not enough to name one. */
const maskSellerId = (id: string) => `${id.slice(0, 4)}…`;

function view(rows: ConnectionRow[], policy: AuthorisationPolicy): AmazonConnectionList {
  return AMAZON_REGIONS.map(({ code, countries }) => {
    const row = rows.find((r) => r.region === code);
    const required = policy.needed && !policy.shared.has(code);
    if (!row)
      return {
        region: code,
        status: 'not_connected',
        selling_partner_id: null,
        connected_at: null,
        renew_by: null,
        required,
        not_selling_in: [],
      };
    return {
      region: code,
      status: row.status === 'revoked' ? 'revoked' : 'connected',
      selling_partner_id: maskSellerId(row.sellingPartnerId),
      connected_at: row.connectedAt.toISOString(),
      renew_by: row.renewBy.toISOString(),
      required,
      // Unknown participations (null) name no country: only what Amazon said is shown.
      not_selling_in: row.sellingCountries ? countries.filter((c) => !row.sellingCountries!.includes(c)) : [],
    };
  });
}

/**
 * `/api/amazon/*`: sellers connect their own Amazon accounts, one per SP-API region (the settings tab).
 * The JSON routes share one guarded scope; Amazon's redirect and log-in URIs answer redirects in a scope
 * of their own (callback.ts); the sandbox adds its local consent page outside production.
 */
export function registerAmazonRoutes(
  app: App,
  {
    db,
    guard,
    config,
    logger,
    marketplace,
  }: { db: Db; guard: Guard; config: Config; logger: Logger; marketplace?: MarketplaceProvider },
) {
  const flow = createConnectFlow(config);
  const policy = authorisationPolicy(config);
  const box = tokenBoxFor(config, logger);

  // Settings stay usable after the subscription lapses, and so does disconnecting an account.
  registerGuardedScope(
    app,
    guard,
    missing,
    (scope) => {
      scope.get(
        '/api/amazon/connections',
        { schema: { response: { 200: amazonConnectionListSchema, ...guardedErrors() } } },
        async (request) => view(await listConnections(db, callerOf(request).userId), policy),
      );

      scope.post(
        '/api/amazon/connections',
        {
          schema: {
            body: amazonConnectRequestSchema,
            response: { 200: amazonConnectResponseSchema, ...guardedErrors(400, 429, 503) },
          },
          bodyLimit: 1024,
        },
        async (request) => {
          if (!flow.available) throw apiError(503, 'amazon_not_configured', 'apiErrors.amazonNotConfigured');
          const { region, marketplace } = request.body;
          const { userId } = callerOf(request);
          // Each consent link allows one callback, and each callback posts our client secret to Amazon: a
          // loop of connect, consent, connect again is capped per hour, beside the live links' cap.
          const attempts = await count(db, `amazon-connect:user:${userId}`, 3600);
          if (attempts.count > CONNECT_ATTEMPTS_PER_HOUR * config.RATE_LIMIT_SCALE)
            throw apiError(429, 'rate_limited', 'apiErrors.tooMany', {
              retryAfterSeconds: attempts.retryAfterSeconds,
            });
          const state = await createState(db, userId, region);
          if (state === 'limit') throw apiError(429, 'rate_limited', 'apiErrors.tooMany');
          return { authorize_url: flow.authorizeUrl(region, state, marketplace) };
        },
      );

      scope.delete(
        '/api/amazon/connections/:region',
        { schema: { params: regionParams, response: { 204: noContentSchema, ...guardedErrors(404) } } },
        async (request, reply) => {
          // An unknown region names no connection of this user's, like an unconnected one: 404.
          const { region } = request.params;
          if (!isAmazonRegionCode(region)) throw missing();
          if (!(await deleteConnection(db, callerOf(request).userId, region))) throw missing();
          return reply.status(204).send();
        },
      );
    },
    { allowLocked: true },
  );

  registerAmazonRedirects(app, { db, guard, flow, box, marketplace });
  if (flow.sandbox && config.NODE_ENV !== 'production')
    registerSandboxConsent(app, { guard, flow, demo: config.DEMO });
}
