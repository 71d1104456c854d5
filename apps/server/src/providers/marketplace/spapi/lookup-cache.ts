import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { lookupCache } from '../../../db/schema';
import { cachedCatalog, cachedOffers } from './cache-allow-list';
import type { CatalogItem, OffersPayload } from './mapping';

/** Amazon's public answers for one product in one marketplace; `catalog` null: the catalogue does not know it. */
export interface CachedAnswer {
  catalog: CatalogItem | null;
  offers: OffersPayload | null;
}

/**
 * Recent answers shared between every user's lookups (docs/decisions.md, "One lookup serves many sellers").
 * `read` gives the answers younger than the cache's age for these ASINs; `write` keeps complete answers.
 */
export interface LookupCache {
  read(marketplaceId: string, asins: string[]): Promise<Map<string, CachedAnswer>>;
  write(marketplaceId: string, answers: ReadonlyMap<string, CachedAnswer>): Promise<void>;
}

/** The cache in PostgreSQL (`lookup_cache`), answers kept `maxAgeSeconds`; rows are overwritten, never merged. */
export function postgresLookupCache(db: Db, maxAgeSeconds: number): LookupCache {
  return {
    async read(marketplaceId, asins) {
      if (asins.length === 0 || maxAgeSeconds <= 0) return new Map();
      const rows = await db
        .select({ asin: lookupCache.asin, catalog: lookupCache.catalog, offers: lookupCache.offers })
        .from(lookupCache)
        .where(
          and(
            sql`${lookupCache.marketplaceId} = ${marketplaceId}`,
            inArray(lookupCache.asin, asins),
            sql`${lookupCache.lookedUpAt} > now() - make_interval(secs => ${maxAgeSeconds})`,
          ),
        );
      return new Map(
        rows.map((r) => [
          r.asin,
          {
            catalog: (r.catalog as CatalogItem | null) ?? null,
            offers: (r.offers as OffersPayload | null) ?? null,
          },
        ]),
      );
    },
    async write(marketplaceId, answers) {
      if (answers.size === 0 || maxAgeSeconds <= 0) return;
      await db
        .insert(lookupCache)
        .values(
          // In one order for every writer: two reports writing overlapping products never deadlock.
          [...answers]
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([asin, a]) => ({
              marketplaceId,
              asin,
              // Only the members the mapping reads (cache-allow-list.ts): nothing else of any answer.
              catalog: a.catalog && cachedCatalog(a.catalog),
              offers: a.offers && cachedOffers(a.offers),
              lookedUpAt: sql`now()`,
            })),
        )
        .onConflictDoUpdate({
          target: [lookupCache.marketplaceId, lookupCache.asin],
          set: {
            catalog: sql`excluded.catalog`,
            offers: sql`excluded.offers`,
            lookedUpAt: sql`excluded.looked_up_at`,
          },
        });
    },
  };
}

/** Drops answers older than the cache keeps them (the daily clean-up); returns how many went. */
export async function purgeLookupCache(db: Db, maxAgeSeconds: number): Promise<number> {
  const gone = await db.execute(
    sql`delete from ${lookupCache} where ${lt(lookupCache.lookedUpAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`)}`,
  );
  return gone.rowCount ?? 0;
}
