import { JOB_NAMES, type RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { SpapiError } from '../../providers/marketplace/spapi/client';
import type { StoreTarget } from '../../providers/seller-store';
import { offerPatchBody } from './offer-body';
import type { ListingsDeps } from './publish';
import { recordPush, type Change } from './record-push';
import { stillConnected } from './still-connected';
import { sendOrReadBack, type Answered } from './unknown-answer';

/** Patches sent at once; the store's pacing (patchListingsItem 5/s, burst 5) decides when each leaves. */
const CHUNK = 50;

/**
 * The quantity-first rule: a change that takes the quantity to 0 is split into the 0 alone and, after it,
 * the rest. Amazon refuses a submission with any ERROR issue whole (listingsItems_2021-08-01.json, `Issue`
 * severity ERROR: "preventing the submission from processing"), so a price Amazon refuses in the same
 * patch would take the 0 down with it and leave the offer selling what the source no longer has.
 */
export function quantityFirst(changes: Change[]): { zeros: Change[]; rest: Change[] } {
  const zeros: Change[] = [];
  const rest: Change[] = [];
  for (const c of changes) {
    if (c.quantity !== 0) {
      rest.push(c);
      continue;
    }
    zeros.push({ listing: c.listing, quantity: 0, reason: c.reason });
    if (c.offer)
      rest.push({ listing: c.listing, offer: c.offer, reason: c.reason === 'retry' ? 'retry' : 'price' });
  }
  return { zeros, rest };
}

/**
 * An accepted push that carried a figure the listing's drift names has overwritten Amazon's figure with
 * ours: that part of the drift is settled (the seller is no longer asked about a figure that is gone).
 */
async function clearOverwrittenDrift(deps: ListingsDeps, pushed: Change[]) {
  const rows = pushed.flatMap((c) => {
    if (!c.listing.drift) return [];
    const carried = [...(c.offer ? ['price'] : []), ...(c.quantity !== undefined ? ['quantity'] : [])];
    return carried.some((f) => c.listing.drift!.fields.includes(f as 'price' | 'quantity'))
      ? [{ id: c.listing.id, fields: carried }]
      : [];
  });
  if (rows.length === 0) return;
  await deps.db.execute(sql`update listings l set drift = case
      when coalesce(jsonb_array_length((l.drift -> 'fields') - r.fields), 0) = 0 then null
      else jsonb_set(l.drift, '{fields}', (l.drift -> 'fields') - r.fields) end
    from (select id, array(select jsonb_array_elements_text(fields)) as fields
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, fields jsonb)) r
   where l.id = r.id and l.drift is not null`);
}

/**
 * Sends changes one patchListingsItem each (the fast path), in chunks, re-checking before each chunk that
 * the seller's authorisation is still the one the job started with. Each answer is recorded (record-push.ts);
 * only what Amazon accepted counts as pushed. Returns the changes Amazon accepted, and whether the
 * authorisation changed (then nothing more was sent).
 */
export async function patchEach(
  deps: ListingsDeps,
  target: StoreTarget,
  userId: string,
  country: RegionCode,
  changes: Change[],
): Promise<{ accepted: Change[]; disconnected: boolean }> {
  const accepted: Change[] = [];
  for (let i = 0; i < changes.length; i += CHUNK) {
    if (!(await stillConnected(deps.accounts, userId, target))) return { accepted, disconnected: true };
    await Promise.all(
      changes.slice(i, i + CHUNK).map(async (c) => {
        let answer: Answered | undefined;
        try {
          // No answer (a time-out, a reset): read back before sending again or recording (unknown-answer.ts).
          answer = await sendOrReadBack(
            deps,
            target,
            c.listing.sku,
            { price: c.offer?.price ?? null, quantity: c.quantity ?? null },
            () =>
              deps.store.patch(
                target,
                c.listing.sku,
                offerPatchBody(country, { offer: c.offer, quantity: c.quantity }),
              ),
          );
        } catch (error) {
          if (!(error instanceof SpapiError)) throw error;
        }
        if (answer?.status === 'ACCEPTED') accepted.push(c);
        await recordPush(deps.db, c, {
          status: answer?.status ?? 'failed',
          issues: answer?.issues ?? [],
          submissionId: answer?.submissionId ?? null,
        });
      }),
    );
  }
  await clearOverwrittenDrift(deps, accepted);
  await retryZerosSoon(
    deps,
    changes.filter((c) => c.quantity === 0 && !accepted.includes(c)),
  );
  return { accepted, disconnected: false };
}

/** How soon a 0 Amazon did not take is tried again. */
export const ZERO_RETRY_SECONDS = 5 * 60;

/**
 * A 0 Amazon refused or never answered (UNKNOWN after its read-backs) is not left to the next sync, which
 * follows the next update (up to a day): the listing's retry job sends it again in a few minutes (one waiting
 * per listing), and again after that while Amazon does not take it.
 */
async function retryZerosSoon(deps: ListingsDeps, zeros: Change[]) {
  if (!deps.queue || zeros.length === 0) return;
  const rows = await deps.db.execute<{ inventory_id: string; code: string }>(sql`
    select inventory_id, code from listings where id = any(${sql.param(zeros.map((c) => c.listing.id))}::uuid[])`);
  for (const r of rows.rows)
    await deps.queue.send(
      JOB_NAMES.retryListing,
      { inventory_id: r.inventory_id, product_id: r.code },
      { startAfter: ZERO_RETRY_SECONDS },
    );
}

/**
 * The rest of a listing's change after its 0 went: recorded against the figures Amazon now holds (a 0
 * Amazon accepted is kept as pushed, so a later price push does not write the old quantity back).
 */
export function afterZeros(rest: Change[], acceptedZeros: Change[]): Change[] {
  const zeroed = new Set(acceptedZeros.map((c) => c.listing.id));
  return rest.map((c) =>
    zeroed.has(c.listing.id) ? { ...c, listing: { ...c.listing, pushed_quantity: 0 } } : c,
  );
}
