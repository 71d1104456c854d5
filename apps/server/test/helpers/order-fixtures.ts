import { MARKETPLACES } from '../../src/providers/marketplace/spapi/regions';
import type { AmazonOrder } from '../../src/providers/seller-orders';

// Orders as Amazon's Orders API 2026-01-01 answers them, for the stand-in (tests and benchmarks).

export const CA = MARKETPLACES.ca.id;

let serial = 1_000_000;
/** An Amazon order id (3-7-7), new each call. */
export const nextOrderId = () =>
  `702-${String((serial += 1)).padStart(7, '0')}-${String(serial * 7).padStart(7, '0')}`;

/** A Canadian merchant-fulfilled order of one SKU as Orders 2026 answers it. */
export function amazonOrder(
  over: {
    orderId?: string;
    sku?: string;
    status?: NonNullable<AmazonOrder['fulfillment']>['fulfillmentStatus'];
    updated?: number;
    created?: number;
    programs?: string[];
    cancelledBy?: 'BUYER' | 'AMAZON' | 'MERCHANT';
    price?: number;
  } = {},
): AmazonOrder {
  const created = over.created ?? over.updated ?? Date.now() - 3_600_000;
  const updated = over.updated ?? created;
  const pending = over.status === 'PENDING';
  return {
    orderId: over.orderId ?? nextOrderId(),
    createdTime: new Date(created).toISOString(),
    lastUpdatedTime: new Date(updated).toISOString(),
    programs: over.programs ?? [],
    salesChannel: { channelName: 'AMAZON', marketplaceId: CA, marketplaceName: 'Amazon.ca' },
    fulfillment: {
      fulfillmentStatus: over.status ?? 'UNSHIPPED',
      fulfilledBy: 'MERCHANT',
      fulfillmentServiceLevel: 'STANDARD',
      shipByWindow: {
        earliestDateTime: new Date(created).toISOString(),
        latestDateTime: new Date(created + 5 * 86_400_000).toISOString(),
      },
      deliverByWindow: {
        earliestDateTime: new Date(created + 10 * 86_400_000).toISOString(),
        latestDateTime: new Date(created + 20 * 86_400_000).toISOString(),
      },
    },
    ...(pending
      ? {}
      : {
          recipient: {
            deliveryAddress: {
              name: 'Jane Buyer',
              addressLine1: '42 Maple Crescent',
              city: 'Toronto',
              stateOrRegion: 'ON',
              postalCode: 'M5V 2T6',
              countryCode: 'CA',
              phone: '+1 416 555 0199',
            },
          },
        }),
    proceeds: { grandTotal: { amount: String(over.price ?? 49.99), currencyCode: 'CAD' } },
    orderItems: [
      {
        orderItemId: '11223344556677',
        quantityOrdered: 1,
        product: {
          asin: (over.sku ?? 'CM-B000000001').replace(/^CM-/, ''),
          title: 'A test product',
          sellerSku: over.sku ?? 'CM-B000000001',
          ...(pending
            ? {}
            : { price: { unitPrice: { amount: String(over.price ?? 49.99), currencyCode: 'CAD' } } }),
        },
        ...(over.cancelledBy
          ? {
              cancellation: {
                ...(over.cancelledBy === 'BUYER'
                  ? { cancellationRequest: { requester: 'BUYER', cancelReason: 'Changed my mind' } }
                  : {}),
                cancellationExecution: { cancelledBy: over.cancelledBy, cancelReason: 'Cancelled' },
              },
            }
          : {}),
      },
    ],
  };
}
