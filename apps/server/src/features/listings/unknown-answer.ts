import { SpapiNetworkError } from '../../providers/marketplace/spapi/client';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import type { ListingIssue, ListingSubmission, StoreTarget } from '../../providers/seller-store';
import type { ListingsDeps } from './publish';
import { showsFigures } from './read-back';

/** Amazon's answer to a single put or patch, or ours when none came: confirmed by a read-back, or UNKNOWN. */
export type Answered = {
  sku: string;
  status: ListingSubmission['status'] | 'UNKNOWN';
  /** Null when the figures were confirmed by a read-back, or nothing is known. */
  submissionId: string | null;
  issues: ListingIssue[];
};

const unknown = (sku: string): Answered => ({ sku, status: 'UNKNOWN', submissionId: null, issues: [] });

/** Sends at most this many times, each after a read-back that did not show the figures. */
const SENDS = 3;

/**
 * A single put or patch whose answer never came (a time-out, a reset connection; the client does not
 * send these again blind) may have reached Amazon: it is unknown until read back. getListingsItem shows
 * the figures it carried: taken (ACCEPTED, no submission id). It does not: sent again (three sends at
 * most, as the client used to retry blind), read back the same way each time no answer comes. Amazon not answering the read-back: UNKNOWN, which counts
 * for nothing (the listing keeps its figures, so the next sync sends again what still differs, a 0
 * included). Any other error is the caller's.
 */
export async function sendOrReadBack(
  deps: Pick<ListingsDeps, 'store'>,
  target: StoreTarget,
  sku: string,
  expected: { price: number | null; quantity: number | null },
  send: () => Promise<ListingSubmission>,
): Promise<Answered> {
  const marketplaceId = MARKETPLACES[target.country].id;
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await send();
      return { ...answer, issues: answer.issues ?? [] };
    } catch (error) {
      if (!(error instanceof SpapiNetworkError)) throw error;
    }
    let item;
    try {
      item = await deps.store.get(target, sku);
    } catch (error) {
      if (!(error instanceof SpapiNetworkError)) throw error;
      return unknown(sku);
    }
    if (item && showsFigures(item, marketplaceId, expected))
      return { sku, status: 'ACCEPTED', submissionId: null, issues: item.issues ?? [] };
    if (attempt + 1 >= SENDS) return unknown(sku);
  }
}
