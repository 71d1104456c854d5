import { amazonRegionOfCountry, type AmazonRegionCode, type RegionCode } from '@crossmarket/domain';
import { AuthorisationRevokedError, NotAuthorisedError } from '../../providers/marketplace/errors';
import type { LookupAccount, LookupAccounts } from '../../providers/marketplace/types';

/**
 * One user's work (a report, an inventory update) against the marketplaces: `run(country, work)` gives the
 * work the authorisation serving the user there (their own, else the shared one; resolved once per region).
 * When Amazon refuses the seller's own meanwhile, it is marked revoked and the work is asked again under
 * what serves the user now; with nothing left, `NotAuthorisedError`. Without `accounts` (tests, benches)
 * every call runs under the shared authorisation, the user taking turns with others.
 */
export function ownerAccounts(accounts: LookupAccounts | undefined, userId: string) {
  const resolved = new Map<AmazonRegionCode, Promise<LookupAccount>>();
  const resolve = async (country: RegionCode, refusedToken?: string): Promise<LookupAccount> => {
    if (!accounts) return { tenant: userId };
    const found = await accounts.forUser(userId, country);
    // Still the refused token (the revocation did not take): stop rather than ask Amazon again and again.
    if (!found || (refusedToken && found.account.own?.refreshToken === refusedToken)) {
      throw new NotAuthorisedError(country);
    }
    return found.account;
  };
  const remember = (region: AmazonRegionCode, pending: Promise<LookupAccount>) => {
    pending.catch(() => {
      if (resolved.get(region) === pending) resolved.delete(region);
    });
    resolved.set(region, pending);
    return pending;
  };

  return async function run<T>(
    country: RegionCode,
    work: (account: LookupAccount) => Promise<T>,
  ): Promise<T> {
    const region = amazonRegionOfCountry(country);
    for (;;) {
      const current = resolved.get(region) ?? remember(region, resolve(country));
      const account = await current;
      // Before each batch: an authorisation the seller has since removed or replaced stops the work.
      if (
        account.own &&
        accounts?.stillCurrent &&
        !(await accounts.stillCurrent(userId, country, account.own))
      ) {
        throw new NotAuthorisedError(country, 'changed');
      }
      try {
        return await work(account);
      } catch (error) {
        const own = account.own;
        if (!(error instanceof AuthorisationRevokedError) || !accounts || !own) throw error;
        // Calls sharing the region wait for one revocation and the account that replaces it.
        if (resolved.get(region) === current) {
          remember(
            region,
            accounts.revoked(userId, country, own).then(() => resolve(country, own.refreshToken)),
          );
        }
      }
    }
  };
}
