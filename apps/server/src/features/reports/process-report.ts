import {
  effectiveSettings,
  FIXED_RATES,
  lookupRoute,
  reportLane,
  type PricingContext,
  type PricingSettings,
  type RegionCode,
} from '@crossmarket/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { upsertResultRows } from '../../db/result-rows';
import { reportFacets } from '../../db/report-facets';
import { reportProducts, reports } from '../../db/schema';
import type { Logger } from '../../logger';
import { NotAuthorisedError } from '../../providers/marketplace/errors';
import type { LookedUp, LookupAccounts, MarketplaceProvider } from '../../providers/marketplace/types';
import { ownerAccounts } from '../amazon';
import { prepareSupplierReport, supplierSides } from '../suppliers';
import { Pace } from './pace';
import { restrictionsFunnel, type FunnelDeps } from './restrictions-first';
import {
  chunkSize,
  claimChunk,
  ensureChunks,
  finishChunk,
  handBackChunks,
  renewChunk,
  unfinishedChunks,
} from './report-chunks';

export interface ProcessDeps extends FunnelDeps {
  db: Db;
  marketplace: MarketplaceProvider;
  logger: Logger;
  leaseSeconds: number;
  /** This worker's name in `report_chunks.lease_owner` and `done_by`. */
  owner: string;
  /** True once the worker is shutting down: its chunk is handed back between batches. */
  stopping?: () => boolean;
  /** Asks another worker to join in; called when a chunk is taken while others are left that nobody holds. */
  askForHelp?: (reportId: string) => Promise<unknown>;
  /** Whose Amazon authorisation the owner's lookups run under; without it, the shared one. */
  accounts?: LookupAccounts;
}

/**
 * `finalized`: this call finished the report. `part-done`: it did chunks, others still hold the rest (the
 * last to finish finalizes). `busy`: nothing for it to do (finalized, cancelled, every chunk held, or its
 * chunk was taken over). `handed-back`: the worker is stopping.
 */
export type ProcessOutcome = 'finalized' | 'part-done' | 'busy' | 'gone' | 'handed-back';

class LeaseLost extends Error {}

/** The products of one claimed chunk not yet written, and how far its batches have been handed out. */
interface ChunkWork {
  idx: number;
  todo: string[];
  next: number;
  writes: Promise<void>[];
}

interface Batch {
  chunk: ChunkWork;
  ids: string[];
  /** Products of the batch the owner cannot list: their offers are not asked for (restrictions-first.ts). */
  unpriced?: Set<string>;
  /** The chunk's last batch: once it and the ones before it are written, the chunk is done. */
  last: boolean;
}

/**
 * Writes one batch in one statement: the narrow rows, the snapshots and the seller lists, upserted by
 * report and product; done_size grows by the rows that are new, and the chunk's lease is renewed. A batch
 * that was written before (a crash, a chunk taken over) changes nothing the second time.
 */
async function writeBatch(
  deps: ProcessDeps,
  reportId: string,
  chunkIdx: number,
  cross: LookedUp[],
  to: LookedUp[],
  settings: PricingSettings,
  ctx: PricingContext,
  positions: ReadonlyMap<string, number>,
  pace: Pace,
) {
  // Products no side of which asked Amazon: counted once, as their rows are first written.
  const cached = cross.filter((c, i) => c.cached && to[i]!.cached).map((c) => c.product_id);
  const rows = cross.map((c, i) => ({
    product_id: c.product_id,
    row_cross: c.side,
    row_to: to[i]!.side,
    offers_cross: c.offers,
    offers_to: to[i]!.offers,
  }));
  // New rows count even when the lease was lost meanwhile: an upsert inserts each product once, so the
  // progress stays exact however the chunks were shared.
  const result = await deps.db.execute<{ leased: number }>(sql`
    ${upsertResultRows(reportId, rows, settings, ctx, positions, { whileProcessing: true })},
    lease as (${renewChunk(deps, reportId, chunkIdx)})
    update reports
       set done_size = least(size, done_size + 2 * (select count(*) from narrow where inserted)),
           cached_count = cached_count + (select count(*) from narrow
                                           where inserted and product_id = any(${sql.param(cached)}::text[])),
           estimated_finish_at = ${pace.estimate()}
     where id = ${reportId}::uuid and done_size <> -1 and not finalized
     returning (select count(*) from lease)::int as leased`);
  if (result.rows[0]?.leased !== 1) {
    throw new LeaseLost(`lost chunk ${chunkIdx} of report ${reportId}`);
  }
}

/**
 * The `process-report` job: takes the report's chunks one after another (see report-chunks.ts), looks
 * their products up on both sides batch by batch and writes them; whoever finishes the last chunk
 * finalizes the report. Several workers share one report this way, and a worker that dies mid-chunk loses
 * only that chunk, which the next taker resumes from the rows already written.
 */
export async function processReport(deps: ProcessDeps, reportId: string): Promise<ProcessOutcome> {
  let [report] = await deps.db.select().from(reports).where(eq(reports.id, reportId));
  if (!report) return 'gone';
  if (report.finalized || report.doneSize === -1) return 'busy';
  const asOwner = ownerAccounts(deps.accounts, report.userId);
  // A supplier list report (issue 62) first matches its lines to the selling catalogue: its products.
  if (report.supplierListId && !report.supplierMatchedAt) {
    const to = report.toCountry as RegionCode;
    const search = deps.marketplace.searchIdentifiers?.bind(deps.marketplace);
    const prepared =
      search &&
      (await prepareSupplierReport(deps, report, (ids) =>
        asOwner(to, (account) => search(ids, to, { account })),
      ));
    if (!prepared) {
      await cancelReport(
        deps.db,
        reportId,
        'the supplier list cannot be matched (deleted, or no catalogue search)',
      );
      return 'gone';
    }
    [report] = await deps.db.select().from(reports).where(eq(reports.id, reportId));
    if (!report) return 'gone';
  }
  const size = deps.marketplace.batchSize;
  await ensureChunks(deps.db, reportId, report.content.length, chunkSize(size));
  const from = report.fromCountry as RegionCode;
  const toRegion = report.toCountry as RegionCode;
  const settings = effectiveSettings({
    settings: report.settings,
    from_country: from,
    to_country: toRegion,
    parity_rates: report.parityRates ?? FIXED_RATES,
  });
  const ctx: PricingContext = {
    toRegion,
    lane: reportLane(from, toRegion, settings.parity, report.parityRates, report.lane),
  };
  const positions = new Map(report.content.map((id, i) => [id, i]));
  const log = deps.logger.child({ reportId, products: report.content.length });

  const funnel = restrictionsFunnel(deps, asOwner, { userId: report.userId, to: toRegion });
  let current: ChunkWork | undefined;
  let taken = 0;
  let stopped = false;
  /** The rest of the current chunk, batch by batch, then the next chunk nobody holds. */
  const nextBatch = async (): Promise<Batch | null> => {
    for (;;) {
      if (deps.stopping?.()) {
        stopped = true;
        return null;
      }
      if (current && current.next < current.todo.length) {
        if (funnel) {
          const { taken, unpriced } = await funnel.take(current.todo.slice(current.next), size);
          current.next += taken.length;
          return { chunk: current, ids: taken, unpriced, last: current.next >= current.todo.length };
        }
        const ids = current.todo.slice(current.next, current.next + size);
        current.next += ids.length;
        return { chunk: current, ids, last: current.next >= current.todo.length };
      }
      const claimed = await claimChunk(deps, reportId);
      if (!claimed) return null;
      taken++;
      if (claimed.free > 0 && deps.askForHelp) {
        deps
          .askForHelp(reportId)
          .catch((error: unknown) => log.warn({ err: error }, 'could not ask for help'));
      }
      const ids = report.content.slice(claimed.from, claimed.to);
      const written = await deps.db
        .select({ productId: reportProducts.productId })
        .from(reportProducts)
        .where(and(eq(reportProducts.reportId, reportId), inArray(reportProducts.productId, ids)));
      const done = new Set(written.map((r) => r.productId));
      current = { idx: claimed.idx, todo: ids.filter((id) => !done.has(id)), next: 0, writes: [] };
      log.debug({ chunk: claimed.idx, resumedAt: done.size }, 'chunk taken');
      if (current.todo.length === 0) await finishChunk(deps, reportId, claimed.idx);
    }
  };
  const route = lookupRoute(ctx.lane);
  const lookupIn = (batch: Batch, country: RegionCode) =>
    asOwner(country, (account) =>
      deps.marketplace.lookup(batch.ids, country, {
        shipTo: toRegion,
        account,
        ...(route ? { route } : {}),
        ...(batch.unpriced?.size ? { unpriced: batch.unpriced } : {}),
      }),
    );
  const pace = new Pace();
  // Matched once: the report keeps its supplier rows even if the list is deleted later.
  const supplier = report.supplierMatchedAt ? report : null;
  const lookup = async (batch: Batch) => {
    // A supplier report's buying side is its list, described by the selling side's catalogue data.
    const [cross, to]: LookedUp[][] = supplier
      ? await lookupIn(batch, toRegion).then(async (to) => [
          await supplierSides(deps.db, supplier, batch.ids, to, ctx.lane ?? null, FIXED_RATES),
          to,
        ])
      : await Promise.all([lookupIn(batch, from), lookupIn(batch, toRegion)]);
    // The pace of Amazon's answers: products recent lookups served took no allowance.
    pace.record(cross!.filter((c, i) => !(c.cached && to![i]!.cached)).length);
    return { batch, cross: cross!, to: to! };
  };
  const pull = () => {
    const pulled = nextBatch().then((batch) => (batch ? lookup(batch) : null));
    pulled.catch(() => {}); // awaited by the loop; a failure must not go unhandled meanwhile
    return pulled;
  };

  // The next batch is looked up (and at a chunk's end the next chunk claimed) while the current one is
  // written (the database works in parallel). Two batches are written at a time (PostgreSQL uses both
  // cores). Each write is idempotent and counts only its own new rows, so their order does not matter.
  const inFlight: Promise<void>[] = [];
  let next = pull();
  try {
    for (let item = await next; item; item = await next) {
      const { batch } = item;
      const writing = writeBatch(
        deps,
        reportId,
        batch.chunk.idx,
        item.cross,
        item.to,
        settings,
        ctx,
        positions,
        pace,
      );
      batch.chunk.writes.push(writing);
      const step = batch.last
        ? Promise.all(batch.chunk.writes).then(() => finishChunk(deps, reportId, batch.chunk.idx))
        : writing;
      step.catch(() => {}); // awaited below
      inFlight.push(step);
      // Let the write go out before the next lookup takes the CPU.
      await new Promise((resolve) => setImmediate(resolve));
      next = pull();
      if (inFlight.length >= 2) await inFlight.shift();
    }
    await Promise.all(inFlight);
  } catch (error) {
    // A pending claim could still take a chunk: let everything settle before giving chunks back.
    await Promise.allSettled([next, ...inFlight]);
    await handBackChunks(deps, reportId).catch(() => {});
    if (error instanceof LeaseLost) {
      log.warn({ err: error }, 'another worker took a chunk over, or the report was cancelled');
      return 'busy';
    }
    if (error instanceof NotAuthorisedError) {
      // Retrying cannot help until the seller connects again: the report stops now, with the reason.
      log.warn({ err: error }, 'report cancelled: no Amazon authorisation serves it any more');
      await cancelReport(deps.db, reportId, error.message);
      return 'gone';
    }
    throw error;
  }
  if (stopped) {
    await handBackChunks(deps, reportId);
    log.info('chunk handed back at shutdown');
  }
  // Every chunk done: finalize, once (whoever gets here first after the last chunk is done).
  const [finished] = await deps.db
    .update(reports)
    .set({
      finalized: true,
      finishAt: new Date(),
      estimatedFinishAt: null,
      doneSize: sql`${reports.size}`,
      facets: sql`${reportFacets(reportId)}`,
      // The rows were priced with these (the seller's defaults when none were saved): keeping them makes
      // the figures, the settings-dependent filters and the exports usable on first sight (issue 46).
      settings: sql`coalesce(${reports.settings}, ${JSON.stringify(settings)}::jsonb)`,
      // The listing restriction phase comes next, where the marketplace can answer it (restrictions job).
      restrictionsState: deps.marketplace.listingRestrictions ? 'waiting' : null,
      restrictionsAt: sql`now()`,
      // Shown while the phase waits its turn: "Restrictions: 0 / n checked".
      restrictionsTotal: sql`(select count(*)::int from ${reportProducts}
        where ${reportProducts.reportId} = ${reportId}::uuid
          and ${reportProducts.toStatus} not in ('dog', 'noanswer'))`,
      // The finish summary: products Amazon did not answer for, on either side, even after retries.
      noAnswerCount: sql`(select count(*)::int from ${reportProducts}
        where ${reportProducts.reportId} = ${reportId}::uuid
          and (${reportProducts.crossStatus} = 'noanswer' or ${reportProducts.toStatus} = 'noanswer'))`,
    })
    .where(
      and(
        eq(reports.id, reportId),
        eq(reports.finalized, false),
        sql`${reports.doneSize} <> -1`,
        sql`not ${unfinishedChunks(reportId)}`,
      ),
    )
    .returning({ noAnswer: reports.noAnswerCount, cached: reports.cachedCount });
  if (finished) {
    log.info({ noAnswer: finished.noAnswer, cached: finished.cached, chunks: taken }, 'report finalized');
    return 'finalized';
  }
  if (stopped) return 'handed-back';
  log.info({ chunks: taken }, taken > 0 ? 'report part done; other workers hold the rest' : 'report busy');
  return taken > 0 ? 'part-done' : 'busy';
}

/** A report that cannot finish (its job ran out of retries) is cancelled; the reason is kept and logged. */
export async function cancelReport(db: Db, reportId: string, reason: string) {
  await db
    .update(reports)
    .set({ doneSize: -1, failure: reason.slice(0, 2000) })
    .where(and(eq(reports.id, reportId), eq(reports.finalized, false)));
}

/**
 * Reports that should be running but are not: none of their chunks holds a live lease (every worker on
 * them died or stopped, or the last chunk is done and nobody finalized), or never started long after
 * creation (the enqueue was lost). The worker re-enqueues them.
 */
export async function findStalledReports(db: Db): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select r.id from reports r
     where not r.finalized and r.done_size <> -1
       and not exists (select 1 from report_chunks c where c.report_id = r.id and c.lease_until >= now())
       and (exists (select 1 from report_chunks c where c.report_id = r.id)
            or r.created_at < now() - interval '5 minutes')
     order by r.created_at
     limit 100`);
  return rows.rows.map((r) => r.id);
}
