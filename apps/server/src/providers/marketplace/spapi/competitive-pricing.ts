import type { PriceCheck } from '../types';
import { foreignCurrency, type Money } from './currency';

// The parts of Amazon's getCompetitivePricing answer we read (productPricingV0.json: GetPricingResponse).
interface CompetitivePrice {
  /** "1" is the new buy box, "2" the used one. */
  CompetitivePriceId: string;
  Price: { LandedPrice?: Money; ListingPrice: Money; Shipping?: Money };
  condition?: string;
  /** B2C or B2B; a business buy box is not the one a consumer sees. */
  offerType?: string;
  quantityTier?: number;
  sellerId?: string;
  /** True when the price is the calling seller's own offer. */
  belongsToRequester?: boolean;
}
export interface CompetitivePricingItem {
  /** "Success" when the item was answered; anything else says it was not. */
  status: string;
  ASIN?: string;
  Product?: {
    CompetitivePricing?: {
      CompetitivePrices: CompetitivePrice[];
      NumberOfOfferListings: { Count: number; condition: string }[];
    };
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** The model's examples write conditions in lower case, its descriptions capitalised. */
const isNew = (condition: string | undefined) => condition?.toLowerCase() === 'new';

/** The consumer's new buy box: condition new (or, without a condition, price id 1), not a business or tier price. */
function newBuyBox(prices: CompetitivePrice[]): CompetitivePrice | undefined {
  return prices.find(
    (p) =>
      (p.condition === undefined ? p.CompetitivePriceId === '1' : isNew(p.condition)) &&
      (p.offerType === undefined || p.offerType === 'B2C') &&
      (p.quantityTier === undefined || p.quantityTier <= 1),
  );
}

const unknown = (productId: string): PriceCheck => ({
  product_id: productId,
  status: 'unknown',
  buybox: null,
  new_offers: null,
});

/**
 * One product's light check from its getCompetitivePricing answer: the new buy box (listing price and
 * shipping, as a full lookup reads an offer) and the count of new offer listings. `unknown` (only a full
 * lookup can tell) when Amazon did not answer the item, answered it without competitive pricing, or
 * answered `Success` with neither a price nor an offer count (it says this for ASINs the seller does not
 * list, so it is no evidence of "no stock"); `refused` says why an answer was not used (a price in
 * another currency than `currency`, the marketplace's).
 */
export function toPriceCheck(
  productId: string,
  item: CompetitivePricingItem | undefined,
  importRate: number,
  currency: string,
): { check: PriceCheck; refused?: string } {
  const pricing = item?.status === 'Success' ? item.Product?.CompetitivePricing : undefined;
  if (!pricing || (pricing.CompetitivePrices.length === 0 && pricing.NumberOfOfferListings.length === 0))
    return { check: unknown(productId) };
  const foreign = foreignCurrency(
    pricing.CompetitivePrices.flatMap((p) => [p.Price.LandedPrice, p.Price.ListingPrice, p.Price.Shipping]),
    currency,
  );
  if (foreign) return { check: unknown(productId), refused: `currency ${foreign}, not ${currency}` };
  const offers = pricing.NumberOfOfferListings.filter((n) => isNew(n.condition)).reduce(
    (sum, n) => sum + n.Count,
    0,
  );
  const box = newBuyBox(pricing.CompetitivePrices);
  // The seller's own buy box is no competitor's price to price against: only a full lookup, which lists
  // the other offers, can say what the competition is.
  if (box?.belongsToRequester) return { check: unknown(productId) };
  const price = box?.Price.ListingPrice.Amount;
  return {
    check: {
      product_id: productId,
      // A buy box is an offer, whatever the count says.
      status: offers > 0 || box ? 'ok' : 'nostock',
      buybox:
        box && price !== undefined
          ? {
              seller_id: box.sellerId ?? null,
              buy_price: price,
              shipping_fee: box.Price.Shipping?.Amount ?? 0,
              import_fee: round2(price * importRate),
            }
          : null,
      new_offers: Math.max(offers, box ? 1 : 0),
    },
  };
}
