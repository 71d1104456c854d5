import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema';

type Profile = Pick<
  typeof userProfiles.$inferSelect,
  'firstName' | 'secondName' | 'lastName' | 'address' | 'city' | 'state' | 'postalCode' | 'country'
>;

const joined = (parts: (string | null | undefined)[], by: string) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(by);

/**
 * Whom an invoice is billed to: the name and address the wizard required, then the e-mail. A profile
 * without them (an account from before the wizard asked) is billed to the e-mail alone.
 */
export function billedToLines(profile: Profile | undefined, email: string): string[] {
  if (!profile) return [email];
  const lines = [
    joined([profile.firstName, profile.secondName, profile.lastName], ' '),
    joined([profile.address], ''),
    joined([joined([profile.postalCode, profile.city], ' '), profile.state], ', '),
    joined([profile.country], ''),
    email,
  ];
  return lines.filter((l) => l.length > 0);
}

export async function billedTo(db: Db, userId: string, email: string): Promise<string[]> {
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return billedToLines(profile, email);
}
