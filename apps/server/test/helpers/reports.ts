import type { ReportSummary } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { reports, user } from '../../src/db/schema';
import { injectJson } from './auth';
import { waitFor } from './processes';

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

/** Sends a manual US → CA report of `products` as the session's user and waits for its lookups; its id. */
export async function sendUsToCaReport(app: App, db: Db, cookie: string, title: string, products: string[]) {
  const res = await injectJson(app, 'POST', '/api/reports', cookie, {
    title,
    source: 'manual',
    from_country: 'us',
    to_country: 'ca',
    product_ids: products.join('\n'),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ report_id: string }>().report_id;
  await waitForReport(db, id, 120_000);
  return id;
}

/** Waits until the report's restriction phase is no longer waiting or checking; answers its count. */
export function restrictionPhaseOver(app: App, cookie: string, id: string) {
  return waitFor(async () => {
    const detail = (await injectJson(app, 'GET', `/api/reports/${id}`, cookie)).json<ReportSummary>();
    const state = detail.restrictions?.state;
    return state && state !== 'waiting' && state !== 'checking' ? detail.restrictions! : undefined;
  }, `the end of the restriction phase of ${id}`);
}
