import fs from 'node:fs';
import path from 'node:path';
import { makeOffer, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, inventoryProducts } from '../src/db/schema';
import { applyPriceCheck, FULL } from '../src/features/inventories/light-refresh';
import { updateInventory } from '../src/features/inventories/update-inventory';
import {
  nextScheduledRun,
  planRun,
  PLAN_UTILISATION,
  refreshEta,
} from '../src/features/inventories/update-plan';
import { createSandboxMarketplace } from '../src/providers/marketplace/sandbox';
import { createSpapiClient } from '../src/providers/marketplace/spapi/client';
import { toPriceCheck } from '../src/providers/marketplace/spapi/competitive-pricing';
import { createSpapiMarketplace, SPAPI_ALLOWANCE } from '../src/providers/marketplace/spapi/provider';
import type { PacerFactory } from '../src/providers/marketplace/spapi/pacing';
import { postgresPacing } from '../src/providers/marketplace/spapi/shared-pacing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { insertReportOwner } from './helpers/reports';
import { recordGrants } from './helpers/spapi-client';
import { AMAZON_DEFAULT_LIMITS, startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

const DAY = 86_400;

/** Each authorisation's own operation buckets' grants, keyed `seller|operation` (the updates' lane left out). */
const noteAllGrants = (factory: PacerFactory, grants: Map<string, number[]>): PacerFactory =>
  recordGrants(factory, (key) => {
    if (key.operation.includes(':')) return undefined;
    const name = `${key.seller}|${key.operation}`;
    if (!grants.has(name)) grants.set(name, []);
    return grants.get(name);
  });
const pricingFixture = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'fixtures/spapi/competitive-pricing.json'), 'utf8'),
);

describe("the plan's arithmetic at Amazon's default rates", () => {
  it('gives updates getCompetitivePricing whole and half of getItemOffersBatch, per seller authorisation', () => {
    // 0.5 calls/s × 20 ASINs; 0.1 calls/s × 20 ASINs × the updates' half.
    expect(SPAPI_ALLOWANCE.lightPerSecond).toBe(10);
    expect(SPAPI_ALLOWANCE.fullPerSecond).toBe(1);
    expect(SPAPI_ALLOWANCE.account('us')).toBe(SPAPI_ALLOWANCE.account('ca'));
    expect(SPAPI_ALLOWANCE.account('us')).not.toBe(SPAPI_ALLOWANCE.account('uk'));
  });

  it('refreshes a 3XL inventory (200,000 products, US to CA) whole every day when it is alone', () => {
    const xxxl = { from: 'us' as const, to: 'ca' as const, products: 200_000 };
    const plan = planRun(xxxl, [xxxl], SPAPI_ALLOWANCE);
    // Both countries draw on the NA authorisation: 400,000 checks against 10 × 86,400 × 0.9 = 777,600.
    expect(plan).toEqual({ fraction: 1, perRun: 200_000, fullPerRun: 38_880, runSeconds: 40_000 });
    // Full lookups: 1 × 86,400 × 0.9 = 77,760 a day over 400,000 sides → 19.44 % of the products.
    expect(plan.fullPerRun).toBe(Math.floor(200_000 * ((1 * DAY * PLAN_UTILISATION) / 400_000)));
  });

  it('shares the allowance by fraction when five 3XL inventories draw on one authorisation', () => {
    const one = { from: 'us' as const, to: 'ca' as const, products: 200_000 };
    const plan = planRun(one, [{ ...one, products: 1_000_000 }], SPAPI_ALLOWANCE);
    expect(plan.fraction).toBeCloseTo(777_600 / 2_000_000, 10);
    expect(plan.perRun).toBe(77_760);
    // Five runs a day check 5 × 77,760 × 2 = 777,600 products: the day's capacity, never more.
    expect(5 * plan.perRun * 2).toBeLessThanOrEqual(SPAPI_ALLOWANCE.lightPerSecond * DAY);
    const now = new Date('2026-11-23T12:00:00Z');
    const eta = refreshEta({ products: 200_000, status: 'done', startedAt: null }, plan, now)!;
    // Three runs (77,760 × 3 ≥ 200,000), the first at 04:15 Istanbul (01:15 UTC) tomorrow.
    expect(eta.toISOString()).toBe(
      new Date(Date.parse('2026-11-24T01:15:00Z') + (2 * DAY + plan.runSeconds) * 1000).toISOString(),
    );
  });

  it('plans nothing for the sandbox: every product every run', () => {
    expect(planRun({ from: 'us', to: 'ca', products: 500 }, [], undefined)).toEqual({
      fraction: 1,
      perRun: 500,
      fullPerRun: 500,
      runSeconds: 0,
    });
    expect(nextScheduledRun(new Date('2026-11-23T01:14:00Z')).toISOString()).toBe('2026-11-23T01:15:00.000Z');
  });
});

describe("a light check from Amazon's getCompetitivePricing example", () => {
  it('reads the new buy box and new offer count, and marks what needs a full lookup', () => {
    const item = pricingFixture.payload[0];
    const check = toPriceCheck('B00V5DG6IQ', item, 0.13);
    // The model's example: listing 130, shipping 120, 20 new offer listings.
    expect(check).toEqual({
      product_id: 'B00V5DG6IQ',
      status: 'ok',
      buybox: { seller_id: null, buy_price: 130, shipping_fee: 120, import_fee: 16.9 },
      new_offers: 20,
    });
    const last = makeSide({ buybox: makeOffer({ seller_id: 'A1SELLER', buy_price: 10 }) });
    expect(applyPriceCheck(last, check, false)).toMatchObject({
      status: 'ok',
      buybox: { buy_price: 130, shipping_fee: 120, seller_id: 'A1SELLER' },
      total_prices_count: 20,
    });
    // A buybox_store rule needs the winner, which this answer does not name.
    expect(applyPriceCheck(last, check, true)).toBe(FULL);
    // Offers but no buy box: pricing would use the lowest offer, which a light check does not carry.
    const noBox = toPriceCheck(
      'B1',
      {
        ...item,
        Product: {
          ...item.Product,
          CompetitivePricing: {
            ...item.Product.CompetitivePricing,
            CompetitivePrices: [],
          },
        },
      },
      0,
    );
    expect(applyPriceCheck(last, noBox, false)).toBe(FULL);
    expect(applyPriceCheck(last, toPriceCheck('B2', { status: 'ClientError' }, 0), false)).toBe(FULL);
    expect(applyPriceCheck(makeSide({ status: 'dog' }), check, false)).toBe(FULL);
  });
});

describe("the sandbox's light check", () => {
  it('means what a full lookup of the same product says: new buy box, new offers, unknown products', async () => {
    // The selling side: the sandbox has products without stock only there.
    const sandbox = createSandboxMarketplace();
    const ids = Array.from({ length: 300 }, (_, i) => `B${String(i).padStart(9, '0')}`);
    const [full, light] = await Promise.all([
      sandbox.lookup(ids, 'ca', { shipTo: 'ca' }),
      sandbox.refreshPrices!(ids, 'ca', { shipTo: 'ca' }),
    ]);
    const statuses = new Set<string>();
    full.forEach((f, i) => {
      const check = light[i]!;
      statuses.add(check.status);
      expect(check.product_id).toBe(f.product_id);
      if (f.side.status === 'dog') return expect(check.status).toBe('unknown');
      expect(check.status).toBe(f.offers.length > 0 ? 'ok' : 'nostock');
      expect(check.new_offers).toBe(f.side.total_prices_count);
      expect(check.buybox?.buy_price ?? null).toBe(f.side.buybox?.buy_price ?? null);
      expect(check.buybox?.import_fee ?? null).toBe(f.side.buybox?.import_fee ?? null);
    });
    expect(statuses).toEqual(new Set(['ok', 'nostock', 'unknown']));
  });
});

describe("an inventory update with the SP-API provider at Amazon's default rates", () => {
  let database: TestDatabase;
  let na: SpapiStandIn;
  let eu: SpapiStandIn;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two seller authorisations (NA and EU), each with its own allowance: one stand-in each.
    [na, eu] = await Promise.all([startSpapiStandIn(), startSpapiStandIn()]);
    await insertReportOwner(database.db, 'planner', 'planner@example.com', 'Planner');
  });
  afterAll(async () => {
    await Promise.all([na.close(), eu.close()]);
    await database.destroy();
  });

  it('checks the stalest, then dearest, products within the run budget and leaves the rest as they were', async () => {
    expect(na.limits).toEqual(AMAZON_DEFAULT_LIMITS);
    // 50 products, US to UK: one check per product on each authorisation. A 2.5-second "day" makes the
    // allowance tight: 10/s × 2.5 s × 0.9 = 22.5 checks for 50 products → 22 a run; full lookups
    // 1/s × 2.5 s × 0.9 = 2.25 → 2 a run.
    const period = 2.5;
    const codes = [
      'BNOBB00001',
      'BNOBB00002',
      'BNOBB00003',
      ...Array.from({ length: 47 }, (_, i) => `BINV${String(i).padStart(6, '0')}`),
    ];
    const [inventory] = await database.db
      .insert(inventories)
      .values({
        userId: 'planner',
        title: 'US to UK',
        fromCountry: 'us',
        toCountry: 'uk',
        settings: { ...makeSettings(), handling_time: 2 },
        updateStatus: 'queued',
        updateQueuedAt: new Date(),
      })
      .returning();
    const side = makeSide({ buybox: makeOffer({ seller_id: 'A1SELLER', buy_price: 10 }) });
    const hour = (i: number) => new Date(Date.UTC(2026, 10, 1, i));
    // Product i was refreshed at hour i (the first the stalest), except that the 22nd and 23rd share an
    // hour and the 23rd is dearer: it goes first.
    await database.db.insert(inventoryProducts).values(
      codes.map((code, i) => ({
        inventoryId: inventory!.id,
        userId: 'planner',
        code,
        snapshot: { row_cross: side, row_to: side },
        available: true,
        stdPrice: i === 22 ? 99 : 20,
        stock: 5,
        updatedAt: hour(i === 22 ? 21 : i),
      })),
    );
    const before = await products(inventory!.id);

    const grants = new Map<string, number[]>();
    const started = performance.now();
    const client = createSpapiClient({
      credentials: {
        clientId: 'amzn1.application-oa2-client.test',
        clientSecret: 'secret',
        refreshTokens: { na: 'Atzr|na', eu: 'Atzr|eu' },
      },
      endpoints: { na: na.url, eu: eu.url },
      lwaUrl: na.lwaUrl,
      backoffMs: 20,
      pacing: noteAllGrants(postgresPacing(database.db), grants),
    });
    const marketplace = createSpapiMarketplace(client);
    const outcome = await updateInventory(
      {
        db: database.db,
        marketplace,
        logger: pino({ level: 'silent' }),
        leaseSeconds: 60,
        owner: 'planner-worker',
        periodSeconds: period,
      },
      inventory!.id,
    );
    expect(outcome).toBe('done');
    const plan = planRun({ from: 'us', to: 'uk', products: 50 }, [], SPAPI_ALLOWANCE, period);
    expect(plan).toMatchObject({ perRun: 22, fullPerRun: 2 });

    // Each authorisation's tokens were granted within Amazon's default rates: the burst, then the rate,
    // timed so that a busy machine can only widen the allowance seen.
    expect(grants.size).toBeGreaterThanOrEqual(2);
    for (const [key, at] of grants) {
      const { rate, burst } = AMAZON_DEFAULT_LIMITS[key.split('|')[1] as keyof typeof AMAZON_DEFAULT_LIMITS]!;
      at.forEach((t, i) =>
        expect(i + 1, `${key}: grant ${i + 1} at ${Math.round(t - started)} ms`).toBeLessThanOrEqual(
          burst + (rate * (t - started)) / 1000,
        ),
      );
    }
    for (const stand of [na, eu]) {
      // Never refused. Paced as above, so never throttled, but for an arrival a stalled event loop on a
      // shared machine bunched with the next one on the way: once at most, and asked again.
      expect(stand.refused).toEqual([]);
      for (const n of Object.values(stand.throttled)) expect(n).toBeLessThanOrEqual(1);
      const answered = (op: keyof typeof stand.arrivals) => stand.arrivals[op].length - stand.throttled[op];
      // 22 checks in 20 + 2: two calls; within the period's allowance on this authorisation.
      expect(answered('getCompetitivePricing')).toBe(2);
      expect(plan.perRun).toBeLessThanOrEqual(SPAPI_ALLOWANCE.lightPerSecond * period * PLAN_UTILISATION);
      // Two products with no buy box got a full lookup, in one call; the third waits for the next run.
      expect(answered('getItemOffersBatch')).toBe(1);
      expect(['BNOBB00001', 'BNOBB00002', 'BNOBB00003'].map(stand.offersAsked)).toEqual([1, 1, 0]);
      // Nothing past the run's 22 was asked for.
      expect(stand.pricingAsked('BINV000019')).toBe(1);
      expect(stand.pricingAsked('BINV000018')).toBe(0);
      expect(stand.pricingAsked('BINV000020')).toBe(0);
    }

    const after = await products(inventory!.id);
    const refreshed = codes.filter((c) => after.get(c)!.updated_at !== before.get(c)!.updated_at);
    // The 22 stalest, the dearer of the shared hour before the other, less the one left for a full lookup.
    expect(refreshed).toEqual([...codes.slice(0, 2), ...codes.slice(3, 21), codes[22]!]);
    for (const code of codes.filter((c) => !refreshed.includes(c)))
      expect(after.get(code)).toEqual(before.get(code));
    // Re-priced from the light check's buy box (the model's example: 130 + 120 shipping).
    const snapshot = after.get('BINV000000')!.snapshot as { row_cross: { buybox: { buy_price: number } } };
    expect(snapshot.row_cross.buybox.buy_price).toBe(130);

    // The updates' share of getItemOffersBatch has a bucket of its own, at half Amazon's announced rate.
    const lanes = await database.db.execute<{ operation: string; rate: number }>(
      sql`select operation, rate from spapi_pacing where operation like 'getItemOffersBatch%' order by 1`,
    );
    expect(lanes.rows.map((r) => [r.operation, r.rate])).toEqual(
      expect.arrayContaining([
        ['getItemOffersBatch', 0.1 * 0.97],
        ['getItemOffersBatch:update', 0.1 * 0.97 * 0.5],
      ]),
    );
  });

  async function products(inventoryId: string) {
    const rows = await database.db.execute<{
      code: string;
      std_price: number | null;
      updated_at: string;
      snapshot: unknown;
    }>(sql`select code, std_price, updated_at::text, snapshot from inventory_products
            where inventory_id = ${inventoryId}::uuid`);
    return new Map(rows.rows.map((r) => [r.code, r]));
  }
});
