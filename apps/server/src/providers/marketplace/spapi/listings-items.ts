import {
  SEARCH_SKUS,
  type ListingsItem,
  type SellerStore,
  type ShippingTemplate,
  type StoreTarget,
} from '../../seller-store/types';
import { SpapiError, SpapiNetworkError, type SpapiClient } from './client';
import { createSpapiFeeds } from './listings-feeds';
import { MARKETPLACES } from './regions';

/** Amazon's texts in English; the seller's language is ours to add where we know the code. */
const ISSUE_LOCALE = 'en_US';

const itemPath = (target: StoreTarget, sku: string, query: URLSearchParams) =>
  `/listings/2021-08-01/items/${encodeURIComponent(target.sellerId)}/${encodeURIComponent(sku)}?${query}`;

/** The product type's JSON schema from its presigned link (valid seven days; no SP-API token). */
async function fetchSchema(url: string): Promise<unknown> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw new Error(`answered ${res.status}`);
    return await res.json();
  } catch (error) {
    throw new SpapiNetworkError('product type schema', error);
  }
}

/**
 * The seller's templates in a product type schema asked with `sellerId`: `merchant_shipping_group`'s value
 * enum (the ids Amazon takes) beside its `enumNames` (what Seller Central calls them). Amazon's tutorial
 * "Retrieve Merchant Shipping Templates"; a name instead of the id is refused (90244, issues #4148, #2782).
 */
export function templatesOfSchema(schema: unknown): ShippingTemplate[] {
  const value = (
    schema as {
      properties?: {
        merchant_shipping_group?: {
          items?: { properties?: { value?: { enum?: unknown[]; enumNames?: unknown[] } } };
        };
      };
    }
  )?.properties?.merchant_shipping_group?.items?.properties?.value;
  const ids = Array.isArray(value?.enum) ? value.enum : [];
  const names = Array.isArray(value?.enumNames) ? value.enumNames : [];
  return ids.flatMap((id, i) =>
    typeof id === 'string' ? [{ id, name: typeof names[i] === 'string' ? (names[i] as string) : id }] : [],
  );
}

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
      // A put without an answer is read back by the caller before it is sent again (a preview may repeat).
      return client.call(marketplace.region, 'putListingsItem', itemPath(target, sku, query), {
        method: 'PUT',
        body,
        account: target.account,
        retryNetwork: options.preview === true,
      });
    },
    patch(target, sku, body) {
      const marketplace = marketplaceOf(target);
      const query = new URLSearchParams({ marketplaceIds: marketplace.id, issueLocale: ISSUE_LOCALE });
      return client.call(marketplace.region, 'patchListingsItem', itemPath(target, sku, query), {
        method: 'PATCH',
        body,
        account: target.account,
        retryNetwork: false,
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
        includedData: 'summaries,offers,fulfillmentAvailability,issues',
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
    async shippingTemplates(target) {
      const marketplace = marketplaceOf(target);
      const query = new URLSearchParams({
        marketplaceIds: marketplace.id,
        sellerId: target.sellerId,
        requirements: 'LISTING_OFFER_ONLY',
        locale: 'DEFAULT',
      });
      const definition = await client.call<{ schema: { link: { resource: string } } }>(
        marketplace.region,
        'getDefinitionsProductType',
        `/definitions/2020-09-01/productTypes/PRODUCT?${query}`,
        { method: 'GET', account: target.account },
      );
      return templatesOfSchema(await fetchSchema(definition.schema.link.resource));
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
