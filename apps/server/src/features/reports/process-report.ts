import {
  effectiveSettings,
  FIXED_RATES,
  type PricingSettings,
  type ProductSnapshot,
  type RegionCode,
} from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { upsertResultRows } from '../../db/result-rows';
import { reportFacets } from '../../db/report-facets';
import { reportProducts, reports } from '../../db/schema';
import type { Logger } from '../../logger';
import type { MarketplaceProvider } from '../../providers/marketplace/types';

export interface ProcessDeps {
  db: Db;
  marketplace: MarketplaceProvider;
  logger: Logger;
  leaseSeconds: number;
  /** This worker's name in `reports.lease_owner`. */
  owner: string;
  /** True once the worker is shutting down: the report is handed back between batches. */
  stopping?: () => boolean;
}

export type ProcessOutcome = 'finalized' | 'busy' | 'gone' | 'handed-back';

class LeaseLost extends Error {}

/** Takes the report unless another live worker holds it (its lease has not run out). */
async function claim(deps: ProcessDeps, reportId: string) {
  const [row] = await deps.db
    .update(reports)
    .set({
      leaseOwner: deps.owner,
      leaseUntil: sql`now() + make_interval(secs => ${deps.leaseSeconds})`,
    })
    .where(
      and(
        eq(reports.id, reportId),
        eq(reports.finalized, false),
        sql`${reports.doneSize} <> -1`,
        sql`(${reports.leaseUntil} is null or ${reports.leaseUntil} < now() or ${reports.leaseOwner} = ${deps.owner})`,
      ),
    )
    .returning();
  return row;
}

/**
 * Writes one batch in one statement: the narrow rows, the snapshots and the seller lists, upserted by
 * report and product; done_size grows by the rows that are new, and the lease is renewed. A batch that
 * was written before a crash changes nothing the second time.
 */
async function writeBatch(
  deps: ProcessDeps,
  reportId: string,
  cross: ProductSnapshot[],
  to: ProductSnapshot[],
  settings: PricingSettings,
  toRegion: RegionCode,
  positions: ReadonlyMap<string, number>,
) {
  const rows = cross.map((c, i) => ({
    product_id: c.product_id,
    row_cross: c.side,
    row_to: to[i]!.side,
    offers_cross: c.offers,
    offers_to: to[i]!.offers,
  }));
  const result = await deps.db.execute<{ id: string }>(sql`
    ${upsertResultRows(reportId, rows, settings, toRegion, positions)}
    update reports
       set done_size = least(size, done_size + 2 * (select count(*) from narrow where inserted)),
           lease_until = now() + make_interval(secs => ${deps.leaseSeconds})
     where id = ${reportId}::uuid and lease_owner = ${deps.owner}
     returning id`);
  if (result.rows.length === 0) throw new LeaseLost(`lost the lease on report ${reportId}`);
}

/**
 * The `process-report` job: looks every product of the report up on both sides, batch by batch, and
 * finalizes it. Resumes after a crash from the rows already written; several workers can share the queue
 * because a report is leased to one of them at a time.
 */
export async function processReport(deps: ProcessDeps, reportId: string): Promise<ProcessOutcome> {
  const report = await claim(deps, reportId);
  if (!report) {
    const [exists] = await deps.db.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId));
    return exists ? 'busy' : 'gone';
  }
  const from = report.fromCountry as RegionCode;
  const toRegion = report.toCountry as RegionCode;
  const settings = effectiveSettings({
    settings: report.settings,
    from_country: from,
    to_country: toRegion,
    parity_rates: report.parityRates ?? FIXED_RATES,
  });
  const written = await deps.db
    .select({ productId: reportProducts.productId })
    .from(reportProducts)
    .where(eq(reportProducts.reportId, reportId));
  const done = new Set(written.map((r) => r.productId));
  const positions = new Map(report.content.map((id, i) => [id, i]));
  const todo = report.content.filter((id) => !done.has(id));
  const log = deps.logger.child({ reportId, products: report.content.length, resumedAt: done.size });
  log.info('processing report');

  const size = deps.marketplace.batchSize;
  const lookup = (batch: string[]) =>
    Promise.all([
      deps.marketplace.lookup(batch, from, { shipTo: toRegion }),
      deps.marketplace.lookup(batch, toRegion, { shipTo: toRegion }),
    ]);
  try {
    // The next batch is looked up while the current one is written (the database works in parallel).
    // Two batches are written at a time (PostgreSQL uses both cores) while the next one is looked up.
    // Each write is idempotent and counts only its own new rows, so their order does not matter.
    const inFlight: Promise<void>[] = [];
    let next = todo.length > 0 ? lookup(todo.slice(0, size)) : null;
    for (let i = 0; next; i += size) {
      const [cross, to] = await next;
      const writing = writeBatch(deps, reportId, cross, to, settings, toRegion, positions);
      writing.catch(() => {}); // awaited below; a failure must not go unhandled meanwhile
      inFlight.push(writing);
      // Let the write go out before the next lookup takes the CPU.
      await new Promise((resolve) => setImmediate(resolve));
      next = i + size < todo.length ? lookup(todo.slice(i + size, i + 2 * size)) : null;
      next?.catch(() => {});
      if (inFlight.length >= 2) await inFlight.shift();
      if (next && deps.stopping?.()) {
        await Promise.all(inFlight);
        // Hand the report back at once rather than when the lease runs out.
        await deps.db
          .update(reports)
          .set({ leaseUntil: sql`now()` })
          .where(and(eq(reports.id, reportId), eq(reports.leaseOwner, deps.owner)));
        log.info('report handed back at shutdown');
        return 'handed-back';
      }
    }
    await Promise.all(inFlight);
  } catch (error) {
    if (error instanceof LeaseLost) {
      log.warn('another worker took the report over');
      return 'busy';
    }
    throw error;
  }
  const finished = await deps.db
    .update(reports)
    .set({
      finalized: true,
      finishAt: new Date(),
      doneSize: sql`${reports.size}`,
      leaseUntil: null,
      facets: sql`${reportFacets(reportId)}`,
      // The finish summary: products Amazon did not answer for, on either side, even after retries.
      noAnswerCount: sql`(select count(*)::int from ${reportProducts}
        where ${reportProducts.reportId} = ${reportId}::uuid
          and (${reportProducts.crossStatus} = 'noanswer' or ${reportProducts.toStatus} = 'noanswer'))`,
    })
    .where(and(eq(reports.id, reportId), eq(reports.leaseOwner, deps.owner)))
    .returning({ noAnswer: reports.noAnswerCount });
  log.info({ noAnswer: finished[0]?.noAnswer ?? 0 }, 'report finalized');
  return 'finalized';
}

/** A report that cannot finish (its job ran out of retries) is cancelled; the reason is kept and logged. */
export async function cancelReport(db: Db, reportId: string, reason: string) {
  await db
    .update(reports)
    .set({ doneSize: -1, failure: reason.slice(0, 2000), leaseUntil: null })
    .where(and(eq(reports.id, reportId), eq(reports.finalized, false)));
}

/**
 * Reports that should be running but are not: a lease that ran out (its worker died), or never taken
 * long after creation (the enqueue was lost). The worker re-enqueues them.
 */
export async function findStalledReports(db: Db): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select id from reports
     where not finalized and done_size <> -1
       and (lease_until < now() or (lease_until is null and created_at < now() - interval '5 minutes'))
     order by created_at
     limit 100`);
  return rows.rows.map((r) => r.id);
}
