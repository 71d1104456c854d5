import {
  PRICE_CEILING_DEFAULT,
  type ListingIssue,
  type ListingLeftOutReason,
  type RegionCode,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import type { Allowance } from '../../providers/marketplace/types';
import { sourceMaxAgeHours } from '../inventories';
import { codesWithoutDryRun } from './publishable-dry-run';
import type { ProductFacts } from './repo';

/** Why a product that could be priced and is available is still not sent, with what the seller reads. */
export type Exclusion = { reason: ListingLeftOutReason; issues: ListingIssue[] };

const issue = (code: string, detail: string): ListingIssue => ({
  code,
  message: detail,
  severity: 'ERROR',
  attribute_names: [],
});

type Facts = {
  code: string;
  cost_in_tc: number | null;
  buybox: number | null;
  other_inventory: string | null;
  pushed_before: boolean;
  /** A supplier-fed product's pack the seller has not confirmed (issue 62): `differs` or `unknown`. */
  pack_unconfirmed: 'differs' | 'unknown' | null;
  supplier_units: number | null;
};

/**
 * What the checks below need beyond ProductFacts: the landed cost, the selling side's buy box (its price
 * and shipping, in the selling currency, as the last lookup saw it), another of the seller's inventories
 * listing the product in this marketplace (the SKU is the seller's and the ASIN's: the same offer), and
 * whether this inventory ever pushed a price for it.
 */
async function factsOf(db: Db, inventory: Inventory, codes: string[]) {
  const marketplaceId = MARKETPLACES[inventory.to_country].id;
  const rows = await db.execute<Facts>(sql`
    select p.code, p.cost_in_tc,
           (nullif(p.snapshot -> 'row_to' -> 'buybox' ->> 'buy_price', ''))::float8
             + coalesce((nullif(p.snapshot -> 'row_to' -> 'buybox' ->> 'shipping_fee', ''))::float8, 0) as buybox,
           (select o.title from listings l join inventories o on o.id = l.inventory_id
             where l.user_id = ${inventory.user_id} and l.code = p.code and l.marketplace_id = ${marketplaceId}
               and l.inventory_id <> p.inventory_id and l.state <> 'removed'
             order by l.created_at limit 1) as other_inventory,
           -- A removed listing's old price is no reference: publishing it again is a first publish.
           exists (select 1 from listings l where l.inventory_id = p.inventory_id and l.code = p.code
                      and l.pushed_price is not null and l.state <> 'removed') as pushed_before,
           case when p.supplier_pack in ('differs', 'unknown') and p.pack_confirmed_at is null
                then p.supplier_pack end as pack_unconfirmed,
           p.supplier_units
      from inventory_products p
     where p.inventory_id = ${inventory.id}::uuid and p.code = any(${sql.param(codes)}::text[])`);
  return new Map(rows.rows.map((r) => [r.code, r]));
}

type Inventory = { id: string; user_id: string; from_country: RegionCode; to_country: RegionCode };

const money = (v: number) => v.toFixed(2);

/**
 * Products a dry run or publish leaves out though they are priced and available (issue 56), each with
 * its reason, in this order:
 * - `no_answer`: Amazon did not answer for a side at the last lookup (its figures are not Amazon's);
 * - `stale_source`: the source's lookup is older than the plan lets a listed source grow
 *   (inventories' `sourceMaxAgeHours`, the age sync takes a listing down at), so a report weeks old never
 *   publishes its buy price and stock;
 * - `listed_elsewhere`: another of the seller's inventories lists the product in this marketplace;
 * - `pack_unconfirmed`: bought from a supplier's list, Amazon's pack differs from the supplier's or is not
 *   known, and the seller has not confirmed the buy price it gives (issue 62): a multipack priced as a
 *   single would sell at a loss;
 * - `price_held`: a first publish (no price ever pushed, so the safety hold has nothing to compare with)
 *   above `priceCeiling` times the selling side's buy box, or the landed cost where there is no buy box;
 * - `no_dry_run` (a publish only, checked when it starts): no dry run of the last 24 hours gave the product
 *   Amazon's verdict.
 */
export async function publishableExclusions(
  deps: { db: Db; allowance?: Allowance; priceCeiling?: number },
  mode: 'preview' | 'publish',
  inventory: Inventory,
  products: ProductFacts[],
): Promise<Map<string, Exclusion>> {
  const out = new Map<string, Exclusion>();
  if (products.length === 0) return out;
  const [facts, staleHours] = await Promise.all([
    factsOf(
      deps.db,
      inventory,
      products.map((p) => p.code),
    ),
    sourceMaxAgeHours(deps.db, deps.allowance, {
      id: inventory.id,
      from: inventory.from_country,
      to: inventory.to_country,
    }),
  ]);
  const ceiling = deps.priceCeiling ?? PRICE_CEILING_DEFAULT;
  for (const p of products) {
    const f = facts.get(p.code);
    const unanswered = [
      p.cross_status === 'noanswer' && inventory.from_country,
      p.to_status === 'noanswer' && inventory.to_country,
    ].filter((c): c is RegionCode => typeof c === 'string');
    if (unanswered.length > 0) {
      const detail = unanswered.map((c) => c.toUpperCase()).join(', ');
      out.set(p.code, { reason: 'no_answer', issues: [issue('SOURCE_NO_ANSWER', detail)] });
    } else if (p.age_hours > staleHours) {
      const detail = String(Math.floor(p.age_hours));
      out.set(p.code, { reason: 'stale_source', issues: [issue('STALE_SOURCE', detail)] });
    } else if (f?.other_inventory) {
      out.set(p.code, {
        reason: 'listed_elsewhere',
        issues: [issue('LISTED_BY_OTHER_INVENTORY', f.other_inventory)],
      });
    } else if (f?.pack_unconfirmed) {
      const differs = f.pack_unconfirmed === 'differs';
      out.set(p.code, {
        reason: 'pack_unconfirmed',
        issues: [
          differs
            ? issue('SUPPLIER_PACK_DIFFERS', String(f.supplier_units ?? ''))
            : issue('SUPPLIER_PACK_UNKNOWN', ''),
        ],
      });
    } else if (f && !f.pushed_before && p.std_price !== null) {
      const byBuybox = f.buybox !== null && f.buybox > 0;
      const reference = byBuybox ? f.buybox! : f.cost_in_tc;
      if (reference !== null && reference > 0 && p.std_price > ceiling * reference) {
        const detail = `${money(p.std_price)} > ${ceiling} × ${money(reference)}`;
        const code = byBuybox ? 'PRICE_ABOVE_BUYBOX_CEILING' : 'PRICE_ABOVE_COST_CEILING';
        out.set(p.code, { reason: 'price_held', issues: [issue(code, detail)] });
      }
    }
  }
  if (mode === 'publish') {
    // The route checked the dry run when the publish was asked for; what it will send now may differ
    // (products became available, verdicts aged): each product sent must have Amazon's verdict now.
    const sendable = products.map((p) => p.code).filter((code) => !out.has(code));
    for (const code of await codesWithoutDryRun(deps.db, inventory.id, sendable, true))
      out.set(code, { reason: 'no_dry_run', issues: [issue('DRY_RUN_MISSING', '24')] });
  }
  return out;
}
