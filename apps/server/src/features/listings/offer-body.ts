import type { RegionCode } from '@crossmarket/domain';
import { currencyOf } from '../../providers/marketplace/spapi/currency';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import type {
  AttributeValues,
  ListingsItemPatchRequest,
  ListingsItemPutRequest,
  PatchOperation,
} from '../../providers/seller-store';

/**
 * The generic product type: offers on existing ASINs without knowing each ASIN's own type (Amazon's
 * Listings Items use case guide; Amazon's pricing sample patches prices with it too).
 */
export const PRODUCT_TYPE = 'PRODUCT';

/** What an offer carries: prices in the selling currency, quantity and the handling time in days. */
export interface OfferFigures {
  price: number;
  min: number | null;
  max: number | null;
  quantity: number;
}

const schedule = (value: number) => [{ schedule: [{ value_with_tax: value }] }];
const cents = (value: number) => Math.round(value * 100) / 100;

/** The price inside the seller's own range: a price is never sent outside min–max. */
export function clampPrice(price: number, min: number | null, max: number | null) {
  let p = price;
  if (min !== null && p < min) p = min;
  if (max !== null && p > max) p = max;
  return cents(p);
}

/** The standard retail offer (`audience` ALL) in the marketplace's own currency, with the seller's range. */
export function purchasableOffer(country: RegionCode, f: Omit<OfferFigures, 'quantity'>): AttributeValues {
  const offer: Record<string, unknown> = {
    marketplace_id: MARKETPLACES[country].id,
    currency: currencyOf(country),
    audience: 'ALL',
    our_price: schedule(clampPrice(f.price, f.min, f.max)),
  };
  if (f.min !== null) offer.minimum_seller_allowed_price = schedule(cents(f.min));
  if (f.max !== null) offer.maximum_seller_allowed_price = schedule(cents(f.max));
  return [offer];
}

/**
 * An offer-only put (`PRODUCT`, `LISTING_OFFER_ONLY`) on the existing ASIN, condition new, merchant-
 * fulfilled (`DEFAULT`) with the inventory's handling time, and the seller's shipping template when one is
 * chosen (its id from Product Type Definitions); none: Amazon uses the seller's default template.
 */
export function offerPutBody(
  country: RegionCode,
  asin: string,
  f: OfferFigures,
  handlingDays: number,
  shippingTemplate: string | null = null,
): ListingsItemPutRequest {
  const marketplaceId = MARKETPLACES[country].id;
  const shipping: Record<string, AttributeValues> =
    shippingTemplate === null
      ? {}
      : { merchant_shipping_group: [{ value: shippingTemplate, marketplace_id: marketplaceId }] };
  return {
    productType: PRODUCT_TYPE,
    requirements: 'LISTING_OFFER_ONLY',
    attributes: {
      merchant_suggested_asin: [{ value: asin, marketplace_id: marketplaceId }],
      condition_type: [{ value: 'new_new', marketplace_id: marketplaceId }],
      purchasable_offer: purchasableOffer(country, f),
      fulfillment_availability: [
        {
          fulfillment_channel_code: 'DEFAULT',
          quantity: f.quantity,
          lead_time_to_ship_max_days: handlingDays,
        },
      ],
      ...shipping,
    },
  };
}

/**
 * A patch of only what changed: the offer replaced (it is ours whole: price, min and max) and the
 * quantity merged, so the handling time and anything else of the availability stay as they are.
 */
export function offerPatchBody(
  country: RegionCode,
  change: { offer?: Omit<OfferFigures, 'quantity'>; quantity?: number },
): ListingsItemPatchRequest {
  const patches: PatchOperation[] = [];
  if (change.offer)
    patches.push({
      op: 'replace',
      path: '/attributes/purchasable_offer',
      value: purchasableOffer(country, change.offer),
    });
  if (change.quantity !== undefined)
    patches.push({
      op: 'merge',
      path: '/attributes/fulfillment_availability',
      value: [{ fulfillment_channel_code: 'DEFAULT', quantity: change.quantity }],
    });
  return { productType: PRODUCT_TYPE, patches };
}
