import { SEARCH_SKUS, type ListingsItem, type SellerStore, type StoreTarget } from '../../seller-store/types';
import { SpapiError, type SpapiClient } from './client';
import { createSpapiFeeds } from './listings-feeds';
import { MARKETPLACES } from './regions';

/** Amazon's texts in English; the seller's language is ours to add where we know the code. */
const ISSUE_LOCALE = 'en_US';

const itemPath = (target: StoreTarget, sku: string, query: URLSearchParams) =>
  `/listings/2021-08-01/items/${encodeURIComponent(target.sellerId)}/${encodeURIComponent(sku)}?${query}`;

/**
 * The seller's store through SP-API's Listings Items API 2021-08-01 (listingsItems_2021-08-01.json): one
 * SKU in one marketplace a call (put and delete take exactly one `marketplaceIds`), each paced through the
 * seller's own bucket of its operation like every other SP-API call.
 */
export function createSpapiSellerStore(client: SpapiClient): SellerStore {
  const marketplaceOf = (target: StoreTarget) => MARKETPLACES[target.country];
  return {
    ...createSpapiFeeds(client),
    name: 'spapi',
    needsOwnAuthorisation: true,
    put(target, sku, body, options = {}) {
      const marketplace = marketplaceOf(target);
      const query = new URLSearchParams({ marketplaceIds: marketplace.id, issueLocale: ISSUE_LOCALE });
      if (options.preview) {
        query.set('mode', 'VALIDATION_PREVIEW');
        // `identifiers` only with a preview: the ASIN Amazon matched the offer to.
        query.set('includedData', 'identifiers,issues');
      }
      return client.call(marketplace.region, 'putListingsItem', itemPath(target, sku, query), {
        method: 'PUT',
        body,
        account: target.account,
      });
    },
    patch(target, sku, body) {
      const marketplace = marketplaceOf(target);
      const query = new URLSearchParams({ marketplaceIds: marketplace.id, issueLocale: ISSUE_LOCALE });
      return client.call(marketplace.region, 'patchListingsItem', itemPath(target, sku, query), {
        method: 'PATCH',
        body,
        account: target.account,
      });
    },
    delete(target, sku) {
      const marketplace = marketplaceOf(target);
      const query = new URLSearchParams({ marketplaceIds: marketplace.id, issueLocale: ISSUE_LOCALE });
      return client.call(marketplace.region, 'deleteListingsItem', itemPath(target, sku, query), {
        method: 'DELETE',
        account: target.account,
      });
    },
    async search(target, skus) {
      const marketplace = marketplaceOf(target);
      const query = new URLSearchParams({
        marketplaceIds: marketplace.id,
        issueLocale: ISSUE_LOCALE,
        includedData: 'summaries,offers,fulfillmentAvailability',
        identifiers: skus.join(','),
        identifiersType: 'SKU',
        pageSize: String(SEARCH_SKUS),
      });
      const found = await client.call<{ items: ListingsItem[] }>(
        marketplace.region,
        'searchListingsItems',
        `/listings/2021-08-01/items/${encodeURIComponent(target.sellerId)}?${query}`,
        { method: 'GET', account: target.account },
      );
      return found.items ?? [];
    },
    async get(target, sku) {
      const marketplace = marketplaceOf(target);
      const query = new URLSearchParams({
        marketplaceIds: marketplace.id,
        issueLocale: ISSUE_LOCALE,
        includedData: 'summaries,offers,fulfillmentAvailability,issues',
      });
      try {
        return await client.call(marketplace.region, 'getListingsItem', itemPath(target, sku, query), {
          method: 'GET',
          account: target.account,
        });
      } catch (error) {
        if (error instanceof SpapiError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
