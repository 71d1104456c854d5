import type { AttributeValues, ListingIssue, ListingsItemPutRequest } from './types';

// What Amazon refuses in an offer-only submission, with the codes and texts Amazon's own examples use:
// 90220 "'…' is required but not supplied." and 18155 (minimum above the price) from the listings model's
// examples, 4000001 "The provided value for '…' is invalid." (amzn/selling-partner-api-models #3001). The
// sandbox store and the tests' SP-API stand-in both answer with these, so an offline run sees what a real one
// would.

const missing = (name: string): ListingIssue => ({
  code: '90220',
  message: `'${name}' is required but not supplied.`,
  severity: 'ERROR',
  attributeNames: [name],
  categories: ['MISSING_ATTRIBUTE'],
});
const invalid = (name: string): ListingIssue => ({
  code: '4000001',
  message: `The provided value for '${name}' is invalid.`,
  severity: 'ERROR',
  attributeNames: [name],
  categories: ['INVALID_ATTRIBUTE'],
});

const numberAt = (values: unknown): number | undefined => {
  const schedule = (values as { schedule?: { value_with_tax?: unknown }[] }[] | undefined)?.[0]?.schedule;
  const value = schedule?.[0]?.value_with_tax;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** The price fields of an offer: `our_price`, and min/max when given (null: absent; NaN: malformed). */
export function offerPrices(offer: Record<string, unknown>) {
  const read = (name: string) => (name in offer ? (numberAt(offer[name]) ?? Number.NaN) : null);
  return {
    price: read('our_price'),
    min: read('minimum_seller_allowed_price'),
    max: read('maximum_seller_allowed_price'),
  };
}

/** Problems of a `purchasable_offer` value for the marketplace and its currency. */
export function purchasableOfferIssues(
  values: AttributeValues | undefined,
  marketplaceId: string,
  currency: string,
): ListingIssue[] {
  const offer = values?.find((v) => v.audience === undefined || v.audience === 'ALL');
  if (!offer) return [missing('purchasable_offer')];
  if (offer.marketplace_id !== marketplaceId || offer.currency !== currency)
    return [invalid('purchasable_offer')];
  const { price, min, max } = offerPrices(offer);
  if (price === null) return [missing('purchasable_offer')];
  if (Number.isNaN(price) || Number.isNaN(min ?? 0) || Number.isNaN(max ?? 0) || price <= 0)
    return [invalid('purchasable_offer')];
  if (min !== null && min > price)
    return [
      {
        code: '18155',
        message:
          "The 'minimum price' is greater than the selling price (excluding shipping) for the listing. Review and update your price and/or minimum price.",
        severity: 'ERROR',
        categories: ['INVALID_PRICE'],
        enforcements: { actions: [{ action: 'LISTING_SUPPRESSED' }], exemption: { status: 'NOT_EXEMPT' } },
      },
    ];
  if (max !== null && max < price) return [invalid('purchasable_offer')];
  return [];
}

/** Problems of a `fulfillment_availability` value: merchant-fulfilled, whole quantity, handling 0–30 days. */
export function fulfillmentIssues(values: AttributeValues | undefined, partial = false): ListingIssue[] {
  const entry = values?.[0];
  if (!entry) return [missing('fulfillment_availability')];
  const quantity = entry.quantity;
  const lead = entry.lead_time_to_ship_max_days;
  if (typeof entry.fulfillment_channel_code !== 'string' || entry.fulfillment_channel_code === '')
    return [invalid('fulfillment_availability')];
  if (!partial || quantity !== undefined) {
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0)
      return [invalid('fulfillment_availability')];
  }
  if (lead !== undefined && (typeof lead !== 'number' || !Number.isInteger(lead) || lead < 0 || lead > 30))
    return [invalid('fulfillment_availability')];
  return [];
}

/**
 * What Amazon would refuse in an offer-only put (`PRODUCT`, `LISTING_OFFER_ONLY`) on an existing ASIN:
 * the ASIN, the condition, the offer and its availability, each in the one marketplace asked.
 */
export function offerOnlyIssues(
  body: ListingsItemPutRequest,
  marketplaceId: string,
  currency: string,
): ListingIssue[] {
  const a = body.attributes ?? {};
  const issues: ListingIssue[] = [];
  const asin = a.merchant_suggested_asin?.[0];
  if (!asin) issues.push(missing('merchant_suggested_asin'));
  else if (typeof asin.value !== 'string' || asin.marketplace_id !== marketplaceId)
    issues.push(invalid('merchant_suggested_asin'));
  const condition = a.condition_type?.[0];
  if (!condition) issues.push(missing('condition_type'));
  else if (condition.value !== 'new_new' && typeof condition.value !== 'string')
    issues.push(invalid('condition_type'));
  issues.push(...purchasableOfferIssues(a.purchasable_offer, marketplaceId, currency));
  issues.push(...fulfillmentIssues(a.fulfillment_availability));
  return issues;
}
