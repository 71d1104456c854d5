import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/**
 * Runs `work` once per (user, key): a repeated call with the same key answers the stored result instead
 * of charging again. Without a key the work simply runs.
 */
export async function once<T>(
  db: Db,
  userId: string,
  key: string | undefined,
  route: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!key) return work();
  const [seen] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (seen) return seen.response as T;
  const result = await work();
  await db
    .insert(idempotencyKeys)
    .values({ userId, key, route, response: result as object })
    .onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return (stored?.response as T) ?? result;
}
