import { SEARCH_SKUS, type ListingsItem, type StoreTarget } from '../../providers/seller-store';
import type { ListingsDeps } from './publish';
import { setListingState } from './repo';

/** Read-back searches in flight at once; the store's pacing (searchListingsItems 5/s) decides when each goes. */
const SEARCHES_IN_FLIGHT = 10;

/**
 * Accepted is not live: Amazon checks further after it takes a submission. Each accepted listing is read
 * back once, 20 SKUs a search (searchListingsItems with issues: 5,000 products in 250 calls, where one
 * getListingsItem each would hold the job for 17 minutes); one Amazon shows is live unless it has an
 * error, one it does not show yet stays pending. After a publish, and after a feed that ended late
 * (late-feeds.ts).
 */
export async function readBack(
  deps: Pick<ListingsDeps, 'db' | 'store'>,
  target: StoreTarget,
  inventoryId: string,
  accepted: { product_id: string; sku: string }[],
) {
  const batches: (typeof accepted)[] = [];
  for (let i = 0; i < accepted.length; i += SEARCH_SKUS) batches.push(accepted.slice(i, i + SEARCH_SKUS));
  const readBatch = async (batch: typeof accepted) => {
    const items = await deps.store
      .search(
        target,
        batch.map((r) => r.sku),
      )
      .catch((): ListingsItem[] => []);
    const bySku = new Map(items.map((item) => [item.sku, item]));
    for (const r of batch) {
      const item = bySku.get(r.sku);
      if (!item?.summaries?.length) continue;
      const issues = item.issues ?? [];
      const state = issues.some((x) => x.severity === 'ERROR') ? 'needs_attention' : 'live';
      await setListingState(deps.db, inventoryId, r.product_id, state, issues);
    }
  };
  for (let i = 0; i < batches.length; i += SEARCHES_IN_FLIGHT)
    await Promise.all(batches.slice(i, i + SEARCHES_IN_FLIGHT).map(readBatch));
}
