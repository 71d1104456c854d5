import type { ListingDrift } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SpapiError } from '../../providers/marketplace/spapi/client';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import { SEARCH_SKUS, type ListingsItem, type StoreTarget } from '../../providers/seller-store';
import type { ListingsDeps } from './publish';
import { priceRefused } from './read-back';
import { confirmLate, unconfirmedPushes, type Change, type Unconfirmed } from './record-push';

/** Searches in flight at once; the store's pacing (searchListingsItems 5/s, burst 5) decides when each goes. */
const IN_FLIGHT = 10;

/** Amazon's standard offer price and merchant-fulfilled quantity of a listing, as the Listings Items API gives them. */
export function amazonFigures(item: ListingsItem, marketplaceId: string) {
  const offer = item.offers?.find((o) => o.marketplaceId === marketplaceId && o.offerType === 'B2C');
  const amount = offer ? Number(offer.price.amount) : Number.NaN;
  const availability = item.fulfillmentAvailability?.find((f) => f.fulfillmentChannelCode === 'DEFAULT');
  return {
    price: Number.isFinite(amount) ? amount : null,
    quantity: typeof availability?.quantity === 'number' ? availability.quantity : null,
  };
}

/**
 * Which of the listing's figures the seller changed in Seller Central since our last push. A price that is
 * not the one we pushed is the seller's (or their repricer's). A quantity only counts when it is above what
 * we pushed: orders lower Amazon's quantity every day, only a person raises it. Figures the seller already
 * chose to keep as Amazon has them are theirs and not compared.
 */
export function driftedFields(
  listing: Change['listing'],
  amazon: { price: number | null; quantity: number | null },
): ('price' | 'quantity')[] {
  const fields: ('price' | 'quantity')[] = [];
  const kept = new Set(listing.kept_from_amazon);
  if (
    !kept.has('price') &&
    amazon.price !== null &&
    listing.pushed_price !== null &&
    Math.abs(amazon.price - listing.pushed_price) >= 0.005
  )
    fields.push('price');
  if (
    !kept.has('quantity') &&
    amazon.quantity !== null &&
    listing.pushed_quantity !== null &&
    amazon.quantity > listing.pushed_quantity
  )
    fields.push('quantity');
  return fields;
}

/** The newest of the listing's unconfirmed pushes whose price and quantity Amazon shows, if any. */
const ownShown = (
  pushes: Unconfirmed[] | undefined,
  amazon: { price: number | null; quantity: number | null },
) =>
  pushes?.find(
    (p) =>
      p.new_price !== null &&
      amazon.price !== null &&
      Math.abs(p.new_price - amazon.price) < 0.005 &&
      p.new_quantity === amazon.quantity,
  );

/**
 * Reads the listings about to be pushed back from Amazon first (searchListingsItems, 20 SKUs a call), so a
 * figure the seller changed in Seller Central is not overwritten unasked: such a listing is not pushed and
 * keeps the drift (Amazon's figures and ours) until the seller decides. Listings Amazon could not be asked
 * about are not pushed this run either, except a quantity going to 0: a source that sold out must stop
 * selling whatever the read-back says.
 */
export async function withoutDrift(
  deps: ListingsDeps,
  target: StoreTarget,
  changes: Change[],
): Promise<{ push: Change[]; drifted: number; unread: number }> {
  const marketplaceId = MARKETPLACES[target.country].id;
  const push: Change[] = [];
  const drifts: { id: string; drift: ListingDrift }[] = [];
  const attention: { id: string; issues: unknown[] }[] = [];
  // Our own pushes Amazon may apply after we stopped asking (record-push.ts): shown, they are ours.
  const unconfirmed = await unconfirmedPushes(
    deps.db,
    changes.map((c) => c.listing.id),
  );
  const confirmed: Unconfirmed[] = [];
  let unread = 0;
  const readBatch = async (batch: Change[]) => {
    let items: ListingsItem[];
    try {
      items = await deps.store.search(
        target,
        batch.map((c) => c.listing.sku),
      );
    } catch (error) {
      if (!(error instanceof SpapiError)) throw error;
      unread += batch.length;
      for (const c of batch) if (c.quantity === 0) push.push({ ...c, offer: undefined });
      return;
    }
    const bySku = new Map(items.map((i) => [i.sku, i]));
    for (const given of batch) {
      let c = given;
      const item = bySku.get(c.listing.sku);
      const own = item && ownShown(unconfirmed.get(c.listing.id), amazonFigures(item, marketplaceId));
      if (own) {
        confirmed.push(own);
        const listing = {
          ...c.listing,
          pushed_price: own.new_price,
          pushed_min_price: own.new_min,
          pushed_max_price: own.new_max,
          pushed_quantity: own.new_quantity,
        };
        c = { ...c, listing };
        // What the push carried is what the sync wanted: nothing left to send.
        const sameOffer =
          !c.offer ||
          (c.offer.price === own.new_price && c.offer.min === own.new_min && c.offer.max === own.new_max);
        if (sameOffer && (c.quantity === undefined || c.quantity === own.new_quantity)) continue;
      }
      // Amazon has no such SKU: nothing of the seller's to keep; the push reports what Amazon says.
      if (!item) {
        push.push(c);
        continue;
      }
      const amazon = amazonFigures(item, marketplaceId);
      // A price Amazon refused after accepting it is Amazon's doing, not the seller's (read-back.ts).
      const refused = priceRefused(item);
      if (refused) attention.push({ id: c.listing.id, issues: item.issues ?? [] });
      const fields = driftedFields(c.listing, amazon).filter((f) => f !== 'price' || !refused);
      if (fields.length === 0) {
        push.push(c);
        continue;
      }
      // Kept for the seller's choice; a quantity going to 0 goes all the same (a sold-out source).
      if (c.quantity === 0) push.push({ ...c, offer: undefined });
      drifts.push({
        id: c.listing.id,
        drift: {
          at: new Date().toISOString(),
          amazon,
          ours: { price: c.listing.pushed_price, quantity: c.listing.pushed_quantity },
          fields,
        },
      });
    }
  };
  const batches: Change[][] = [];
  for (let i = 0; i < changes.length; i += SEARCH_SKUS) batches.push(changes.slice(i, i + SEARCH_SKUS));
  for (let i = 0; i < batches.length; i += IN_FLIGHT)
    await Promise.all(batches.slice(i, i + IN_FLIGHT).map(readBatch));
  await confirmLate(deps.db, confirmed);
  if (attention.length)
    await deps.db.execute(sql`update listings l set state = 'needs_attention', issues = a.issues
      from jsonb_to_recordset(${JSON.stringify(attention)}::jsonb) as a(id uuid, issues jsonb) where l.id = a.id`);
  if (drifts.length)
    await deps.db.execute(sql`update listings l set drift = d.drift
      from jsonb_to_recordset(${JSON.stringify(drifts)}::jsonb) as d(id uuid, drift jsonb) where l.id = d.id`);
  return { push, drifted: drifts.length, unread };
}

/**
 * The seller's answer to a drift. `overwrite`: Amazon's drifted figures become what we know is there
 * (only those: a quantity sync sent since, a sell-out's 0, stays ours), so the next
 * sync sends ours over them (and its history shows the change from Amazon's); nothing is kept from Amazon any
 * longer. `keep_amazon`: the same, and the drifted figures are kept as Amazon has them from then on.
 * False when the listing is not the user's; a listing without drift takes `overwrite` (sync takes over
 * its figures again) and `keep_amazon` as no change.
 */
export async function resolveDrift(
  db: Db,
  userId: string,
  inventoryId: string,
  code: string,
  choice: 'overwrite' | 'keep_amazon',
): Promise<boolean> {
  const keep = choice === 'keep_amazon';
  const rows = await db.execute<{ id: string }>(sql`
    update listings l set
      pushed_price = case when coalesce(l.drift -> 'fields' ? 'price', false)
                          then coalesce((l.drift -> 'amazon' ->> 'price')::float8, l.pushed_price)
                          else l.pushed_price end,
      pushed_quantity = case when coalesce(l.drift -> 'fields' ? 'quantity', false)
                             then coalesce((l.drift -> 'amazon' ->> 'quantity')::int, l.pushed_quantity)
                             else l.pushed_quantity end,
      kept_from_amazon = case when ${keep}
        then (select coalesce(jsonb_agg(distinct f), '[]'::jsonb)
                from jsonb_array_elements_text(l.kept_from_amazon || coalesce(l.drift -> 'fields', '[]'::jsonb)) f)
        else '[]'::jsonb end,
      drift = null
      from inventories i
     where i.id = l.inventory_id and i.user_id = ${userId}
       and l.inventory_id = ${inventoryId}::uuid and l.code = ${code}
    returning l.id`);
  return rows.rows.length > 0;
}
