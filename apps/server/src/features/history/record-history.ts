import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import type { MarketplaceProvider } from '../../providers/marketplace/types';
import { fireWatches } from '../watches';
import { observeCheck, observeSide, writeObservations, type Observation } from './observations';

/**
 * The marketplace provider with its answers kept (issue 49): every full lookup (reports, inventory
 * updates, quick checks) and every light check appends what it saw, one INSERT per provider call (a
 * batch of up to 250 products), after the answer and before it is handed on. An answer served from the
 * lookup cache is not seen again: it was kept when Amazon gave it. Watches on the batch's products are
 * fired by a second statement (features/watches). Keeping is best effort: a failed write
 * is logged and the lookup answers as if nothing happened.
 */
export function recordingHistory(
  provider: MarketplaceProvider,
  deps: { db: Db; logger?: Logger; enabled?: boolean },
): MarketplaceProvider {
  if (deps.enabled === false) return provider;
  const keep = async (rows: (Observation | null)[]) => {
    const found = rows.filter((r): r is Observation => r !== null);
    try {
      await writeObservations(deps.db, found);
      // Sellers' watches on these products, in the same pass (fired at most once a day each).
      await fireWatches(deps.db, found);
    } catch (error) {
      deps.logger?.warn({ err: error, count: found.length }, 'history observations not kept');
    }
  };
  const { refreshPrices } = provider;
  return {
    ...provider,
    async lookup(productIds, region, options) {
      const found = await provider.lookup(productIds, region, options);
      const at = new Date();
      await keep(found.map((s) => (s.cached ? null : observeSide(region, s.product_id, s.side, at))));
      return found;
    },
    ...(refreshPrices && {
      async refreshPrices(productIds, region, options) {
        const checks = await refreshPrices.call(provider, productIds, region, options);
        const at = new Date();
        await keep(checks.map((c) => observeCheck(region, c, at)));
        return checks;
      },
    }),
  };
}
