import {
  amazonRegionOfCountry,
  REGION_CODES,
  type ListingDrift,
  type ParityJump,
  type RegionCode,
  type Settings,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiError } from '../../http/errors';
import type { ListingIssue as AmazonIssue } from '../../providers/seller-store';
import type { HoldKind } from './safety';

/** Amazon's issue as the API shows it. */
export const toIssue = (i: AmazonIssue) => ({
  code: i.code,
  message: i.message,
  severity: i.severity,
  attribute_names: i.attributeNames ?? [],
});

export type OwnedInventory = {
  id: string;
  user_id: string;
  from_country: RegionCode;
  to_country: RegionCode;
  settings: Settings;
  enabled: boolean;
  paused: boolean;
  account_paused: boolean;
  /** The seller's shipping template for this inventory's offers; null: Amazon's default. */
  shipping_template: string | null;
  hold: {
    at: string;
    changed: number;
    total: number;
    /** Quantities the held run would take to 0, or back from 0 (absent on holds older than issue 56). */
    zeroed?: number;
    restocked?: number;
    kinds?: HoldKind[];
    /** What exactly was held (safety.ts): a release lets that run go, and no later one. */
    fingerprint?: string;
    released?: boolean;
    parity?: ParityJump;
  } | null;
  /** An Auto parity an update moved far (inventories' run-rates.ts), until released or re-priced. */
  parity_jump: (ParityJump & { at: string }) | null;
};

/** Whether the seller has paused every write to their Amazon account (the account-wide switch). */
export async function accountListingsPaused(db: Db, userId: string): Promise<boolean> {
  const rows = await db.execute<{ paused: boolean }>(
    sql`select coalesce(listings_paused, false) as paused from user_data where user_id = ${userId}`,
  );
  return rows.rows[0]?.paused ?? false;
}

/** Turns the account-wide pause on or off (the session's own account). */
export async function setAccountListingsPaused(db: Db, userId: string, paused: boolean) {
  await db.execute(sql`update user_data set listings_paused = ${paused} where user_id = ${userId}`);
  return { paused: await accountListingsPaused(db, userId) };
}

/**
 * The account-wide pause stops every write to Amazon, the seller's own requests included (publish, retry,
 * the removal of a listed product): it is the switch a seller reaches for when something is wrong.
 */
export const listingsPaused = () => apiError(409, 'listings_paused', 'apiErrors.listingsPaused');

/** The user's inventory with its sync flags; undefined when it is not theirs. */
export async function ownedInventory(db: Db, userId: string | null, id: string) {
  const rows = await db.execute<OwnedInventory>(sql`
    select i.id, i.user_id, i.from_country, i.to_country, i.settings, i.listing_sync_enabled as enabled,
           i.listing_sync_paused as paused, coalesce(d.listings_paused, false) as account_paused,
           i.listing_hold as hold, i.listing_shipping_template as shipping_template,
           i.parity_jump
      from inventories i left join user_data d on d.user_id = i.user_id
     where i.id = ${id}::uuid ${userId === null ? sql`` : sql`and i.user_id = ${userId}`}`);
  return rows.rows[0];
}

// A run and its per-product results live in run-results.ts; publish and its tests reach them from here.
export { claimRun, finishRun, insertRun, saveRunProgress } from './run-results';

/** The Amazon region of the inventory's selling country, as SQL (the domain's map). */
const sellingRegion = sql`case i.to_country ${sql.join(
  REGION_CODES.map((c) => sql`when ${c} then ${amazonRegionOfCountry(c)}`),
  sql` `,
)} end`;

/** What a push needs of an inventory product: its prices and stock, source state, and kept restriction. */
export type ProductFacts = {
  code: string;
  available: boolean | null;
  min_price: number | null;
  std_price: number | null;
  max_price: number | null;
  stock: number | null;
  /** The buying side's status in the last snapshot (`nostock`: the source sold out; `noanswer`). */
  cross_status: string | null;
  to_status: string | null;
  /** Hours since the product's source was last refreshed (an update), or since it was added. */
  age_hours: number;
  restriction: string | null;
  /**
   * A supplier-fed product whose Amazon pack differs from the supplier's or is unknown, not confirmed by
   * the seller (issue 62): it may not sell until they confirm the buy price that pack gives.
   */
  pack_unconfirmed: boolean;
};

export async function productFacts(
  db: Db,
  inventoryId: string,
  codes: string[] | null,
): Promise<ProductFacts[]> {
  const rows = await db.execute<ProductFacts>(sql`
    select p.code, p.available, p.min_price, p.std_price, p.max_price, p.stock,
           p.snapshot -> 'row_cross' ->> 'status' as cross_status,
           p.snapshot -> 'row_to' ->> 'status' as to_status,
           extract(epoch from now() - coalesce(p.updated_at, p.created_at)) / 3600 as age_hours,
           (select r.state from amazon_connections c
              join listing_restrictions r on r.user_id = c.user_id and r.selling_partner_id = c.selling_partner_id
                   and r.country = i.to_country and r.asin = p.code
             where c.user_id = p.user_id and c.region = ${sellingRegion} and c.status = 'connected'
             limit 1) as restriction,
           coalesce(p.supplier_pack in ('differs', 'unknown') and p.pack_confirmed_at is null, false)
             as pack_unconfirmed
      from inventory_products p join inventories i on i.id = p.inventory_id
     where p.inventory_id = ${inventoryId}::uuid
       ${codes === null ? sql`` : sql`and p.code = any(${sql.param(codes)}::text[])`}
     order by p.code`);
  return rows.rows.map((r) => ({ ...r, age_hours: Number(r.age_hours) }));
}

export type ListingRow = {
  id: string;
  code: string;
  sku: string;
  marketplace_id: string;
  state: 'pending' | 'live' | 'needs_attention' | 'removed';
  pushed_price: number | null;
  pushed_min_price: number | null;
  pushed_max_price: number | null;
  pushed_quantity: number | null;
  pushed_at: Date | string | null;
  issues: AmazonIssue[];
  drift: ListingDrift | null;
  kept_from_amazon: ('price' | 'quantity')[];
};

export async function inventoryListings(db: Db, inventoryId: string): Promise<ListingRow[]> {
  const rows = await db.execute<ListingRow>(sql`
    select id, code, sku, marketplace_id, state, pushed_price, pushed_min_price, pushed_max_price,
           pushed_quantity, pushed_at, issues, drift, kept_from_amazon
      from listings where inventory_id = ${inventoryId}::uuid order by code`);
  return rows.rows;
}

/** A listing's row after a submission: created at the first publish, its state and issues kept after. */
export async function saveListing(
  db: Db,
  row: {
    inventoryId: string;
    userId: string;
    code: string;
    sku: string;
    marketplaceId: string;
    state: ListingRow['state'];
    issues: AmazonIssue[];
    pushed?: { price: number | null; min: number | null; max: number | null; quantity: number | null };
  },
): Promise<string> {
  const p = row.pushed;
  const rows = await db.execute<{ id: string }>(sql`
    insert into listings (inventory_id, user_id, code, sku, marketplace_id, state, issues,
                          pushed_price, pushed_min_price, pushed_max_price, pushed_quantity, pushed_at)
    values (${row.inventoryId}::uuid, ${row.userId}, ${row.code}, ${row.sku}, ${row.marketplaceId}, ${row.state},
            ${JSON.stringify(row.issues)}::jsonb, ${p?.price ?? null}, ${p?.min ?? null}, ${p?.max ?? null},
            ${p?.quantity ?? null}, ${p ? sql`now()` : null})
    on conflict (inventory_id, code, marketplace_id) do update set
      state = excluded.state, issues = excluded.issues,
      pushed_price = ${p ? sql`excluded.pushed_price` : sql`listings.pushed_price`},
      pushed_min_price = ${p ? sql`excluded.pushed_min_price` : sql`listings.pushed_min_price`},
      pushed_max_price = ${p ? sql`excluded.pushed_max_price` : sql`listings.pushed_max_price`},
      pushed_quantity = ${p ? sql`excluded.pushed_quantity` : sql`listings.pushed_quantity`},
      pushed_at = ${p ? sql`excluded.pushed_at` : sql`listings.pushed_at`}
    returning id`);
  return rows.rows[0]!.id;
}

/** What a read-back of the listing found: its state and Amazon's current issues. */
export async function setListingState(
  db: Db,
  inventoryId: string,
  code: string,
  state: ListingRow['state'],
  issues: AmazonIssue[],
) {
  await db.execute(sql`update listings set state = ${state}, issues = ${JSON.stringify(issues)}::jsonb
    where inventory_id = ${inventoryId}::uuid and code = ${code}`);
}

/** One push, kept as the listing's history. */
export async function logPush(
  db: Db,
  push: {
    listingId: string;
    sku: string;
    oldPrice: number | null;
    newPrice: number | null;
    oldQuantity: number | null;
    newQuantity: number | null;
    reason: string;
    status: string;
    submissionId: string | null;
  },
) {
  await db.execute(sql`insert into listing_pushes (listing_id, sku, old_price, new_price, old_quantity,
    new_quantity, reason, status, submission_id) values (${push.listingId}::uuid, ${push.sku}, ${push.oldPrice},
    ${push.newPrice}, ${push.oldQuantity}, ${push.newQuantity}, ${push.reason}, ${push.status}, ${push.submissionId})`);
}

/** A listing's pushes, newest first; undefined when the inventory is not the user's. */
export async function listingHistory(db: Db, userId: string, id: string, code: string) {
  if (!(await ownedInventory(db, userId, id))) return undefined;
  const rows = await db.execute<{
    old_price: number | null;
    new_price: number | null;
    old_quantity: number | null;
    new_quantity: number | null;
    reason: string;
    status: string;
    submission_id: string | null;
    at: Date | string;
  }>(sql`select h.old_price, h.new_price, h.old_quantity, h.new_quantity, h.reason, h.status, h.submission_id, h.at
           from listing_pushes h join listings l on l.id = h.listing_id
          where l.inventory_id = ${id}::uuid and l.code = ${code}
          order by h.at desc, h.id desc limit 200`);
  return { pushes: rows.rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })) };
}

/** PUT …/listings/sync; false when the inventory is not the user's. */
export async function setSync(
  db: Db,
  userId: string,
  id: string,
  input: { enabled: boolean; paused?: boolean; release_hold?: boolean },
) {
  const rows = await db.execute<{ id: string }>(sql`
    update inventories set listing_sync_enabled = ${input.enabled},
      listing_sync_paused = ${input.paused ?? sql`listing_sync_paused`},
      listing_hold = case when ${input.release_hold ?? false} and listing_hold is not null
                          then listing_hold || '{"released": true}'::jsonb else listing_hold end
     where id = ${id}::uuid and user_id = ${userId} returning id`);
  return rows.rows.length > 0;
}
