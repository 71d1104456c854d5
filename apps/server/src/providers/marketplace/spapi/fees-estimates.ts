import type { FeeEstimate, RegionCode } from '@crossmarket/domain';
import type { FeeQuote, LookupAccount, SellerAuthorisation } from '../types';
import { SpapiError, type SpapiClient } from './client';
import { currencyOf, foreignCurrency, type Money } from './currency';
import { MARKETPLACES } from './regions';

// The parts of getMyFeesEstimates' answer we read (productFeesV0.json, FeesEstimateResult).
interface FeeDetail {
  FeeType: string;
  FeeAmount?: Money;
  FinalFee?: Money;
}
export interface FeesEstimateResult {
  Status?: string;
  FeesEstimateIdentifier?: {
    IdValue?: string;
    SellerInputIdentifier?: string;
    PriceToEstimateFees?: { ListingPrice?: Money; Shipping?: Money };
  };
  FeesEstimate?: { TotalFeesEstimate?: Money; FeeDetailList?: FeeDetail[] };
  Error?: { Code?: string; Message?: string };
}

/** getMyFeesEstimates takes at most 20 items a call. */
export const FEES_BATCH = 20;

/**
 * Amazon's referral and closing fee from one result, or null when there is none we can use: a failed
 * status, no referral fee, an amount that is not a fee (negative, not a number), or money in another currency than the marketplace's (read as ours it would be
 * wrong by the exchange rate). A fee's FinalFee (after Amazon's promotions) is what the seller pays.
 */
export function toFeeEstimate(
  result: FeesEstimateResult,
  price: number,
  currency: string,
  shipping = 0,
): FeeEstimate | null {
  if (result.Status !== 'Success') return null;
  const details = result.FeesEstimate?.FeeDetailList ?? [];
  const amount = (type: string) => {
    const d = details.find((f) => f.FeeType === type);
    return d ? (d.FinalFee ?? d.FeeAmount) : undefined;
  };
  const referral = amount('ReferralFee');
  const closing = amount('VariableClosingFee');
  const fee = (m: Money | undefined) => m === undefined || (Number.isFinite(m.Amount) && m.Amount >= 0);
  if (!referral || !fee(referral) || !fee(closing)) return null;
  // The lines we do not count (a per-item fee, a digital services fee, …): named so the seller sees them.
  const others = details.flatMap((d) => {
    const m = d.FinalFee ?? d.FeeAmount;
    if (d.FeeType === 'ReferralFee' || d.FeeType === 'VariableClosingFee' || !m || !(m.Amount > 0)) return [];
    return [{ type: d.FeeType, money: m }];
  });
  const money = [referral, closing, result.FeesEstimate?.TotalFeesEstimate, ...others.map((o) => o.money)];
  if (foreignCurrency(money, currency)) return null;
  return {
    price,
    ...(shipping > 0 ? { shipping } : {}),
    referral_fee: referral.Amount,
    closing_fee: closing?.Amount ?? 0,
    ...(others.length ? { other_fees: others.map((o) => ({ type: o.type, amount: o.money.Amount })) } : {}),
  };
}

/**
 * Fee estimates for the seller of this authorisation, merchant-fulfilled, 20 items a call, paced like every
 * other call. Items are matched back by the identifier we gave them; an item or a batch Amazon did not
 * answer is null (asked again another time). A revoked authorisation propagates.
 */
export function createFeeEstimates(client: SpapiClient) {
  return async function feeEstimates(
    items: readonly FeeQuote[],
    region: RegionCode,
    account: LookupAccount & { own: SellerAuthorisation },
  ): Promise<(FeeEstimate | null)[]> {
    const marketplace = MARKETPLACES[region];
    const currency = currencyOf(region);
    const out: (FeeEstimate | null)[] = items.map(() => null);
    for (let start = 0; start < items.length; start += FEES_BATCH) {
      const batch = items.slice(start, start + FEES_BATCH);
      const body = batch.map((item, i) => ({
        IdType: 'ASIN',
        IdValue: item.asin,
        FeesEstimateRequest: {
          MarketplaceId: marketplace.id,
          IsAmazonFulfilled: false,
          PriceToEstimateFees: {
            ListingPrice: { CurrencyCode: currency, Amount: item.price },
            // A merchant-fulfilled referral fee is charged on the price plus shipping.
            Shipping: { CurrencyCode: currency, Amount: item.shipping },
          },
          Identifier: String(start + i),
        },
      }));
      let answer: FeesEstimateResult[];
      try {
        answer = await client.call<FeesEstimateResult[]>(
          marketplace.region,
          'getMyFeesEstimates',
          '/products/fees/v0/feesEstimate',
          { method: 'POST', body, account },
        );
      } catch (error) {
        if (error instanceof SpapiError) continue;
        throw error;
      }
      for (const result of Array.isArray(answer) ? answer : []) {
        const index = Number(result.FeesEstimateIdentifier?.SellerInputIdentifier);
        const item = items[index];
        if (!Number.isInteger(index) || !item || index < start || index >= start + FEES_BATCH) continue;
        if (result.FeesEstimateIdentifier?.IdValue && result.FeesEstimateIdentifier.IdValue !== item.asin)
          continue;
        out[index] = toFeeEstimate(result, item.price, currency, item.shipping);
      }
    }
    return out;
  };
}
