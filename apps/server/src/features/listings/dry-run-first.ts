import type { Db } from '../../db/client';
import { apiError } from '../../http/errors';
import { leftOutReason } from './publish';
import { railed, railsOf } from './publish-rails';
import { codesWithoutDryRun, DRY_RUN_HOURS } from './publishable-dry-run';
import { productFacts, type OwnedInventory } from './repo';

export { DRY_RUN_HOURS } from './publishable-dry-run';

/**
 * Nothing is written to a seller's Amazon before Amazon has looked at it: of the products a publish would
 * send (named, or the whole inventory; left-out ones, listed ones unless re-published, and those the rails
 * stop are never sent), those without a verdict from a finished dry run of this inventory in the last
 * `DRY_RUN_HOURS` (publishable-dry-run.ts). A dry run Amazon did not answer for a product, or one that left
 * it out when it could not be listed yet, is no verdict; one that left it out for a reason the publish
 * checks again (a stale source, a held price) is.
 */
export async function productsWithoutDryRun(
  db: Db,
  inventory: Pick<OwnedInventory, 'id' | 'hold'>,
  productIds: string[] | null,
  republish = false,
) {
  const inventoryId = inventory.id;
  const [products, rails] = await Promise.all([
    productFacts(db, inventoryId, productIds),
    railsOf(db, inventory),
  ]);
  const sendable = products
    .filter((p) => leftOutReason(p) === null && 'figures' in railed(rails, p, republish))
    .map((p) => p.code);
  return (await codesWithoutDryRun(db, inventoryId, sendable, false)).length;
}

export const dryRunRequired = (count: number) =>
  apiError(409, 'listings_dry_run_required', 'apiErrors.listingsDryRunRequired', {
    params: { count, hours: DRY_RUN_HOURS },
  });
