import type { ListingRestriction, RegionCode } from '@crossmarket/domain';
import type { LookupAccount, SellerAuthorisation } from '../types';
import { SpapiError, type SpapiClient } from './client';
import { MARKETPLACES } from './regions';

// The parts of getListingsRestrictions' answer we read (listingsRestrictions_2021-08-01.json).
interface Reason {
  message: string;
  reasonCode?: 'APPROVAL_REQUIRED' | 'ASIN_NOT_FOUND' | 'NOT_ELIGIBLE';
  links?: { resource: string; verb: string; title?: string; type?: string }[];
}
export interface RestrictionList {
  restrictions: { marketplaceId?: string; conditionType?: string; reasons?: Reason[] }[];
}

/** The condition we ask about: we sell new goods only. */
export const CONDITION_TYPE = 'new_new';

/**
 * Whether the seller may list the product new, from Amazon's restrictions for it. No restriction for new
 * goods (one without a condition applies to every condition) means it can be listed. A reason Amazon
 * marks NOT_ELIGIBLE or ASIN_NOT_FOUND, or one with neither a code nor a way forward (a link), means it
 * cannot; otherwise approval is required, and Amazon's first GET link, when it gives one (the model says
 * it "may"), is where to ask for it.
 */
export function toListingRestriction(answer: RestrictionList, marketplaceId: string): ListingRestriction {
  const reasons = answer.restrictions
    .filter((r) => (r.conditionType ?? CONDITION_TYPE) === CONDITION_TYPE)
    .filter((r) => r.marketplaceId === undefined || r.marketplaceId === marketplaceId)
    .flatMap((r) => r.reasons ?? []);
  if (reasons.length === 0) return { state: 'can_list', reasons: [], approval_url: null };
  const messages = reasons.map((r) => r.message);
  const blocked = reasons.some(
    (r) =>
      r.reasonCode === 'NOT_ELIGIBLE' ||
      r.reasonCode === 'ASIN_NOT_FOUND' ||
      (r.reasonCode === undefined && !r.links?.length),
  );
  if (blocked) return { state: 'cannot_list', reasons: messages, approval_url: null };
  const link = reasons
    .flatMap((r) => r.links ?? [])
    .find((l) => l.verb === 'GET' && /^https:\/\//.test(l.resource));
  return { state: 'approval_required', reasons: messages, approval_url: link?.resource ?? null };
}

/** Any ASIN will do: the call proves the seller id, not the product (Amazon's own example ASIN). */
const PROBE_ASIN = 'B00KFRNZY6';

/**
 * Proves the selling partner id a consent named belongs to the authorisation: getListingsRestrictions
 * takes the seller id, and Amazon answers 403 for one the authorisation does not cover (after the
 * client's one new access token). Any other failure proves nothing either way.
 */
export function createSellerCheck(client: SpapiClient) {
  return async function verifySeller(
    region: RegionCode,
    account: LookupAccount & { own: SellerAuthorisation },
  ): Promise<'ok' | 'wrong_seller' | 'unknown'> {
    const marketplace = MARKETPLACES[region];
    const query = new URLSearchParams({
      asin: PROBE_ASIN,
      sellerId: account.own.sellingPartnerId,
      marketplaceIds: marketplace.id,
      conditionType: CONDITION_TYPE,
    });
    try {
      await client.call(
        marketplace.region,
        'getListingsRestrictions',
        `/listings/2021-08-01/restrictions?${query}`,
        {
          method: 'GET',
          account,
        },
      );
      return 'ok';
    } catch (error) {
      if (error instanceof SpapiError) return error.status === 403 ? 'wrong_seller' : 'unknown';
      throw error;
    }
  };
}

/**
 * Restrictions of each ASIN for the seller of this authorisation (one ASIN a call, paced like every
 * other call): the answer, or null when Amazon did not give one after the client's retries. A revoked
 * authorisation is not a per-product failure: it propagates.
 */
export function createRestrictionChecks(client: SpapiClient) {
  return async function listingRestrictions(
    asins: string[],
    region: RegionCode,
    account: LookupAccount & { own: SellerAuthorisation },
  ): Promise<(ListingRestriction | null)[]> {
    const marketplace = MARKETPLACES[region];
    return Promise.all(
      asins.map(async (asin) => {
        const query = new URLSearchParams({
          asin,
          sellerId: account.own.sellingPartnerId,
          marketplaceIds: marketplace.id,
          conditionType: CONDITION_TYPE,
          reasonLocale: 'en_US',
        });
        try {
          const answer = await client.call<RestrictionList>(
            marketplace.region,
            'getListingsRestrictions',
            `/listings/2021-08-01/restrictions?${query}`,
            { method: 'GET', account },
          );
          return toListingRestriction(answer, marketplace.id);
        } catch (error) {
          if (error instanceof SpapiError) return null;
          throw error;
        }
      }),
    );
  };
}
