import type { RegionCode } from '@crossmarket/domain';
import { AuthorisationRevokedError, NotAuthorisedError } from '../../providers/marketplace/errors';
import type { LookupAccount, LookupAccounts } from '../../providers/marketplace/types';

/**
 * One user's work (a report, an inventory update) against the marketplaces: `run(country, work)` gives the
 * work the authorisation serving the user there (their own, else the shared one; resolved once per
 * country). When Amazon refuses the seller's own meanwhile, it is marked revoked and the work is asked
 * again under what serves the user now; with nothing left, `NotAuthorisedError`. Without `accounts`
 * (tests, benches) every call runs under the shared authorisation, the user taking turns with others.
 */
export function ownerAccounts(accounts: LookupAccounts | undefined, userId: string) {
  const resolved = new Map<RegionCode, Promise<LookupAccount>>();
  const accountFor = (country: RegionCode) => {
    let found = resolved.get(country);
    if (!found) {
      found = accounts
        ? accounts.forUser(userId, country).then((r) => {
            if (!r) throw new NotAuthorisedError(country);
            return r.account;
          })
        : Promise.resolve({ tenant: userId });
      found.catch(() => resolved.delete(country));
      resolved.set(country, found);
    }
    return found;
  };

  return async function run<T>(
    country: RegionCode,
    work: (account: LookupAccount) => Promise<T>,
  ): Promise<T> {
    for (;;) {
      const current = accountFor(country);
      const account = await current;
      try {
        return await work(account);
      } catch (error) {
        if (!(error instanceof AuthorisationRevokedError) || !accounts || !account.own) throw error;
        // Both sides may share the region: the first to see the refusal marks it, the other asks again.
        if (resolved.get(country) === current) {
          resolved.delete(country);
          await accounts.revoked(userId, country);
        }
      }
    }
  };
}
