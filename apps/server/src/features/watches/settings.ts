import { DEFAULT_WATCH_DIGEST, type WatchSettings } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { watchSettings } from '../../db/schema';

/** The seller's e-mail setting for alerts; the default until they choose. */
export async function getWatchSettings(db: Db, userId: string): Promise<WatchSettings> {
  const [row] = await db
    .select({ digest: watchSettings.digest })
    .from(watchSettings)
    .where(eq(watchSettings.userId, userId));
  return { digest: row?.digest ?? DEFAULT_WATCH_DIGEST };
}

/** Saves the seller's own setting (the caller's row only) and answers it. */
export async function saveWatchSettings(db: Db, userId: string, body: WatchSettings): Promise<WatchSettings> {
  await db
    .insert(watchSettings)
    .values({ userId, digest: body.digest })
    .onConflictDoUpdate({
      target: watchSettings.userId,
      set: { digest: body.digest, updatedAt: new Date() },
    });
  return { digest: body.digest };
}
