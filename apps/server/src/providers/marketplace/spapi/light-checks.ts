import type { RegionCode } from '@crossmarket/domain';
import { IMPORT_RATE } from '../sandbox-catalog';
import type { LookupAccount, PriceCheck } from '../types';
import type { SpapiClient } from './client';
import { toPriceCheck, type CompetitivePricingItem } from './competitive-pricing';
import { toSummaryCheck, type CompetitiveSummaryResponse } from './competitive-summary';
import { currencyOf } from './currency';
import { MARKETPLACES } from './regions';

const BATCH = 20;
const SUMMARY_URI = '/products/pricing/2022-05-01/items/competitiveSummary';

/** Reports an answer Amazon gave that is not read (another currency): the product stays unpriced. */
export type Unusable = (region: RegionCode, operation: string, asin: string, reason: string) => void;

/**
 * Light price checks, 20 ASINs a call, each product with an operation that can answer for it:
 * getCompetitivePricing answers only for ASINs the calling seller lists, so it checks the selling side
 * (delivered at home) of products the seller's own authorisation lists there; every other side (a buying
 * side shipped abroad, a product not listed yet, anything under the shared authorisation) asks
 * getCompetitiveSummary, which answers for any ASIN and names the winner and how it ships
 * (docs/decisions.md, "Light checks of products the seller does not list", "Light checks that can answer").
 */
export function createLightChecks(client: SpapiClient, unusable: Unusable) {
  async function pricing(chunk: string[], region: RegionCode, importRate: number, account?: LookupAccount) {
    const marketplace = MARKETPLACES[region];
    const query = new URLSearchParams({
      MarketplaceId: marketplace.id,
      ItemType: 'Asin',
      Asins: chunk.join(','),
      CustomerType: 'Consumer',
    });
    const answer = await client.call<{ payload?: CompetitivePricingItem[] }>(
      marketplace.region,
      'getCompetitivePricing',
      `/products/pricing/v0/competitivePrice?${query}`,
      { method: 'GET', account },
    );
    const items = new Map((answer.payload ?? []).map((item) => [item.ASIN, item]));
    return chunk.map((id) => {
      const { check, refused } = toPriceCheck(id, items.get(id), importRate, currencyOf(region));
      if (refused) unusable(region, 'getCompetitivePricing', id, refused);
      return check;
    });
  }

  async function summary(
    chunk: string[],
    region: RegionCode,
    importRate: number,
    account: LookupAccount | undefined,
    domestic: boolean,
  ) {
    const marketplace = MARKETPLACES[region];
    const answer = await client.call<{ responses?: CompetitiveSummaryResponse[] }>(
      marketplace.region,
      'getCompetitiveSummary',
      '/batches/products/pricing/2022-05-01/items/competitiveSummary',
      {
        method: 'POST',
        account,
        body: {
          requests: chunk.map((asin) => ({
            asin,
            marketplaceId: marketplace.id,
            includedData: ['featuredBuyingOptions'],
            method: 'GET',
            uri: SUMMARY_URI,
          })),
        },
      },
    );
    // Answers come in the order asked; each also names its ASIN.
    const byAsin = new Map((answer.responses ?? []).map((r, i) => [r.body?.asin ?? chunk[i], r]));
    return chunk.map((id) => {
      const context = { importRate, currency: currencyOf(region), domestic };
      const { check, refused } = toSummaryCheck(id, byAsin.get(id), context);
      if (refused) unusable(region, 'getCompetitiveSummary', id, refused);
      return check;
    });
  }

  return async function refreshPrices(
    productIds: string[],
    region: RegionCode,
    {
      shipTo,
      account,
      listed,
    }: { shipTo: RegionCode; account?: LookupAccount; listed?: ReadonlySet<string> },
  ): Promise<PriceCheck[]> {
    const domestic = shipTo === region;
    const importRate = domestic ? 0 : IMPORT_RATE[shipTo];
    // Only the seller's own authorisation lists anything: under the shared one the listings are the operator's.
    const own = domestic && account?.own !== undefined && listed !== undefined;
    const byPricing = own ? productIds.filter((id) => listed.has(id)) : [];
    const bySummary = own ? productIds.filter((id) => !listed.has(id)) : productIds;
    const found = new Map<string, PriceCheck>();
    const batches = async (ids: string[], ask: (chunk: string[]) => Promise<PriceCheck[]>) => {
      for (let i = 0; i < ids.length; i += BATCH)
        for (const check of await ask(ids.slice(i, i + BATCH))) found.set(check.product_id, check);
    };
    // Two operations, two buckets: asked side by side.
    await Promise.all([
      batches(byPricing, (chunk) => pricing(chunk, region, importRate, account)),
      batches(bySummary, (chunk) => summary(chunk, region, importRate, account, domestic)),
    ]);
    return productIds.map((id) => found.get(id)!);
  };
}
