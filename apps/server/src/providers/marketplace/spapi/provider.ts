import type { Logger } from '../../../logger';
import { IMPORT_RATE } from '../sandbox-catalog';
import type { Allowance, LookedUp, MarketplaceProvider } from '../types';
import { createIdentifierSearch } from './catalog-identifiers';
import type { SpapiClient } from './client';
import { currencyOf } from './currency';
import { createFeeEstimates } from './fees-estimates';
import { createLightChecks, type Unusable } from './light-checks';
import { createParticipations } from './participations';
import { createRestrictionChecks, createSellerCheck } from './listings-restrictions';
import { offersProblem, toSnapshot, type CatalogItem, type OffersPayload } from './mapping';
import type { CachedAnswer, LookupCache } from './lookup-cache';
import { SPAPI_LIMITS, UPDATE_SHARE } from './pacing';
import { MARKETPLACES } from './regions';

const BATCH = 20;
// `attributes` for dangerous goods only (dangerous-goods.ts).
const INCLUDED = 'summaries,salesRanks,dimensions,images,relationships,attributes';

/** One answer of a batch: its own HTTP status, and the offers or Amazon's errors (ItemOffersResponse). */
interface ItemOffersResponse {
  status?: { statusCode: number; reasonPhrase?: string };
  body?: { payload?: OffersPayload; errors?: { code: string; message: string }[] };
  request?: { Asin?: string };
}
interface OffersBatch {
  responses: ItemOffersResponse[];
}

export interface SpapiMarketplaceOptions {
  /** Recent answers shared between users' lookups; without it every lookup asks Amazon. */
  cache?: LookupCache;
  /**
   * How many more batches ask again for the items a batch did not answer (a per-item 429 or 5xx, or no
   * answer at all). Each goes through the same pacing as any other call. Default 2.
   */
  itemRetries?: number;
  /** Where answers Amazon gave but we cannot use (a foreign currency, not processed yet) are reported. */
  logger?: Logger;
}

/**
 * What inventory updates may use of one seller authorisation at Amazon's documented rates: every light
 * check (reports call neither getCompetitivePricing nor getCompetitiveSummary) and the updates' share of
 * getItemOffersBatch.
 */
export const SPAPI_ALLOWANCE: Allowance = {
  account: (region) => MARKETPLACES[region].region,
  listedPerSecond: SPAPI_LIMITS.getCompetitivePricing.rate * BATCH,
  summaryPerSecond: SPAPI_LIMITS.getCompetitiveSummary.rate * BATCH,
  fullPerSecond: SPAPI_LIMITS.getItemOffersBatch.rate * BATCH * UPDATE_SHARE.getItemOffersBatch!,
};

/**
 * Amazon's Selling Partner API: searchCatalogItems and getItemOffersBatch, 20 ASINs a call, paced by the
 * client's token buckets. Items a batch answers with an error are asked again; those still unanswered are
 * `noanswer`. Products named `unpriced` get the catalogue alone (not kept in the shared cache), and the
 * others fill the offers batches. Import fees are computed (no SP-API operation returns them). Light
 * price checks: light-checks.ts.
 */
export function createSpapiMarketplace(
  client: SpapiClient,
  options: SpapiMarketplaceOptions = {},
): MarketplaceProvider {
  const itemRetries = options.itemRetries ?? 2;
  const cache = options.cache;
  /** An answer Amazon gave that we will not read: counted and logged, and the product is not priced. */
  const unusable: Unusable = (region, operation, asin, reason) => {
    client.stats.unusable += 1;
    options.logger?.warn({ region, operation, asin, reason }, 'SP-API answer not used');
  };
  return {
    name: 'spapi',
    batchSize: BATCH,
    allowance: SPAPI_ALLOWANCE,
    refreshPrices: createLightChecks(client, unusable),
    listingRestrictions: createRestrictionChecks(client),
    verifySeller: createSellerCheck(client),
    sellingCountries: createParticipations(client),
    feeEstimates: createFeeEstimates(client),
    searchIdentifiers: createIdentifierSearch(client),
    async lookup(productIds, region, { shipTo, lane, account, fresh, unpriced }) {
      const marketplace = MARKETPLACES[region];
      const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
      const importRate = shipTo === region ? 0 : IMPORT_RATE[shipTo];
      const currency = currencyOf(region);
      /** Items Amazon answered in a way we cannot use: not asked again in this lookup, `noanswer`. */
      const refused = new Set<string>();

      const askOffers = async (asins: string[], priced: Map<string, OffersPayload>) => {
        const batch = await client.call<OffersBatch>(
          marketplace.region,
          'getItemOffersBatch',
          '/batches/products/pricing/v0/itemOffers',
          {
            method: 'POST',
            lane,
            account,
            body: {
              requests: asins.map((asin) => ({
                uri: `/products/pricing/v0/items/${encodeURIComponent(asin)}/offers`,
                method: 'GET',
                MarketplaceId: marketplace.id,
                ItemCondition: 'New',
                CustomerType: 'Consumer',
              })),
            },
          },
        );
        // Answers come in the order asked; each also names its ASIN.
        batch.responses.forEach((r, i) => {
          const asin = r.request?.Asin ?? r.body?.payload?.ASIN ?? asins[i];
          const payload = r.body?.payload;
          if (!asin || r.status?.statusCode !== 200 || !payload) return;
          const problem = offersProblem(payload, currency);
          if (problem) {
            refused.add(asin);
            unusable(region, 'getItemOffersBatch', asin, problem);
          } else priced.set(asin, payload);
        });
      };

      const askCatalog = async (chunk: string[]) => {
        const query = new URLSearchParams({
          identifiers: chunk.join(','),
          identifiersType: 'ASIN',
          marketplaceIds: marketplace.id,
          includedData: INCLUDED,
          pageSize: String(BATCH),
        });
        const catalog = await client.call<{ items: CatalogItem[] }>(
          marketplace.region,
          'searchCatalogItems',
          `/catalog/2022-04-01/items?${query}`,
          { method: 'GET', account },
        );
        return new Map(catalog.items.map((item) => [item.asin, item]));
      };

      /** Asks Amazon for these products: their answers, complete ones also kept for others. */
      const ask = async (chunk: string[]) => {
        const priced = new Map<string, OffersPayload>();
        const [items] = await Promise.all([askCatalog(chunk), askOffers(chunk, priced)]);
        // A product the catalogue does not know is `dog` whatever its offers say: only known ones are retried.
        let unanswered = chunk.filter((id) => items.has(id) && !priced.has(id) && !refused.has(id));
        for (let attempt = 0; attempt < itemRetries && unanswered.length > 0; attempt++) {
          client.stats.itemRetries += unanswered.length;
          await askOffers(unanswered, priced);
          unanswered = unanswered.filter((id) => !priced.has(id) && !refused.has(id));
        }
        client.stats.unanswered += unanswered.length;
        const answers = new Map<string, CachedAnswer>();
        for (const id of chunk) {
          const item = items.get(id) ?? null;
          // An item Amazon did not price is `noanswer`: asked again next time, never kept.
          if (item && !priced.has(id)) continue;
          answers.set(id, { catalog: item, offers: priced.get(id) ?? null });
        }
        // The cache only ever helps: a failure to keep answers loses nothing Amazon already gave.
        await cache?.write(marketplace.id, answers).catch(() => void (client.stats.cacheErrors += 1));
        return { items, priced };
      };

      const mapping = {
        importRate,
        amazonSellerId: marketplace.amazonSellerId,
        today,
        region,
        shipTo,
        ownSellerId: account?.own?.sellingPartnerId,
      };
      const recentOf = async (chunk: string[]) =>
        (fresh
          ? undefined
          : await cache?.read(marketplace.id, chunk).catch(() => void (client.stats.cacheErrors += 1))) ??
        new Map<string, CachedAnswer>();
      const found = new Map<string, LookedUp>();
      // Priced products fill whole offers batches (20 a call): those not asked for never take a place.
      const priced = unpriced ? productIds.filter((id) => !unpriced.has(id)) : productIds;
      for (let i = 0; i < priced.length; i += BATCH) {
        const chunk = priced.slice(i, i + BATCH);
        const recent = await recentOf(chunk);
        const rest = chunk.filter((id) => !recent.has(id));
        const asked = rest.length > 0 ? await ask(rest) : { items: new Map(), priced: new Map() };
        for (const id of chunk) {
          const hit = recent.get(id);
          const item = hit ? (hit.catalog ?? undefined) : asked.items.get(id);
          const offers = hit ? (hit.offers ?? undefined) : asked.priced.get(id);
          const snapshot = toSnapshot(id, item, offers, mapping);
          found.set(id, hit ? { ...snapshot, cached: true } : snapshot);
        }
      }
      const catalogOnly = unpriced ? productIds.filter((id) => unpriced.has(id)) : [];
      for (let i = 0; i < catalogOnly.length; i += BATCH) {
        const chunk = catalogOnly.slice(i, i + BATCH);
        const recent = await recentOf(chunk);
        const rest = chunk.filter((id) => !recent.has(id));
        // The catalogue alone, never kept: the shared cache holds whole answers only.
        const items = rest.length > 0 ? await askCatalog(rest) : new Map<string, CatalogItem>();
        for (const id of chunk) {
          const hit = recent.get(id);
          if (hit) {
            const snapshot = toSnapshot(id, hit.catalog ?? undefined, hit.offers ?? undefined, mapping);
            found.set(id, { ...snapshot, cached: true });
            continue;
          }
          const snapshot = toSnapshot(id, items.get(id), undefined, mapping);
          found.set(
            id,
            snapshot.side.status === 'dog'
              ? snapshot
              : { ...snapshot, side: { ...snapshot.side, status: 'unlisted' } },
          );
        }
      }
      return productIds.map((id) => found.get(id)!);
    },
  };
}
