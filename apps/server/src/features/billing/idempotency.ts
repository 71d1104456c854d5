import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { apiError } from '../../http/errors';

/**
 * Runs `work` once per (user, key): a repeated call with the same key answers the stored result instead
 * of charging again. The key is claimed (a row without a response) before the work starts, in one insert,
 * so of two concurrent calls only one does the work; the other answers 409 while it runs, and the stored
 * result after. A failed run gives the key up again so that a retry can do the work. Without a key the
 * work simply runs.
 */
export async function once<T>(
  db: Db,
  userId: string,
  key: string | undefined,
  route: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!key) return work();
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, route, response: null })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [seen] = await db.select().from(idempotencyKeys).where(mine);
    if (seen && seen.response !== null) return seen.response as T;
    throw apiError(409, 'request_in_progress', 'apiErrors.requestInProgress');
  }
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(mine, isNull(idempotencyKeys.response)));
    throw error;
  }
  await db
    .update(idempotencyKeys)
    .set({ response: result as object })
    .where(mine);
  return result;
}
