/**
 * Amazon's listing issue codes we know, each with the key of its text in the seller's language (the
 * domain's i18n, `listingIssue.*`). Amazon answers issues in the `issueLocale` asked, which has no Turkish;
 * a code not here is shown in Amazon's own words. Each code is from Amazon's model examples or Amazon's
 * issue tracker (../shared/reference/listings-sync.md), or is our own or the sandbox's.
 */
export const LISTING_ISSUE_TEXTS: Readonly<Record<string, string>> = {
  // listingsItems_2021-08-01.json examples: "'condition_type' is required but not supplied".
  '90220': 'listingIssue.missingAttribute',
  // listingsItems_2021-08-01.json examples: "The attributes are invalid."
  '90000900': 'listingIssue.invalidAttributes',
  // listingsItems_2021-08-01.json examples: a minimum price above the selling price, listing suppressed.
  '18155': 'listingIssue.minAbovePrice',
  // amzn/selling-partner-api-models#3001: "The provided value for 'purchasable_offer' is invalid".
  '4000001': 'listingIssue.invalidValue',
  // #2427: the PRODUCT type cannot create a catalogue item (no such product here to offer on).
  '4000004': 'listingIssue.unknownProduct',
  // #570: the suggested ASIN conflicts with Amazon's catalogue data.
  '8541': 'listingIssue.catalogueConflict',
  // #4148, #2782: an enumerated value Amazon does not know (e.g. a shipping template's name, not its id).
  '90244': 'listingIssue.invalidChoice',
  // The sandbox store's refusal of a product the seller may not list.
  SANDBOX_QUALIFICATION: 'listingIssue.approvalRequired',
  // Ours: Amazon gave no answer to the call.
  NO_ANSWER: 'listingIssue.noAnswer',
  // Ours: the JSON_LISTINGS_FEED carrying the offer was CANCELLED; nothing is taken as listed.
  FEED_FAILED: 'listingIssue.feedFailed',
  // Ours: Amazon had not finished the feed carrying the offer when the publish stopped following it.
  FEED_PENDING: 'listingIssue.feedPending',
  // Ours (issue 56), each with its detail (`message`) in the text: why a product was left out of a publish.
  STALE_SOURCE: 'listingIssue.staleSource',
  SOURCE_NO_ANSWER: 'listingIssue.sourceNoAnswer',
  LISTED_BY_OTHER_INVENTORY: 'listingIssue.listedByOtherInventory',
  PRICE_ABOVE_BUYBOX_CEILING: 'listingIssue.priceAboveBuyboxCeiling',
  PRICE_ABOVE_COST_CEILING: 'listingIssue.priceAboveCostCeiling',
  DRY_RUN_MISSING: 'listingIssue.dryRunMissing',
  // Ours (issue 62): a supplier-fed product whose Amazon pack the seller has not confirmed (detail: units).
  SUPPLIER_PACK_DIFFERS: 'listingIssue.supplierPackDiffers',
  SUPPLIER_PACK_UNKNOWN: 'listingIssue.supplierPackUnknown',
  // Ours: the feed ended FATAL or without a report accounting for the offer, and Amazon does not show it.
  FEED_UNCONFIRMED: 'listingIssue.feedUnconfirmed',
};

/** The i18n key of an Amazon issue code's text; undefined when we show Amazon's own text. */
export const listingIssueKey = (code: string): string | undefined =>
  Object.hasOwn(LISTING_ISSUE_TEXTS, code) ? LISTING_ISSUE_TEXTS[code] : undefined;
