import type { FilterSet } from '@crossmarket/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filterSets } from '../../db/schema';
import { lockForUser } from '../../db/user-lock';

type FilterSetRow = typeof filterSets.$inferSelect;

const view = (r: FilterSetRow): FilterSet => ({
  id: r.id,
  name: r.name,
  content: r.content,
  filters_count: r.filtersCount,
  created_at: r.createdAt.toISOString(),
});

const owned = (userId: string, id: string) => and(eq(filterSets.id, id), eq(filterSets.userId, userId));

/** The user's sets, newest first (the Filter Sets page and the report view's dropdown). */
export async function listFilterSets(db: Db, userId: string): Promise<FilterSet[]> {
  const rows = await db
    .select()
    .from(filterSets)
    .where(eq(filterSets.userId, userId))
    .orderBy(desc(filterSets.createdAt), desc(filterSets.id));
  return rows.map(view);
}

export async function findFilterSet(db: Db, userId: string, id: string): Promise<FilterSet | undefined> {
  const [row] = await db.select().from(filterSets).where(owned(userId, id));
  return row && view(row);
}

/**
 * Adds a set unless the user already holds `limit` (their plan's). Counted and inserted under a per-user
 * transaction lock, so parallel saves cannot together pass the limit.
 */
export async function insertFilterSet(
  db: Db,
  userId: string,
  values: { name: string; content: string; filtersCount: number },
  limit: number,
): Promise<FilterSet | 'limit'> {
  return db.transaction(async (tx) => {
    await lockForUser(tx, 'filter-sets', userId);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(filterSets)
      .where(eq(filterSets.userId, userId));
    if ((held?.n ?? 0) >= limit) return 'limit';
    const [row] = await tx
      .insert(filterSets)
      .values({ userId, ...values })
      .returning();
    return view(row!);
  });
}

/** Undefined when the set is not the user's (or does not exist). */
export async function updateFilterSet(
  db: Db,
  userId: string,
  id: string,
  changes: { name?: string; content?: string; filtersCount?: number },
): Promise<FilterSet | undefined> {
  const [row] = await db.update(filterSets).set(changes).where(owned(userId, id)).returning();
  return row && view(row);
}

// ON DELETE RESTRICT answers restrict_violation (23001) on PostgreSQL 18 and foreign_key_violation (23503)
// before it (CI's 15); both mean a row still references the set.
const STILL_REFERENCED = new Set(['23001', '23503']);

/** Drizzle wraps the driver's error, so the SQLSTATE is looked for along the causes. */
function isStillReferenced(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (STILL_REFERENCED.has((e as { code?: unknown }).code as string)) return true;
  }
  return false;
}

/**
 * `in_use` when an inventory still references the set: the foreign key (ON DELETE RESTRICT) is the guard,
 * so a set picked by an inventory between any check and the delete is still refused.
 */
export async function deleteFilterSet(
  db: Db,
  userId: string,
  id: string,
): Promise<'deleted' | 'not_found' | 'in_use'> {
  try {
    const rows = await db.delete(filterSets).where(owned(userId, id)).returning({ id: filterSets.id });
    return rows.length ? 'deleted' : 'not_found';
  } catch (error) {
    if (isStillReferenced(error)) return 'in_use';
    throw error;
  }
}
