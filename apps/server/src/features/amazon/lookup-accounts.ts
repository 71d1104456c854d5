import {
  amazonRegionOf,
  amazonRegionOfCountry,
  type AmazonRegionCode,
  type LookupAccountKind,
  type RegionCode,
} from '@crossmarket/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { amazonConnections } from '../../db/schema';
import { apiError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { LookupAccounts } from '../../providers/marketplace/types';
import { isStillConnected, loadSellerAuthorisation, markRevoked, tokenBoxFor } from './seller-token';

/** What a deployment offers for lookups: whether they need an authorisation, and where it shares one. */
export interface AuthorisationPolicy {
  /** False for the sandbox marketplace, which never needs a connection. */
  needed: boolean;
  /** Regions with a shared authorisation (`SPAPI_REFRESH_TOKEN_*`). */
  shared: ReadonlySet<AmazonRegionCode>;
}

export const authorisationPolicy = (config: Config): AuthorisationPolicy => ({
  needed: config.MARKETPLACE_PROVIDER === 'spapi',
  shared: new Set(
    (
      [
        ['na', config.SPAPI_REFRESH_TOKEN_NA],
        ['eu', config.SPAPI_REFRESH_TOKEN_EU],
        ['fe', config.SPAPI_REFRESH_TOKEN_FE],
      ] as const
    ).flatMap(([region, token]) => (token ? [region] : [])),
  ),
});

/** The user's connected regions among these marketplaces' (a revoked authorisation does not count). */
async function connectedRegions(db: Db, userId: string, countries: RegionCode[]) {
  const rows = await db
    .select({ region: amazonConnections.region })
    .from(amazonConnections)
    .where(
      and(
        eq(amazonConnections.userId, userId),
        eq(amazonConnections.status, 'connected'),
        inArray(amazonConnections.region, [...new Set(countries.map(amazonRegionOfCountry))]),
      ),
    );
  return new Set(rows.map((r) => r.region));
}

/**
 * Whose authorisation the user's lookups in a buying and a selling marketplace will use: their own where
 * connected, else the shared one (or none needed, in the sandbox). 409 `amazon_not_connected` naming the
 * first region nothing serves. Reads no token; called before anything is spent.
 */
export async function authoriseLookups(
  db: Db,
  policy: AuthorisationPolicy,
  userId: string,
  countries: { from: RegionCode; to: RegionCode },
  /** The refusal's text: a report's by default, an inventory update's `apiErrors.amazonNotConnectedUpdate`. */
  key = 'apiErrors.amazonNotConnected',
): Promise<{ from: LookupAccountKind; to: LookupAccountKind }> {
  const connected = await connectedRegions(db, userId, [countries.from, countries.to]);
  const kindOf = (country: RegionCode): LookupAccountKind => {
    const region = amazonRegionOfCountry(country);
    if (connected.has(region)) return 'own';
    if (!policy.needed || policy.shared.has(region)) return 'shared';
    throw apiError(409, 'amazon_not_connected', key, {
      params: { region: amazonRegionOf(region).name },
      region,
    });
  };
  return { from: kindOf(countries.from), to: kindOf(countries.to) };
}

/**
 * Whose authorisation the worker's lookups run under: the user's own for the region, else the shared one,
 * else none (the work then stops with a reason the seller can act on). In the sandbox every user is served.
 */
export function createLookupAccounts(deps: {
  db: Db;
  queue: JobQueue;
  config: Config;
  logger: Logger;
}): LookupAccounts {
  const policy = authorisationPolicy(deps.config);
  const box = tokenBoxFor(deps.config, deps.logger);
  return {
    async forUser(userId, country) {
      const region = amazonRegionOfCountry(country);
      const own = await loadSellerAuthorisation(deps.db, box, userId, region);
      if (own) return { kind: 'own', account: { own, tenant: userId } };
      if (!policy.needed || policy.shared.has(region)) return { kind: 'shared', account: { tenant: userId } };
      return null;
    },
    async revoked(userId, country, refused) {
      const region = amazonRegionOfCountry(country);
      const current = await loadSellerAuthorisation(deps.db, box, userId, region);
      if (current?.refreshToken === refused.refreshToken)
        await markRevoked(deps.db, deps.queue, userId, region);
    },
    stillCurrent: (userId, country, own) =>
      isStillConnected(deps.db, box, userId, amazonRegionOfCountry(country), own),
  };
}
