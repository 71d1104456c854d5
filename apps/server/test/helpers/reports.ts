import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { reports, user } from '../../src/db/schema';

/** `n` distinct valid product IDs: B, a short tag, then a counter (10 characters in all). */
export function productIds(n: number, tag: string): string[] {
  return Array.from({ length: n }, (_, i) =>
    `B${tag}${String(i).padStart(9 - tag.length, '0')}`.toUpperCase(),
  );
}

/** Waits until the report is finalized or cancelled, and answers its row. */
export async function waitForReport(db: Db, id: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [row] = await db.select().from(reports).where(eq(reports.id, id));
    if (row && (row.finalized || row.doneSize === -1)) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`report ${id} did not finish`);
}

/** A verified user row to own reports in tests that drive the pipeline directly (no sign-up). */
export async function insertReportOwner(db: Db, id: string, email: string, name = 'Owner') {
  const now = new Date();
  await db.insert(user).values({ id, name, email, emailVerified: true, createdAt: now, updatedAt: now });
}
