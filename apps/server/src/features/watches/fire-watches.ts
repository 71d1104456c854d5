import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { watchingAccount } from './watching-accounts';

/** What a watch needs of an observation (features/history's rows give it). */
export interface Seen {
  marketplace: string;
  asin: string;
  inStock?: boolean | null;
  buyboxCents?: number | null;
  lowestNewCents?: number | null;
  currency: string;
}

/**
 * Fires the watches a batch of observations satisfies, in one statement beside the batch's INSERT: a
 * notification per watch at most once a UTC day (the unique index; a second answer the same day does
 * nothing), and each watch's `last_in_stock` moved on, so "back in stock" fires on the change only. The
 * price is the buy box, else the lowest new offer; "buy box at or above" reads the buy box alone. The
 * conditions on the seller's own data (profit, restriction) fire from `fire-seller-watches.ts`. Only the
 * watches of accounts watches work for fire (`watchingAccount`). Answers how many fired.
 */
export async function fireWatches(db: Db, seen: readonly Seen[]): Promise<number> {
  if (seen.length === 0) return 0;
  const rows = seen.map((s) => ({
    marketplace: s.marketplace,
    asin: s.asin,
    in_stock: s.inStock ?? null,
    price_cents: s.buyboxCents ?? s.lowestNewCents ?? null,
    buybox_cents: s.buyboxCents ?? null,
    currency: s.currency,
  }));
  const done = await db.execute<{ fired: number }>(sql`
    with o as (
      select distinct on (marketplace, asin) * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as o(marketplace text, asin text, in_stock boolean, price_cents integer, buybox_cents integer,
             currency text)
      order by marketplace, asin
    ),
    hit as (
      select w.id, w.user_id, w.marketplace, w.asin, w.condition, o.currency,
             case when w.condition = 'buybox_at_or_above' then o.buybox_cents else o.price_cents end
               as price_cents
      from watches w join o on o.marketplace = w.marketplace and o.asin = w.asin
      where ((w.condition = 'price_at_or_below' and o.price_cents <= w.threshold_cents)
         or (w.condition = 'buybox_at_or_above' and o.buybox_cents >= w.threshold_cents)
         or (w.condition = 'back_in_stock' and o.in_stock and w.last_in_stock = false)
         or (w.condition = 'out_of_stock' and o.in_stock = false and w.last_in_stock is distinct from false))
        and ${watchingAccount(sql.raw('w.user_id'))}
    ),
    fired as (
      insert into notifications (user_id, watch_id, fired_on, marketplace, asin, condition, price_cents, currency)
      select user_id, id, (now() at time zone 'UTC')::date, marketplace, asin, condition, price_cents, currency
      from hit
      on conflict (watch_id, fired_on) do nothing
      returning id
    ),
    moved as (
      update watches w set last_in_stock = o.in_stock from o
      where w.marketplace = o.marketplace and w.asin = o.asin and o.in_stock is not null
        and w.last_in_stock is distinct from o.in_stock
      returning w.id
    )
    select (select count(*) from fired)::int as fired`);
  return Number(done.rows[0]?.fired ?? 0);
}
