import type {
  AmazonOrder,
  ConfirmShipmentRequest,
  OrdersTarget,
  SearchOrdersResponse,
  SellerOrders,
} from '../../seller-orders/types';
import type { SpapiClient } from './client';

/**
 * A seller's orders through SP-API: Orders 2026-01-01's searchOrders and getOrder (no Restricted Data
 * Token: the app's Direct-to-Consumer Delivery role gives the recipient, reference §1.6) and v0's
 * confirmShipment, each paced through the seller's own bucket of its operation like every other call.
 * confirmShipment is never sent twice blind: a call without an answer may have reached Amazon, so the
 * caller reads the order back (its packages) before trying again.
 */
export function createSpapiSellerOrders(client: SpapiClient): SellerOrders {
  return {
    name: 'spapi',
    needsOwnAuthorisation: true,
    searchOrders(target: OrdersTarget, q) {
      const query = new URLSearchParams({
        lastUpdatedAfter: q.lastUpdatedAfter,
        marketplaceIds: q.marketplaceIds.join(','),
      });
      if (q.lastUpdatedBefore) query.set('lastUpdatedBefore', q.lastUpdatedBefore);
      if (q.fulfilledBy) query.set('fulfilledBy', q.fulfilledBy.join(','));
      if (q.fulfillmentStatuses) query.set('fulfillmentStatuses', q.fulfillmentStatuses.join(','));
      if (q.maxResultsPerPage) query.set('maxResultsPerPage', String(q.maxResultsPerPage));
      if (q.includedData) query.set('includedData', q.includedData.join(','));
      if (q.paginationToken) query.set('paginationToken', q.paginationToken);
      return client.call<SearchOrdersResponse>(
        target.region,
        'searchOrders',
        `/orders/2026-01-01/orders?${query}`,
        {
          method: 'GET',
          account: target.account,
        },
      );
    },
    async getOrder(target, orderId, includedData) {
      const query = new URLSearchParams({ includedData: includedData.join(',') });
      const answer = await client.call<{ order: AmazonOrder }>(
        target.region,
        'getOrder',
        `/orders/2026-01-01/orders/${encodeURIComponent(orderId)}?${query}`,
        { method: 'GET', account: target.account },
      );
      return answer.order;
    },
    async confirmShipment(target, orderId, body: ConfirmShipmentRequest) {
      await client.call<undefined>(
        target.region,
        'confirmShipment',
        `/orders/v0/orders/${encodeURIComponent(orderId)}/shipmentConfirmation`,
        { method: 'POST', body, account: target.account, retryNetwork: false },
      );
    },
  };
}
