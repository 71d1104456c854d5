import type { ProductSnapshot } from '@crossmarket/domain';
import { IMPORT_RATE } from '../sandbox-catalog';
import type { MarketplaceProvider } from '../types';
import type { SpapiClient } from './client';
import { toSnapshot, type CatalogItem, type OffersPayload } from './mapping';
import { MARKETPLACES } from './regions';

const BATCH = 20;
const INCLUDED = 'summaries,salesRanks,dimensions,images,relationships';

interface OffersBatch {
  responses: { status: { statusCode: number }; body?: { payload?: OffersPayload } }[];
}

/**
 * Amazon's Selling Partner API: searchCatalogItems and getItemOffersBatch, 20 ASINs a call, paced by the
 * client's token buckets. Import fees are computed (no SP-API operation returns them).
 */
export function createSpapiMarketplace(client: SpapiClient): MarketplaceProvider {
  return {
    name: 'spapi',
    batchSize: BATCH,
    async lookup(productIds, region, { shipTo }) {
      const marketplace = MARKETPLACES[region];
      const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
      const importRate = shipTo === region ? 0 : IMPORT_RATE[shipTo];
      const out: ProductSnapshot[] = [];
      for (let i = 0; i < productIds.length; i += BATCH) {
        const chunk = productIds.slice(i, i + BATCH);
        const query = new URLSearchParams({
          identifiers: chunk.join(','),
          identifiersType: 'ASIN',
          marketplaceIds: marketplace.id,
          includedData: INCLUDED,
          pageSize: String(BATCH),
        });
        const [catalog, offers] = await Promise.all([
          client.call<{ items: CatalogItem[] }>(
            marketplace.region,
            'searchCatalogItems',
            `/catalog/2022-04-01/items?${query}`,
            { method: 'GET' },
          ),
          client.call<OffersBatch>(
            marketplace.region,
            'getItemOffersBatch',
            '/batches/products/pricing/v0/itemOffers',
            {
              method: 'POST',
              body: {
                requests: chunk.map((asin) => ({
                  uri: `/products/pricing/v0/items/${asin}/offers`,
                  method: 'GET',
                  MarketplaceId: marketplace.id,
                  ItemCondition: 'New',
                  CustomerType: 'Consumer',
                })),
              },
            },
          ),
        ]);
        const items = new Map(catalog.items.map((item) => [item.asin, item]));
        const priced = new Map(
          offers.responses
            .filter((r) => r.status.statusCode === 200 && r.body?.payload)
            .map((r) => [r.body!.payload!.ASIN, r.body!.payload!]),
        );
        for (const id of chunk) {
          out.push(
            toSnapshot(id, items.get(id), priced.get(id), {
              importRate,
              amazonSellerId: marketplace.amazonSellerId,
              today,
            }),
          );
        }
      }
      return out;
    },
  };
}
