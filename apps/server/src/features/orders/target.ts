import { amazonRegionOf, type AmazonRegionCode } from '@crossmarket/domain';
import type { LookupAccounts } from '../../providers/marketplace/types';
import type { OrdersTarget, SellerOrders } from '../../providers/seller-orders';
import { sandboxSellerId } from '../listings';

/**
 * Whose orders in a region: the user's own authorisation for it, never the operator's shared one (orders
 * and buyers' addresses are the seller's). The sandbox needs none and answers for the sandbox seller id the
 * sandbox store uses. Null when the provider needs an authorisation the user has not given.
 */
export async function ordersTarget(
  orders: SellerOrders,
  accounts: LookupAccounts | undefined,
  userId: string,
  region: AmazonRegionCode,
): Promise<OrdersTarget | null> {
  const country = amazonRegionOf(region).countries[0]!;
  const resolved = await accounts?.forUser(userId, country);
  const own = resolved?.kind === 'own' ? resolved.account.own : undefined;
  if (own) return { region, sellerId: own.sellingPartnerId, account: { own, tenant: userId } };
  if (orders.needsOwnAuthorisation) return null;
  return { region, sellerId: sandboxSellerId(userId), account: { tenant: userId } };
}
