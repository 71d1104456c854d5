import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportChunks } from '../../db/schema';

/** About this many products make a chunk: the unit one worker leases of a report. */
const CHUNK_PRODUCTS = 1000;

/** A whole number of the provider's batches, so only a chunk's last batch of the report is short. */
export const chunkSize = (batchSize: number) =>
  Math.max(1, Math.round(CHUNK_PRODUCTS / batchSize)) * batchSize;

export type ClaimedChunk = {
  idx: number;
  from: number;
  to: number;
  /** Chunks of the report that were still free when this one was taken (nobody holds them). */
  free: number;
};

interface Lease {
  db: Db;
  owner: string;
  leaseSeconds: number;
}

/**
 * Splits the report into chunks the first time any worker starts it. Two workers starting together both
 * try; the primary key keeps one set. Never re-split: the bounds stay those of the first split.
 */
export async function ensureChunks(db: Db, reportId: string, products: number, size: number) {
  await db.execute(sql`
    insert into report_chunks (report_id, idx, from_position, to_position)
    select ${reportId}::uuid, i, i * ${size}::int, least((i + 1) * ${size}::int, ${products}::int)
      from generate_series(0, ceil(${products}::numeric / ${size}::int)::int - 1) as i
     where not exists (select 1 from report_chunks where report_id = ${reportId}::uuid)
    on conflict do nothing`);
}

const FREE = sql`done_at is null and (lease_until is null or lease_until < now())`;

/** How many chunks of the report nobody holds and nobody has done. */
export async function freeChunks(db: Db, reportId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from report_chunks where report_id = ${reportId}::uuid and ${FREE}`,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * Takes the first chunk that is neither done nor held by a live lease, in one statement: `skip locked`
 * lets workers claiming at the same moment take different chunks. Nothing is taken of a report that is
 * finalized or cancelled.
 */
export async function claimChunk(deps: Lease, reportId: string): Promise<ClaimedChunk | undefined> {
  const result = await deps.db.execute<ClaimedChunk>(sql`
    with pick as (
      select idx from report_chunks
       where report_id = ${reportId}::uuid and ${FREE}
       order by idx
       limit 1
       for update skip locked
    )
    update report_chunks c
       set lease_owner = ${deps.owner}, lease_until = now() + make_interval(secs => ${deps.leaseSeconds})
      from pick
     where c.report_id = ${reportId}::uuid and c.idx = pick.idx
       and exists (select 1 from reports r
                    where r.id = ${reportId}::uuid and not r.finalized and r.done_size <> -1)
    returning c.idx, c.from_position as "from", c.to_position as "to",
              (select count(*)::int from report_chunks f
                where f.report_id = ${reportId}::uuid and f.idx <> c.idx and ${FREE}) as free`);
  return result.rows[0];
}

/**
 * The lease renewal that goes into each batch's write (a common table expression of that statement):
 * it returns a row only while this worker still holds the chunk.
 */
export const renewChunk = (deps: Lease, reportId: string, idx: number) => sql`
  update report_chunks
     set lease_until = now() + make_interval(secs => ${deps.leaseSeconds})
   where report_id = ${reportId}::uuid and idx = ${idx} and lease_owner = ${deps.owner} and done_at is null
  returning 1`;

/** Marks the chunk done by this worker; the lease stays until it runs out (see the table's comment). */
export async function finishChunk(deps: Lease, reportId: string, idx: number) {
  await deps.db
    .update(reportChunks)
    .set({ doneAt: sql`now()`, doneBy: deps.owner })
    .where(
      and(
        eq(reportChunks.reportId, reportId),
        eq(reportChunks.idx, idx),
        eq(reportChunks.leaseOwner, deps.owner),
        isNull(reportChunks.doneAt),
      ),
    );
}

/** Gives back this worker's unfinished chunks of the report at once, rather than when their leases run out. */
export async function handBackChunks(deps: Lease, reportId: string) {
  await deps.db
    .update(reportChunks)
    .set({ leaseUntil: sql`now()` })
    .where(
      and(
        eq(reportChunks.reportId, reportId),
        eq(reportChunks.leaseOwner, deps.owner),
        isNull(reportChunks.doneAt),
      ),
    );
}

/** True while some chunk of the report is not done (the guard of finalizing). */
export const unfinishedChunks = (reportId: string) =>
  sql`exists (select 1 from report_chunks where report_id = ${reportId}::uuid and done_at is null)`;
