import { LISTING_RESTRICTION_DAYS, type RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { AuthorisationRevokedError } from '../../providers/marketplace/errors';
import type { LookupAccounts, MarketplaceProvider } from '../../providers/marketplace/types';
import { restrictionsOf } from './store';

/**
 * Restriction checks one inventory update may ask Amazon for: ten minutes of getListingsRestrictions'
 * 5 a second. The operation has its own bucket, so they take nothing from the price checks; an inventory
 * larger than this is covered over several days, its stalest answers first.
 */
export const RESTRICTION_CHECKS_PER_UPDATE = 3_000;

const ROUND = 20;

export interface RecheckDeps {
  db: Db;
  marketplace: MarketplaceProvider;
  accounts?: LookupAccounts;
  logger: Logger;
  stopping?: () => boolean;
}

/**
 * The daily update's re-check of an inventory's listing restrictions in its selling country, under the
 * owner's own authorisation there (none: nothing to do): products without a kept answer younger than
 * LISTING_RESTRICTION_DAYS, oldest answers first, up to the run's budget. Answers go to the kept store,
 * which the inventory's products read. Never fails the update: a refusal is logged and left for tomorrow.
 */
export async function recheckInventoryRestrictions(
  deps: RecheckDeps,
  inventory: { id: string; userId: string; to: RegionCode },
): Promise<number> {
  const ask = deps.marketplace.listingRestrictions?.bind(deps.marketplace);
  if (!ask) return 0;
  const resolved = await deps.accounts?.forUser(inventory.userId, inventory.to);
  const own = resolved?.kind === 'own' ? resolved.account.own : undefined;
  if (!resolved || !own) return 0;
  const account = { ...resolved.account, own };
  const owner = { userId: inventory.userId, sellingPartnerId: own.sellingPartnerId, country: inventory.to };
  const stale = await deps.db.execute<{ code: string }>(sql`
    select p.code from inventory_products p
      left join listing_restrictions r
        on r.user_id = ${owner.userId} and r.selling_partner_id = ${owner.sellingPartnerId}
           and r.country = ${owner.country} and r.asin = p.code
     where p.inventory_id = ${inventory.id}::uuid
       and (r.checked_at is null or r.checked_at <= now() - make_interval(days => ${LISTING_RESTRICTION_DAYS}))
     order by r.checked_at asc nulls first, p.code
     limit ${RESTRICTION_CHECKS_PER_UPDATE}`);
  const codes = stale.rows.map((r) => r.code);
  let asked = 0;
  try {
    for (let i = 0; i < codes.length && !deps.stopping?.(); i += ROUND) {
      const round = codes.slice(i, i + ROUND);
      // Before each round: an authorisation removed or replaced since stops the re-check.
      if (
        deps.accounts?.stillCurrent &&
        !(await deps.accounts.stillCurrent(inventory.userId, inventory.to, own))
      ) {
        deps.logger.warn(
          { inventoryId: inventory.id },
          'restriction re-check stopped: authorisation changed',
        );
        break;
      }
      // Kept answers are not fresh for these, so each is asked (the fresh read costs one query a round).
      await restrictionsOf(deps.db, owner, round, (missing) => ask(missing, inventory.to, account));
      asked += round.length;
    }
  } catch (error) {
    if (error instanceof AuthorisationRevokedError) {
      await deps.accounts?.revoked(inventory.userId, inventory.to, own);
    }
    deps.logger.warn({ err: error, inventoryId: inventory.id }, 'restriction re-check stopped');
  }
  return asked;
}
