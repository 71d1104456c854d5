import type { AmazonOrderStatus, AmazonRegionCode } from '@crossmarket/domain';
import type { LookupAccount } from '../marketplace/types';

// Shapes of Amazon's Orders API 2026-01-01 (orders_2026-01-01.json, the parts we read) and of v0's
// confirmShipment (ordersV0.json). Both the SP-API adapter and the sandbox answer in them.

/** `Money`: the amount is a `Decimal`, a string. */
export interface AmazonMoney {
  amount: string;
  currencyCode: string;
}

/** `CustomerAddress` (PII: name, lines, postal code, phone; city, state and country are routing data). */
export interface CustomerAddress {
  name?: string;
  companyName?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string;
  city?: string;
  districtOrCounty?: string;
  stateOrRegion?: string;
  municipality?: string;
  postalCode?: string;
  countryCode?: string;
  phone?: string;
  addressType?: 'RESIDENTIAL' | 'COMMERCIAL' | 'PICKUP_POINT';
}

export interface DateTimeRange {
  earliestDateTime?: string;
  latestDateTime?: string;
}

export interface AmazonOrderItem {
  orderItemId: string;
  quantityOrdered: number;
  product: {
    asin?: string;
    title?: string;
    sellerSku?: string;
    price?: { unitPrice?: AmazonMoney };
  };
  cancellation?: {
    cancellationRequest?: { requester?: string; cancelReason?: string };
    cancellationExecution?: { cancelledBy?: 'BUYER' | 'MERCHANT' | 'AMAZON'; cancelReason?: string };
  };
}

/** `OrderPackage` (merchant-fulfilled orders only, with `includedData=PACKAGES`). */
export interface OrderPackage {
  packageReferenceId: string;
  createdTime?: string;
  packageStatus?: {
    status: 'PENDING' | 'IN_TRANSIT' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED' | 'UNDELIVERABLE';
    detailedStatus?: string;
  };
  carrier?: string;
  shipTime?: string;
  shippingService?: string;
  trackingNumber?: string;
  packageItems?: { orderItemId: string; quantity: number }[];
}

/** `Order`, with the datasets we ask for (`FULFILLMENT`, `RECIPIENT`, `PACKAGES`, `CANCELLATION`, `PROCEEDS`). */
export interface AmazonOrder {
  orderId: string;
  createdTime: string;
  lastUpdatedTime: string;
  programs?: string[];
  salesChannel: { channelName: string; marketplaceId?: string; marketplaceName?: string };
  fulfillment?: {
    fulfillmentStatus: AmazonOrderStatus;
    fulfilledBy?: 'AMAZON' | 'MERCHANT';
    fulfillmentServiceLevel?: string;
    shipByWindow?: DateTimeRange;
    deliverByWindow?: DateTimeRange;
  };
  recipient?: { deliveryAddress?: CustomerAddress };
  proceeds?: { grandTotal?: AmazonMoney };
  orderItems: AmazonOrderItem[];
  packages?: OrderPackage[];
}

export interface SearchOrdersResponse {
  orders: AmazonOrder[];
  pagination?: { nextToken?: string };
  lastUpdatedBefore?: string;
  createdBefore?: string;
}

/** searchOrders' query (camelCase as Amazon names it); the arrays go comma-separated. */
export interface SearchOrdersQuery {
  lastUpdatedAfter: string;
  lastUpdatedBefore?: string;
  marketplaceIds: string[];
  fulfilledBy?: ('MERCHANT' | 'AMAZON')[];
  fulfillmentStatuses?: AmazonOrderStatus[];
  maxResultsPerPage?: number;
  paginationToken?: string;
  includedData?: IncludedData[];
}

export const INCLUDED_DATA = [
  'BUYER',
  'RECIPIENT',
  'PROCEEDS',
  'EXPENSE',
  'PROMOTION',
  'CANCELLATION',
  'FULFILLMENT',
  'PACKAGES',
  'TAX',
  'PAYMENT',
  'FULFILLMENT_ORDERS',
] as const;
export type IncludedData = (typeof INCLUDED_DATA)[number];

/** ordersV0.json `ConfirmShipmentRequest`. */
export interface ConfirmShipmentRequest {
  marketplaceId: string;
  packageDetail: {
    /** A positive number sent as a JSON string (Amazon refuses a number since Jan 2026, reference §1.7). */
    packageReferenceId: string;
    carrierCode: string;
    carrierName?: string;
    shippingMethod?: string;
    trackingNumber: string;
    shipDate: string;
    orderItems: { orderItemId: string; quantity: number }[];
  };
}

/** Whose orders: a region's authorisation and the seller it belongs to. */
export interface OrdersTarget {
  region: AmazonRegionCode;
  sellerId: string;
  account: LookupAccount;
}

/**
 * A seller's orders on Amazon: Orders 2026-01-01 for reads and v0's confirmShipment (the SP-API adapter,
 * spapi/orders.ts), or the sandbox's offline orders (sandbox.ts). Refusals are `SpapiError`s with
 * Amazon's `errors`; a 204 resolves — which alone does not prove Amazon kept the package.
 */
export interface SellerOrders {
  readonly name: 'sandbox' | 'spapi';
  readonly needsOwnAuthorisation: boolean;
  /**
   * How long after a confirmShipment its read-back waits: Amazon shows a confirmation's packages only
   * after a while; the sandbox's store holds them at once (absent: `READ_BACK_AFTER_SECONDS`).
   */
  readonly readBackAfterSeconds?: number;
  searchOrders(target: OrdersTarget, query: SearchOrdersQuery): Promise<SearchOrdersResponse>;
  getOrder(target: OrdersTarget, orderId: string, includedData: IncludedData[]): Promise<AmazonOrder>;
  confirmShipment(target: OrdersTarget, orderId: string, body: ConfirmShipmentRequest): Promise<void>;
}
