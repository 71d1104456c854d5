import type { LookupAccounts } from '../../providers/marketplace/types';
import type { StoreTarget } from '../../providers/seller-store';

/**
 * Whether the authorisation a listings job read at its start is still the seller's connected one for the
 * selling region (`LookupAccounts.stillCurrent`, as lookups ask). Asked before each chunk of writes: a seller
 * who disconnected, or connected another seller account, must not have offers written under the old one.
 * The sandbox store writes under no authorisation, and a deployment without the check always answers yes.
 */
export async function stillConnected(
  accounts: LookupAccounts | undefined,
  userId: string,
  target: StoreTarget,
): Promise<boolean> {
  const own = target.account.own;
  if (!own || !accounts?.stillCurrent) return true;
  return accounts.stillCurrent(userId, target.country, own);
}
