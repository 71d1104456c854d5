import type { RegionCode } from '@crossmarket/domain';
import type { CatalogIdentifier, CatalogMatch, LookupAccount } from '../types';
import { SpapiError, type SpapiClient } from './client';
import { MARKETPLACES } from './regions';

/** Identifiers one searchCatalogItems call takes, and the page size (both at most 20 in the model). */
const PER_CALL = 20;
/** Pages followed for one call's identifiers: 20 identifiers each matching several ASINs spill over. */
const MAX_PAGES = 5;

// The parts of searchCatalogItems' answer the match reads (catalogItems_2022-04-01.json).
interface IdentifiedItem {
  asin: string;
  identifiers?: { marketplaceId: string; identifiers: { identifierType: string; identifier: string }[] }[];
  summaries?: {
    marketplaceId?: string;
    itemName?: string;
    brand?: string;
    itemClassification?: 'BASE_PRODUCT' | 'OTHER' | 'PRODUCT_BUNDLE' | 'VARIATION_PARENT';
    packageQuantity?: number;
  }[];
}
interface SearchAnswer {
  numberOfResults?: number;
  pagination?: { nextToken?: string };
  items: IdentifiedItem[];
}

/** Identifiers compared the way Amazon writes them back: digits without leading zeros, an ASIN upper-cased. */
const sameIdentifier = (value: string) => value.replace(/^0+(?=\d)/, '').toUpperCase();

/**
 * The products each identifier names, from searchCatalogItems with `identifiers` and `identifiersType`
 * (20 a call, every call of one type, paced by the client's shared buckets like a lookup's catalogue call).
 * Each item is given to the identifiers it carries in its `identifiers` data (an item can carry several
 * of a call's identifiers); an ASIN search matches by ASIN. Variation parents are left out. A call Amazon
 * did not answer leaves its identifiers null; a revoked authorisation propagates.
 */
export function createIdentifierSearch(client: SpapiClient) {
  return async function searchIdentifiers(
    ids: readonly CatalogIdentifier[],
    region: RegionCode,
    { account }: { account?: LookupAccount },
  ): Promise<(CatalogMatch[] | null)[]> {
    const marketplace = MARKETPLACES[region];
    const out: (CatalogMatch[] | null)[] = ids.map(() => null);
    const byKind = new Map<string, number[]>();
    ids.forEach((id, i) => byKind.set(id.kind, [...(byKind.get(id.kind) ?? []), i]));
    const calls: number[][] = [];
    for (const positions of byKind.values()) {
      for (let i = 0; i < positions.length; i += PER_CALL) calls.push(positions.slice(i, i + PER_CALL));
    }
    await Promise.all(
      calls.map(async (positions) => {
        const kind = ids[positions[0]!]!.kind;
        const wanted = new Map(positions.map((p) => [sameIdentifier(ids[p]!.value), p]));
        const found = new Map<number, CatalogMatch[]>(positions.map((p) => [p, []]));
        let pageToken: string | undefined;
        try {
          for (let page = 0; page < MAX_PAGES; page++) {
            const query = new URLSearchParams({
              identifiers: positions.map((p) => ids[p]!.value).join(','),
              identifiersType: kind,
              marketplaceIds: marketplace.id,
              includedData: 'identifiers,summaries',
              pageSize: String(PER_CALL),
              ...(pageToken ? { pageToken } : {}),
            });
            const answer = await client.call<SearchAnswer>(
              marketplace.region,
              'searchCatalogItems',
              `/catalog/2022-04-01/items?${query}`,
              { method: 'GET', account },
            );
            for (const item of answer.items ?? []) {
              const summary =
                item.summaries?.find((s) => !s.marketplaceId || s.marketplaceId === marketplace.id) ??
                item.summaries?.[0];
              if (summary?.itemClassification === 'VARIATION_PARENT') continue;
              const carried =
                kind === 'ASIN'
                  ? [item.asin]
                  : (item.identifiers ?? [])
                      .filter((g) => g.marketplaceId === marketplace.id)
                      .flatMap((g) => g.identifiers.map((i) => i.identifier));
              const match: CatalogMatch = {
                asin: item.asin,
                title: summary?.itemName ?? null,
                brand: summary?.brand ?? null,
                package_quantity:
                  typeof summary?.packageQuantity === 'number' && summary.packageQuantity >= 1
                    ? summary.packageQuantity
                    : null,
                bundle: summary?.itemClassification === 'PRODUCT_BUNDLE',
              };
              const to = new Set(carried.map((c) => wanted.get(sameIdentifier(c))));
              for (const p of to) {
                if (p === undefined) continue;
                const list = found.get(p)!;
                if (!list.some((m) => m.asin === match.asin)) list.push(match);
              }
            }
            pageToken = answer.pagination?.nextToken;
            if (!pageToken) break;
          }
        } catch (error) {
          // Amazon did not answer (after the client's retries): asked again later. A refused authorisation or
          // none configured is no per-identifier failure.
          if (
            error instanceof SpapiError &&
            error.status >= 400 &&
            error.status !== 401 &&
            error.status !== 403
          )
            return;
          throw error;
        }
        for (const [p, list] of found) out[p] = list;
      }),
    );
    return out;
  };
}
