import type { RegionCode } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { NotAuthorisedError } from '../../providers/marketplace/errors';
import type { LookupAccount, MarketplaceProvider } from '../../providers/marketplace/types';
import { restrictionsOf } from '../restrictions';

/** Runs work under the report owner's account for a country (features/amazon's `ownerAccounts`). */
type AsOwner = <T>(country: RegionCode, work: (account: LookupAccount) => Promise<T>) => Promise<T>;

export interface FunnelDeps {
  db: Db;
  marketplace: MarketplaceProvider;
  logger: Logger;
  /** False keeps the old order (offers for every product); the bench's baseline. Default true. */
  restrictionsFirst?: boolean;
}

/** Products taken for one lookup batch, and those of them whose offers are not asked for. */
export interface FunnelTake {
  taken: string[];
  unpriced: Set<string>;
}

export interface Funnel {
  /**
   * Takes products from the front of `ids` until `want` of them may be priced (or `ids` ends), asking
   * each one's listing restriction in the selling country first (a kept answer serves): those the seller
   * cannot list are taken but not priced, so every offers call still carries a full batch.
   */
  take(ids: readonly string[], want: number): Promise<FunnelTake>;
}

/**
 * Restrictions before offers (issue 63, docs/decisions.md "Restrictions before offers"): on a marketplace
 * with Amazon's allowance to save and restrictions to ask (SP-API), a report asks whether its owner may
 * list each product before it spends getItemOffersBatch, the scarcest allowance, on it. Only under the
 * owner's own authorisation in the selling country (restrictions belong to a seller); without one, or
 * when Amazon does not answer, products are looked up as before. Answers go to the owner's kept store,
 * where the restriction phase after the lookups reads them without asking again. Null: not used.
 */
export function restrictionsFunnel(
  deps: FunnelDeps,
  asOwner: AsOwner,
  owner: { userId: string; to: RegionCode },
): Funnel | null {
  const ask = deps.marketplace.listingRestrictions?.bind(deps.marketplace);
  if (!ask || !deps.marketplace.allowance || deps.restrictionsFirst === false) return null;
  const { userId, to } = owner;
  const blocked = async (round: string[]): Promise<Set<string>> => {
    try {
      return await asOwner(to, async (account) => {
        const own = account.own;
        if (!own) return new Set<string>();
        const found = await restrictionsOf(
          deps.db,
          { userId, sellingPartnerId: own.sellingPartnerId, country: to },
          round,
          (missing) => ask(missing, to, { ...account, own }),
        );
        return new Set(round.filter((id) => found.get(id)?.state === 'cannot_list'));
      });
    } catch (error) {
      // No authorisation serves the owner any more: the lookups would fail the same way (report cancelled).
      if (error instanceof NotAuthorisedError) throw error;
      // The funnel only ever saves calls: a failure costs this round's saving, never the report.
      deps.logger.warn({ err: error }, 'restrictions before offers failed; the round is looked up whole');
      return new Set<string>();
    }
  };
  /** Each asked product's answer on its way: whether the owner cannot list it. */
  const answers = new Map<string, Promise<boolean>>();
  const askAbout = (ids: readonly string[]) => {
    const missing = ids.filter((id) => !answers.has(id));
    if (missing.length === 0) return;
    const round = blocked(missing);
    for (const id of missing) {
      const answer = round.then((cannot) => cannot.has(id));
      answer.catch(() => {}); // an answer asked ahead may never be awaited (the worker stopped)
      answers.set(id, answer);
    }
  };
  return {
    async take(ids, want) {
      const taken: string[] = [];
      const unpriced = new Set<string>();
      let priced = 0;
      while (priced < want && taken.length < ids.length) {
        // Exactly the places still free: a full batch is never overshot into a second offers call.
        const round = ids.slice(taken.length, taken.length + (want - priced));
        askAbout(round);
        for (const id of round) {
          const cannot = await answers.get(id)!;
          answers.delete(id);
          taken.push(id);
          if (cannot) unpriced.add(id);
          else priced += 1;
        }
      }
      // The next batch's answers are asked while this one's offers are (another allowance): two
      // batches' worth, so that a full batch is answered even when half of them cannot be listed.
      askAbout(ids.slice(taken.length, taken.length + 2 * want));
      return { taken, unpriced };
    },
  };
}
