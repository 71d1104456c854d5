import type { RegionCode } from '@crossmarket/domain';
import type { LookupAccount } from '../marketplace/types';

// Shapes of Amazon's Listings Items API 2021-08-01 (listingsItems_2021-08-01.json), the parts we send and
// read. Both stores answer in them, so the service never knows which one it talks to.

/** `Issue`: what Amazon found wrong with a submission or a listing. */
export interface ListingIssue {
  code: string;
  message: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  attributeNames?: string[];
  categories?: string[];
  enforcements?: { actions?: { action: string }[]; exemption?: { status: string; expiryDate?: string } };
}

/** `ListingsItemSubmissionResponse`. `VALID` only answers a validation preview. */
export interface ListingSubmission {
  sku: string;
  status: 'ACCEPTED' | 'INVALID' | 'VALID';
  submissionId: string;
  issues?: ListingIssue[];
  identifiers?: { marketplaceId: string; asin: string }[];
}

/** One attribute's values, as Amazon's product type schemas give them: always an array of objects. */
export type AttributeValues = Record<string, unknown>[];

/** `ListingsItemPutRequest`. */
export interface ListingsItemPutRequest {
  productType: string;
  requirements?: 'LISTING' | 'LISTING_PRODUCT_ONLY' | 'LISTING_OFFER_ONLY';
  attributes: Record<string, AttributeValues>;
}

/** `PatchOperation`: only top-level attributes can be addressed (`/attributes/<name>`). */
export interface PatchOperation {
  op: 'add' | 'replace' | 'merge' | 'delete';
  path: string;
  value?: AttributeValues;
}

/** `ListingsItemPatchRequest`. */
export interface ListingsItemPatchRequest {
  productType: string;
  patches: PatchOperation[];
}

/** `Item` of getListingsItem with summaries, offers, fulfillmentAvailability and issues. */
export interface ListingsItem {
  sku: string;
  summaries?: { marketplaceId: string; asin?: string; status: ('BUYABLE' | 'DISCOVERABLE')[] }[];
  offers?: {
    marketplaceId: string;
    offerType: 'B2C' | 'B2B';
    price: { currencyCode?: string; currency?: string; amount: string };
  }[];
  fulfillmentAvailability?: { fulfillmentChannelCode: string; quantity?: number }[];
  issues?: ListingIssue[];
}

/** A seller's shipping template: the enum value Amazon takes in `merchant_shipping_group`, and its name. */
export interface ShippingTemplate {
  id: string;
  name: string;
}

/**
 * createFeed got no answer (a time-out, a reset connection): Amazon may have taken the feed, whose id we
 * then never learn. Its messages may be applied; the caller keeps them as unknown, never as sent or not.
 */
export class FeedSubmissionUnknown extends Error {
  constructor(cause: unknown) {
    super('createFeed: no answer', { cause });
    this.name = 'FeedSubmissionUnknown';
  }
}

/** searchListingsItems' `identifiers` maxItems and `pageSize` maximum (listingsItems_2021-08-01.json). */
export const SEARCH_SKUS = 20;

/**
 * One message of a JSON_LISTINGS_FEED (listings-feed-schema-v2.json): a PATCH (the sync's changes: `productType`
 * and `patches`, no `requirements` or `attributes`) or an UPDATE (a publish: the full put, `productType` and
 * `attributes`, `requirements` optional, no `patches`).
 */
export type ListingsFeedMessage = { messageId: number; sku: string } & (
  | ({ operationType: 'PATCH' } & ListingsItemPatchRequest)
  | ({ operationType: 'UPDATE' } & ListingsItemPutRequest)
);

/** The feed's processing report (listings-feed-processing-report-schema-v2.json), the parts we read. */
export interface FeedReport {
  header?: { sellerId?: string; feedId?: string };
  issues?: {
    /** Absent for a problem of the feed as a whole (the schema: "e.g. feed formatting issue"). */
    messageId?: number;
    sku?: string;
    /** Optional in the report's schema. */
    code?: string;
    severity: ListingIssue['severity'];
    message: string;
    attributeName?: string;
  }[];
  summary?: {
    errors?: number;
    warnings?: number;
    messagesProcessed: number;
    messagesAccepted: number;
    messagesInvalid: number;
  };
}

/**
 * Whose store: the seller's id (Amazon's merchant id, the `sellerId` of every call), the selling
 * marketplace and the authorisation the calls run under (the seller's own; never the operator's shared).
 */
export interface StoreTarget {
  country: RegionCode;
  sellerId: string;
  account: LookupAccount;
}

/**
 * A seller's Amazon store: SP-API's Listings Items operations (spapi/listings-items.ts), or the sandbox's
 * offline stand-in (sandbox.ts). Errors Amazon answers for a whole request (400) are thrown as
 * `SpapiError` with Amazon's `errors`.
 */
export interface SellerStore {
  readonly name: 'sandbox' | 'spapi';
  /** True where only the seller's own authorisation may write (SP-API); the sandbox needs none. */
  readonly needsOwnAuthorisation: boolean;
  /** putListingsItem; `preview`: Amazon's VALIDATION_PREVIEW, nothing is listed. */
  put(
    target: StoreTarget,
    sku: string,
    body: ListingsItemPutRequest,
    options?: { preview?: boolean },
  ): Promise<ListingSubmission>;
  patch(target: StoreTarget, sku: string, body: ListingsItemPatchRequest): Promise<ListingSubmission>;
  delete(target: StoreTarget, sku: string): Promise<ListingSubmission>;
  /** getListingsItem; null when the seller has no such SKU there (404). */
  get(target: StoreTarget, sku: string): Promise<ListingsItem | null>;
  /**
   * searchListingsItems by SKU, at most `SEARCH_SKUS` a call, with offers, fulfillment availability and issues:
   * the listings the seller has of these SKUs (one missing from the answer has none there).
   */
  search(target: StoreTarget, skus: string[]): Promise<ListingsItem[]>;
  /**
   * The seller's shipping templates in the target's marketplace: the `merchant_shipping_group` values of
   * the `PRODUCT` definition asked with the seller's id (getDefinitionsProductType), id and name.
   */
  shippingTemplates(target: StoreTarget): Promise<ShippingTemplate[]>;
  /** A JSON_LISTINGS_FEED of one marketplace: its id. Absent: the store has no feeds (the sandbox). */
  submitFeed?(target: StoreTarget, messages: ListingsFeedMessage[]): Promise<string>;
  /**
   * The feed's processing status, and its report once DONE; a DONE feed without a result document, or
   * whose document is not a report, comes without one.
   */
  feedResult?(target: StoreTarget, feedId: string): Promise<{ status: string; report?: FeedReport }>;
}
