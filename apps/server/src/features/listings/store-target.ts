import type { RegionCode } from '@crossmarket/domain';
import type { LookupAccounts } from '../../providers/marketplace/types';
import { sandboxSellerId } from '../../providers/sandbox-seller-id';
import type { SellerStore, StoreTarget } from '../../providers/seller-store';

export { sandboxSellerId };

/**
 * Whose store the user's listings go to in the selling country: their own authorisation for its region,
 * never the operator's shared one (listings are the seller's). The sandbox store needs none and then
 * files the user's listings under a sandbox seller id. Null when the store needs an authorisation the
 * user has not given.
 */
export async function storeTarget(
  store: SellerStore,
  accounts: LookupAccounts | undefined,
  userId: string,
  country: RegionCode,
): Promise<StoreTarget | null> {
  const resolved = await accounts?.forUser(userId, country);
  const own = resolved?.kind === 'own' ? resolved.account.own : undefined;
  if (own) return { country, sellerId: own.sellingPartnerId, account: { own, tenant: userId } };
  if (store.needsOwnAuthorisation) return null;
  return { country, sellerId: sandboxSellerId(userId), account: { tenant: userId } };
}
