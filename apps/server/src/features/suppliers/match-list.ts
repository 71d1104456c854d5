import type { RegionCode } from '@crossmarket/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supplierMatches, type StoredMatch, type StoredSupplierLine } from '../../db/schema';
import type { CatalogIdentifier, CatalogMatch } from '../../providers/marketplace/types';

/** Asks the catalogue about these identifiers (under the report owner's authorisation, paced). */
export type IdentifierSearch = (ids: readonly CatalogIdentifier[]) => Promise<(CatalogMatch[] | null)[]>;

/** Lines asked at a time: written as they come, so a worker that stops loses one slice. */
const SLICE = 200;
/** Passes over the lines Amazon did not answer before they are left unmatched. */
const PASSES = 3;

/**
 * Each line of a list matched in a marketplace, kept per list and marketplace (`supplier_matches`): lines
 * matched before (another report, or a run that stopped) are not asked again. Lines Amazon did not answer
 * after a few passes are left out, and counted. Returns every line's matches (absent: not answered).
 */
export async function matchSupplierList(
  db: Db,
  listId: string,
  lines: readonly StoredSupplierLine[],
  region: RegionCode,
  search: IdentifierSearch,
): Promise<{ matches: Map<number, StoredMatch[]>; unanswered: number }> {
  const kept = await db
    .select({ line: supplierMatches.line, matches: supplierMatches.matches })
    .from(supplierMatches)
    .where(and(eq(supplierMatches.listId, listId), eq(supplierMatches.marketplace, region)));
  const matches = new Map(kept.map((k) => [k.line, k.matches]));
  let todo = lines.filter((l) => !matches.has(l.line));
  for (let pass = 0; pass < PASSES && todo.length > 0; pass++) {
    const missed: StoredSupplierLine[] = [];
    for (let i = 0; i < todo.length; i += SLICE) {
      const slice = todo.slice(i, i + SLICE);
      const answers = await search(
        slice.map((l) => ({ kind: l.kind as CatalogIdentifier['kind'], value: l.value })),
      );
      const rows = slice.flatMap((l, k) => {
        const found = answers[k];
        if (!found) {
          missed.push(l);
          return [];
        }
        const stored: StoredMatch[] = found.map((m) => ({
          asin: m.asin,
          title: m.title,
          package_quantity: m.package_quantity,
          bundle: m.bundle,
        }));
        matches.set(l.line, stored);
        return [{ listId, marketplace: region, line: l.line, matches: stored }];
      });
      if (rows.length > 0) await db.insert(supplierMatches).values(rows).onConflictDoNothing();
    }
    todo = missed;
  }
  return { matches, unanswered: todo.length };
}
