import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import {
  SEARCH_SKUS,
  type ListingIssue,
  type ListingsItem,
  type StoreTarget,
} from '../../providers/seller-store';
import { amazonFigures } from './drift';
import type { ListingsDeps } from './publish';
import { setListingState, type ListingRow } from './repo';

/** Read-back searches in flight at once; the store's pacing (searchListingsItems 5/s) decides when each goes. */
const SEARCHES_IN_FLIGHT = 10;

/** An enforcement Amazon applies now (not exempt): the listing, an attribute or its search is held back. */
const enforced = (i: ListingIssue) =>
  (i.enforcements?.actions?.length ?? 0) > 0 &&
  i.enforcements?.exemption?.status !== 'EXEMPT' &&
  i.enforcements?.exemption?.status !== 'EXEMPT_UNTIL_EXPIRY_DATE';

/**
 * Amazon refused the listing's price after it accepted it (an issue in the INVALID_PRICE or MISSING_PRICE
 * category, or naming the offer's attribute, as the model's 18155 example): the price Amazon shows then is
 * not the seller's edit, so it is not drift; the listing needs attention with Amazon's words.
 */
export const priceRefused = (item: ListingsItem) =>
  (item.issues ?? []).some(
    (i) =>
      (i.severity === 'ERROR' || enforced(i)) &&
      ((i.categories ?? []).some((c) => c === 'INVALID_PRICE' || c === 'MISSING_PRICE') ||
        (i.attributeNames ?? []).includes('purchasable_offer')),
  );

/**
 * What Amazon shows of a listing comes to: needs attention when an issue is an ERROR or carries an
 * enforcement Amazon applies (LISTING_SUPPRESSED, CATALOG_ITEM_REMOVED …; listingsItems_2021-08-01.json
 * `IssueEnforcements`), in Amazon's words; live only when the summary says BUYABLE, or shows an offer we
 * set to 0 (which is never buyable); anything else is still pending. Undefined: Amazon does not show it.
 */
export function stateOf(
  item: ListingsItem | undefined,
  marketplaceId: string,
  quantity: number | null = null,
): ListingRow['state'] | undefined {
  const summary = item?.summaries?.find((s) => s.marketplaceId === marketplaceId) ?? item?.summaries?.[0];
  if (!item || !summary) return undefined;
  const issues = item.issues ?? [];
  if (issues.some((x) => x.severity === 'ERROR' || enforced(x))) return 'needs_attention';
  if (summary.status.includes('BUYABLE')) return 'live';
  return quantity === 0 ? 'live' : 'pending';
}

/** searchListingsItems, 20 SKUs a call, 10 in flight: Amazon's listings by SKU; a batch Amazon did not answer is left out. */
export async function searchAll(
  deps: Pick<ListingsDeps, 'store'>,
  target: StoreTarget,
  skus: string[],
): Promise<{ items: Map<string, ListingsItem>; unread: Set<string> }> {
  const items = new Map<string, ListingsItem>();
  const unread = new Set<string>();
  const batches: string[][] = [];
  for (let i = 0; i < skus.length; i += SEARCH_SKUS) batches.push(skus.slice(i, i + SEARCH_SKUS));
  const readBatch = async (batch: string[]) => {
    try {
      for (const item of await deps.store.search(target, batch)) items.set(item.sku, item);
    } catch {
      for (const sku of batch) unread.add(sku);
    }
  };
  for (let i = 0; i < batches.length; i += SEARCHES_IN_FLIGHT)
    await Promise.all(batches.slice(i, i + SEARCHES_IN_FLIGHT).map(readBatch));
  return { items, unread };
}

/**
 * Whether Amazon shows the figures a push carried (its price and quantity, those not null): how a push
 * nobody confirmed (a FATAL feed, a report that does not account for it, a call without an answer) is
 * confirmed after all. False when Amazon does not show the listing.
 */
export function showsFigures(
  item: ListingsItem | undefined,
  marketplaceId: string,
  expected: { price: number | null; quantity: number | null },
): boolean {
  if (!item) return false;
  const amazon = amazonFigures(item, marketplaceId);
  const priceOk =
    expected.price === null || (amazon.price !== null && Math.abs(amazon.price - expected.price) < 0.005);
  const quantityOk = expected.quantity === null || amazon.quantity === expected.quantity;
  return priceOk && quantityOk;
}

/**
 * Accepted is not live: Amazon checks further after it takes a submission. Each accepted listing is read
 * back, 20 SKUs a search (searchListingsItems with issues: 5,000 products in 250 calls, where one
 * getListingsItem each would hold the job for 17 minutes), and takes the state `stateOf` gives with
 * Amazon's issues; one Amazon does not show yet stays pending, to be read again later (late-feeds.ts).
 * After a publish, a feed that ended late, and for pending listings on the follow job's rounds.
 */
export async function readBack(
  deps: Pick<ListingsDeps, 'db' | 'store'>,
  target: StoreTarget,
  inventoryId: string,
  accepted: { product_id: string; sku: string; quantity?: number | null }[],
) {
  const marketplaceId = MARKETPLACES[target.country].id;
  const { items } = await searchAll(
    deps,
    target,
    accepted.map((r) => r.sku),
  );
  for (const r of accepted) {
    const item = items.get(r.sku);
    const state = stateOf(item, marketplaceId, r.quantity ?? null);
    if (!state) continue;
    await setListingState(deps.db, inventoryId, r.product_id, state, item?.issues ?? []);
  }
}
