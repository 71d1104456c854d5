import type { ResultRow, SellerOffer } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectJson, jsonHeaders } from './helpers/auth';
import { alice, app, bob, database, setUpInventories } from './helpers/inventories';
import { productIds, sendUsToCaReport } from './helpers/reports';

// Issue 45, item 5: a trial seller's first sandbox report must look like a real list on the default
// lane (reship, no rate card), not 4 of 300 products worth buying because a US$19.64 item carried
// US$68.01 of cross-border shipping.

// Two subscribed sellers on a database of this file's own; a 300-product report needs plan L.
setUpInventories({ plan: 'L' });

async function allRows(cookie: string, reportId: string): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  for (let page = 1; ; page++) {
    const res = await injectJson(app, 'POST', '/v1/filters', cookie, {
      report_id: reportId,
      limit: 100,
      page,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: ResultRow[]; filtered_count: number }>();
    rows.push(...body.data);
    if (rows.length >= body.filtered_count || body.data.length === 0) return rows;
  }
}

/** Every buying-side offer the report kept. */
async function buyingOffers(reportId: string): Promise<SellerOffer[]> {
  const result = await database.db.execute<{ offers: SellerOffer[] | null }>(
    sql`select offers from product_offers where report_id = ${reportId}::uuid and side = 'cross'`,
  );
  return result.rows.flatMap((r) => r.offers ?? []);
}

describe('a sandbox report on the default lane', () => {
  it('shows the spread of a real list: a minority worth buying, most not, a few clear winners', async () => {
    const id = await sendUsToCaReport(app, database.db, alice, 'Spread', productIds(300, 'SPREAD'));
    const rows = await allRows(alice, id);
    expect(rows).toHaveLength(300);
    const pprs = rows.map((r) => r.fbm?.profit_percent.buybox ?? null).filter((p): p is number => p !== null);
    // About nine in ten have both sides (the sandbox's status shares) and a buy box to price at.
    expect(pprs.length).toBeGreaterThan(200);
    const share = (keep: (p: number) => boolean) => pprs.filter(keep).length / pprs.length;
    // Arbitrage scans find roughly one product in ten to one in three worth a look, before the seller's
    // own shipping costs: fewer would read as a broken tool, many more as a fantasy.
    expect(share((p) => p >= 0)).toBeGreaterThan(0.1);
    expect(share((p) => p >= 0)).toBeLessThan(0.4);
    // The clear winners (a product scarce in Canada) exist but stay a few percent.
    expect(pprs.filter((p) => p > 30).length).toBeGreaterThanOrEqual(3);
    expect(share((p) => p > 30)).toBeLessThan(0.12);
    // Most lose, and not absurdly: the median is a modest loss, not a parcel costing more than the goods.
    const sorted = [...pprs].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    expect(median).toBeLessThan(0);
    expect(median).toBeGreaterThan(-40);

    const offers = await buyingOffers(id);
    expect(offers.length).toBeGreaterThan(300);
    // Shipping follows fulfilment: Amazon ships its own offers free.
    expect(offers.filter((o) => o.is_fba && o.shipping_fee !== 0)).toEqual([]);
    // A reship lane buys for delivery in the US (the forwarder): no import-fee deposit, home shipping.
    expect(offers.filter((o) => o.import_fee !== 0)).toEqual([]);
    const merchant = offers.filter((o) => !o.is_fba);
    expect(merchant.some((o) => o.shipping_fee === 0)).toBe(true);
    expect(merchant.some((o) => o.shipping_fee > 0)).toBe(true);
    for (const row of rows) {
      const box = row.row_cross.buybox;
      if (box?.buy_price == null) continue;
      // Never the cross-border fee of a 130 lb parcel on a cheap product.
      expect(box.shipping_fee ?? 0, row.product_id).toBeLessThanOrEqual(Math.max(10, box.buy_price));
    }
  });

  it('quotes the import fee and the shipping to the buyer when the source ships', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/lanes/us/ca',
      headers: jsonHeaders(bob),
      payload: { route: 'source_ships' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = await sendUsToCaReport(app, database.db, bob, 'Source ships', productIds(40, 'SRC'));
    const offers = await buyingOffers(id);
    expect(offers.filter((o) => o.is_fba && o.shipping_fee !== 0)).toEqual([]);
    // Canada's import fee (13 % of the price) on the offers shipped to the buyer.
    const quoted = offers.filter((o) => o.import_fee > 0);
    expect(quoted.length).toBeGreaterThan(offers.length / 2);
    for (const o of quoted) expect(o.import_fee).toBeCloseTo(o.buy_price * 0.13, 1);
    // A merchant charges the cross-border shipping (none only where the product does not ship there).
    const merchant = offers.filter((o) => !o.is_fba);
    expect(merchant.filter((o) => o.shipping_fee > 0).length).toBeGreaterThan(merchant.length * 0.8);
  });
});
