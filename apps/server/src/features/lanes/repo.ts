import {
  defaultLaneSettings,
  storedLaneSettingsSchema,
  type LaneSettings,
  type RegionCode,
} from '@crossmarket/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { laneSettings, reports, userProfiles } from '../../db/schema';

export interface StoredLane {
  from: RegionCode;
  to: RegionCode;
  settings: LaneSettings;
  updatedAt: Date;
}

// Stored settings are re-read through the schema: a setting added later takes its default, and one saved
// past a bound added later (LANE_BOUNDS) is brought within it.
const settingsOf = (stored: unknown): LaneSettings => storedLaneSettingsSchema.parse(stored);

export async function findLane(
  db: Db,
  userId: string,
  from: RegionCode,
  to: RegionCode,
): Promise<StoredLane | null> {
  const [row] = await db
    .select()
    .from(laneSettings)
    .where(
      and(
        eq(laneSettings.userId, userId),
        eq(laneSettings.fromCountry, from),
        eq(laneSettings.toCountry, to),
      ),
    );
  return row ? { from, to, settings: settingsOf(row.settings), updatedAt: row.updatedAt } : null;
}

/** The user's saved lanes. */
export async function listLanes(db: Db, userId: string): Promise<StoredLane[]> {
  const rows = await db.select().from(laneSettings).where(eq(laneSettings.userId, userId));
  return rows.map((r) => ({
    from: r.fromCountry as RegionCode,
    to: r.toCountry as RegionCode,
    settings: settingsOf(r.settings),
    updatedAt: r.updatedAt,
  }));
}

/** Country pairs of the user's reports: lanes in use even when nothing is saved for them. */
export async function reportLanes(db: Db, userId: string): Promise<{ from: RegionCode; to: RegionCode }[]> {
  const rows = await db
    .selectDistinct({ from: reports.fromCountry, to: reports.toCountry })
    .from(reports)
    .where(eq(reports.userId, userId));
  return rows as { from: RegionCode; to: RegionCode }[];
}

export async function upsertLane(
  db: Db,
  userId: string,
  from: RegionCode,
  to: RegionCode,
  settings: LaneSettings,
): Promise<StoredLane> {
  const [row] = await db
    .insert(laneSettings)
    .values({ userId, fromCountry: from, toCountry: to, settings })
    .onConflictDoUpdate({
      target: [laneSettings.userId, laneSettings.fromCountry, laneSettings.toCountry],
      set: { settings, updatedAt: new Date() },
    })
    .returning();
  return { from, to, settings: row!.settings, updatedAt: row!.updatedAt };
}

/** The lane's settings in force: the saved ones, else the defaults. */
export async function laneInForce(
  db: Pick<Db, 'select'>,
  userId: string,
  from: RegionCode,
  to: RegionCode,
): Promise<LaneSettings> {
  const [row] = await db
    .select({ settings: laneSettings.settings })
    .from(laneSettings)
    .where(
      and(
        eq(laneSettings.userId, userId),
        eq(laneSettings.fromCountry, from),
        eq(laneSettings.toCountry, to),
      ),
    );
  return row ? settingsOf(row.settings) : defaultLaneSettings();
}

/** The profile's country, which decides the fee rules' establishment. */
export async function profileCountry(db: Pick<Db, 'select'>, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ country: userProfiles.country })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row?.country ?? null;
}
