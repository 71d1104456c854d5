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
 * Light price checks, 20 ASINs a call. The selling side (delivered at home, where the seller lists the
 * product) asks getCompetitivePricing; the buying side (shipped abroad, where the seller does not list
 * it, and where getCompetitivePricing answers nothing for such ASINs) asks getCompetitiveSummary, which
 * also names the winner and how it ships (docs/decisions.md, "Light checks of products the seller does
 * not list").
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

  async function summary(chunk: string[], region: RegionCode, importRate: number, account?: LookupAccount) {
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
      const context = { importRate, currency: currencyOf(region), domestic: false };
      const { check, refused } = toSummaryCheck(id, byAsin.get(id), context);
      if (refused) unusable(region, 'getCompetitiveSummary', id, refused);
      return check;
    });
  }

  return async function refreshPrices(
    productIds: string[],
    region: RegionCode,
    { shipTo, account }: { shipTo: RegionCode; account?: LookupAccount },
  ): Promise<PriceCheck[]> {
    const importRate = shipTo === region ? 0 : IMPORT_RATE[shipTo];
    const ask = shipTo === region ? pricing : summary;
    const out: PriceCheck[] = [];
    for (let i = 0; i < productIds.length; i += BATCH)
      out.push(...(await ask(productIds.slice(i, i + BATCH), region, importRate, account)));
    return out;
  };
}
