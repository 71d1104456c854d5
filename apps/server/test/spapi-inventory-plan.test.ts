import fs from 'node:fs';
import path from 'node:path';
import { amazonRegionOfCountry } from '@crossmarket/domain';
import { makeOffer, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, inventoryProducts } from '../src/db/schema';
import { applyPriceCheck, FULL } from '../src/features/inventories/light-refresh';
import { updateInventory } from '../src/features/inventories/update-inventory';
import { findInventory } from '../src/features/inventories/repo';
import {
  loadDemand,
  nextScheduledRun,
  planRun,
  PLAN_UTILISATION,
  refreshEta,
} from '../src/features/inventories/update-plan';
import { baselineSandbox } from './helpers/sandbox';
import { createSpapiClient } from '../src/providers/marketplace/spapi/client';
import { toPriceCheck } from '../src/providers/marketplace/spapi/competitive-pricing';
import { createSpapiMarketplace, SPAPI_ALLOWANCE } from '../src/providers/marketplace/spapi/provider';
import type { PacerFactory } from '../src/providers/marketplace/spapi/pacing';
import type { LookupAccounts } from '../src/providers/marketplace/types';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import { postgresPacing } from '../src/providers/marketplace/spapi/shared-pacing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { insertReportOwner } from './helpers/reports';
import { recordGrants } from './helpers/spapi-client';
import { AMAZON_DEFAULT_LIMITS, startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

const DAY = 86_400;

/** The user's own authorisation in every region (one refresh token per region), as Settings → Amazon gives. */
const ownAccounts = (userId: string): LookupAccounts => ({
  forUser: async (_user, country) => ({
    kind: 'own',
    account: {
      own: { sellingPartnerId: 'A1PLANNER', refreshToken: `Atzr|own-${amazonRegionOfCountry(country)}` },
      tenant: userId,
    },
  }),
  revoked: async () => {},
});

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
  it('gives updates both light checks whole and half of getItemOffersBatch, per seller authorisation', () => {
    // getCompetitivePricing 0.5 calls/s × 20 ASINs (selling sides the seller lists); getCompetitiveSummary
    // 0.033 calls/s × 20 ASINs (every other side); getItemOffersBatch 0.1 calls/s × 20 ASINs × the
    // updates' half.
    expect(SPAPI_ALLOWANCE.listedPerSecond).toBe(10);
    expect(SPAPI_ALLOWANCE.summaryPerSecond).toBeCloseTo(0.66, 10);
    expect(SPAPI_ALLOWANCE.fullPerSecond).toBe(1);
    expect(SPAPI_ALLOWANCE.account('us')).toBe(SPAPI_ALLOWANCE.account('ca'));
    expect(SPAPI_ALLOWANCE.account('us')).not.toBe(SPAPI_ALLOWANCE.account('uk'));
  });

  it('refreshes a 3XL inventory the seller lists (200,000 products, US to CA) in four days when alone', () => {
    const xxxl = { from: 'us' as const, to: 'ca' as const, products: 200_000, listed: 200_000 };
    const plan = planRun(xxxl, [xxxl], SPAPI_ALLOWANCE);
    // Selling sides: 200,000 of 10 × 86,400 × 0.9 = 777,600 getCompetitivePricing checks a day, enough.
    // Buying sides: 0.66 × 86,400 × 0.9 = 51,321.6 getCompetitiveSummary checks a day → 25.66 % a run.
    const buyingPerDay = SPAPI_ALLOWANCE.summaryPerSecond * DAY * PLAN_UTILISATION;
    expect(plan.fraction).toBeCloseTo(buyingPerDay / 200_000, 10);
    expect(plan.perRun).toBe(51_321);
    expect(Math.ceil(200_000 / plan.perRun)).toBe(4);
    // Full lookups: 1 × 86,400 × 0.9 = 77,760 a day over 400,000 sides → 19.44 % of the products; half
    // renews old ones: 19,440 a day, every product in 11 runs (10.3); seen every 4 days, a product is
    // renewed at the visit before it would pass 12 days.
    expect(plan.fullPerRun).toBe(Math.floor(200_000 * ((1 * DAY * PLAN_UTILISATION) / 400_000)));
    expect(plan).toMatchObject({ fullPerRun: 38_880, renewPerRun: 19_440, visitDays: 4, fullMaxAgeDays: 12 });
    // The run lasts as long as its buying sides' checks take at 0.66 a second: within the day.
    expect(plan.runSeconds).toBeCloseTo(51_321 / SPAPI_ALLOWANCE.summaryPerSecond, 6);
    expect(plan.runSeconds).toBeLessThan(DAY);
  });

  it('counts the selling sides the seller does not list on getCompetitiveSummary, where they are checked', () => {
    // Not listed yet (or the shared authorisation): getCompetitivePricing would answer nothing, so both
    // sides take getCompetitiveSummary on NA: 400,000 sides against 51,321.6 a day → 12.83 % a run.
    const unlisted = { from: 'us' as const, to: 'ca' as const, products: 200_000, listed: 0 };
    const plan = planRun(unlisted, [unlisted], SPAPI_ALLOWANCE);
    const summaryPerDay = SPAPI_ALLOWANCE.summaryPerSecond * DAY * PLAN_UTILISATION;
    expect(plan.fraction).toBeCloseTo(summaryPerDay / 400_000, 10);
    expect(plan.perRun).toBe(25_660);
    expect(Math.ceil(200_000 / plan.perRun)).toBe(8);
    // One bucket serves both sides' checks: the run takes twice its products at 0.66 a second.
    expect(plan.runSeconds).toBeCloseTo((2 * 25_660) / SPAPI_ALLOWANCE.summaryPerSecond, 6);
    expect(plan.runSeconds).toBeLessThan(DAY);
    // Half listed: 300,000 summary checks, 100,000 by listing (well within 777,600).
    const half = planRun(
      { ...unlisted, listed: 100_000 },
      [{ ...unlisted, listed: 100_000 }],
      SPAPI_ALLOWANCE,
    );
    expect(half.fraction).toBeCloseTo(summaryPerDay / 300_000, 10);
    // US to UK: the selling side is on EU's authorisation, so its summary checks do not crowd NA's.
    const uk = { from: 'us' as const, to: 'uk' as const, products: 200_000, listed: 0 };
    expect(planRun(uk, [uk], SPAPI_ALLOWANCE).fraction).toBeCloseTo(summaryPerDay / 200_000, 10);
  });

  it('shares the allowance by fraction when five 3XL inventories draw on one authorisation', () => {
    const one = { from: 'us' as const, to: 'ca' as const, products: 200_000, listed: 200_000 };
    const plan = planRun(one, [{ ...one, products: 1_000_000, listed: 1_000_000 }], SPAPI_ALLOWANCE);
    const buyingPerDay = SPAPI_ALLOWANCE.summaryPerSecond * DAY * PLAN_UTILISATION;
    expect(plan.fraction).toBeCloseTo(buyingPerDay / 1_000_000, 10);
    expect(plan.perRun).toBe(10_264);
    // Five runs a day check 5 × 10,264 buying sides: the day's capacity, never more.
    expect(5 * plan.perRun).toBeLessThanOrEqual(buyingPerDay);
    const now = new Date('2026-11-23T12:00:00Z');
    const eta = refreshEta({ products: 200_000, status: 'done', startedAt: null }, plan, now)!;
    // Twenty runs (10,264 × 20 ≥ 200,000), the first at 04:15 Istanbul (01:15 UTC) tomorrow.
    expect(eta.toISOString()).toBe(
      new Date(Date.parse('2026-11-24T01:15:00Z') + (19 * DAY + plan.runSeconds) * 1000).toISOString(),
    );
  });

  it('plans nothing for the sandbox: every product every run', () => {
    expect(planRun({ from: 'us', to: 'ca', products: 500 }, [], undefined)).toEqual({
      fraction: 1,
      perRun: 500,
      fullPerRun: 500,
      runSeconds: 0,
      fullMaxAgeDays: 7,
      visitDays: 1,
      renewPerRun: 500,
    });
    expect(nextScheduledRun(new Date('2026-11-23T01:14:00Z')).toISOString()).toBe('2026-11-23T01:15:00.000Z');
  });
});

describe("a light check from Amazon's getCompetitivePricing example", () => {
  it('reads the new buy box and new offer count, and marks what needs a full lookup', () => {
    // Amazon's example buy box is the requester's own (belongsToRequester): no competitor's price, so
    // only a full lookup can say what to price against (docs/decisions.md, the seller's own offer).
    expect(toPriceCheck('B00V5DG6IQ', pricingFixture.payload[0], 0.13, 'USD').check.status).toBe('unknown');
    const item = structuredClone(pricingFixture.payload[0]);
    for (const p of item.Product.CompetitivePricing.CompetitivePrices) p.belongsToRequester = false;
    const { check } = toPriceCheck('B00V5DG6IQ', item, 0.13, 'USD');
    // The model's example held by a competitor: listing 130, shipping 120, 20 new offer listings.
    expect(check).toEqual({
      product_id: 'B00V5DG6IQ',
      status: 'ok',
      buybox: { seller_id: null, buy_price: 130, shipping_fee: 120, import_fee: 16.9 },
      new_offers: 20,
    });
    const last = makeSide({ buybox: makeOffer({ seller_id: 'A1SELLER', buy_price: 10, is_fba: true }) });
    // The answer names no winner: the price is Amazon's, the seller, FBA and delivery unknown.
    expect(applyPriceCheck(last, check, { needsSeller: false })).toMatchObject({
      status: 'ok',
      buybox: { buy_price: 130, shipping_fee: 120, seller_id: null, is_fba: null, s_dates: null },
      total_prices_count: 20,
    });
    // A buybox_store rule needs the winner, which this answer does not name.
    expect(applyPriceCheck(last, check, { needsSeller: true })).toBe(FULL);
    // Offers but no buy box: pricing would use the lowest offer, which a light check does not carry.
    const { check: noBox } = toPriceCheck(
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
      'USD',
    );
    const rules = { needsSeller: false };
    expect(applyPriceCheck(last, noBox, rules)).toBe(FULL);
    expect(applyPriceCheck(last, toPriceCheck('B2', { status: 'ClientError' }, 0, 'USD').check, rules)).toBe(
      FULL,
    );
    expect(applyPriceCheck(makeSide({ status: 'dog' }), check, rules)).toBe(FULL);
  });
});

describe("the sandbox's light check", () => {
  it('means what a full lookup of the same product says: new buy box, new offers, unknown products', async () => {
    // The selling side: the sandbox has products without stock only there.
    const sandbox = baselineSandbox();
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
    // 50 products, US to UK, under the seller's own authorisations, who lists them in the UK: the buying
    // side (US, NA authorisation) is checked with getCompetitiveSummary and the selling side (UK, EU
    // authorisation) with getCompetitivePricing. A 33-second "day" makes the
    // buying side's allowance tight: 0.66/s × 33 s × 0.9 = 19.6 checks for 50 products → 19 a run, one
    // call of 20 (its burst); the selling side's 10/s has room to spare. Full lookups
    // 1/s × 33 s × 0.9 = 29.7 → 29 a run, enough for every product a light check cannot price.
    const period = 33;
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
    // Looked up in full just now: no side is due for a full lookup of its own (full-lookup-age.ts).
    const side = makeSide({
      buybox: makeOffer({ seller_id: 'A1SELLER', buy_price: 10 }),
      looked_up_at: new Date().toISOString(),
    });
    const hour = (i: number) => new Date(Date.UTC(2026, 10, 1, i));
    // Product i was refreshed at hour i (the first the stalest), except that the 19th and 23rd share an
    // hour and the 23rd is dearer: it goes first.
    await database.db.insert(inventoryProducts).values(
      codes.map((code, i) => ({
        inventoryId: inventory!.id,
        userId: 'planner',
        code,
        snapshot: { row_cross: side, row_to: { ...side, listed_by_seller: true } },
        available: true,
        stdPrice: i === 22 ? 99 : 20,
        stock: 5,
        updatedAt: hour(i === 22 ? 18 : i),
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
        accounts: ownAccounts('planner'),
      },
      inventory!.id,
    );
    expect(outcome).toBe('done');
    const plan = planRun({ from: 'us', to: 'uk', products: 50, listed: 50 }, [], SPAPI_ALLOWANCE, period);
    expect(plan).toMatchObject({ perRun: 19, fullPerRun: 29 });

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
      // Both sides' products are full lookups where no light check prices them: the three with no buy box,
      // in one call per authorisation.
      expect(answered('getItemOffersBatch')).toBe(1);
      expect(['BNOBB00001', 'BNOBB00002', 'BNOBB00003'].map(stand.offersAsked)).toEqual([1, 1, 1]);
    }
    // 19 checks in one call on each authorisation, each side with its own operation.
    const answered = (stand: SpapiStandIn, op: keyof SpapiStandIn['arrivals']) =>
      stand.arrivals[op].length - stand.throttled[op];
    expect([answered(na, 'getCompetitiveSummary'), answered(na, 'getCompetitivePricing')]).toEqual([1, 0]);
    expect([answered(eu, 'getCompetitivePricing'), answered(eu, 'getCompetitiveSummary')]).toEqual([1, 0]);
    expect(plan.perRun).toBeLessThanOrEqual(SPAPI_ALLOWANCE.summaryPerSecond * period * PLAN_UTILISATION);
    // Nothing past the run's 19 was asked for: the 18 stalest and the dearer of the shared hour.
    expect(na.summaryAsked('BINV000019')).toBe(1);
    expect(eu.pricingAsked('BINV000019')).toBe(1);
    expect(na.summaryAsked('BINV000015')).toBe(0);
    expect(na.summaryAsked('BINV000020')).toBe(0);

    const after = await products(inventory!.id);
    const refreshed = codes.filter((c) => after.get(c)!.updated_at !== before.get(c)!.updated_at);
    // The 18 stalest, and the dearer of the shared hour before the other.
    expect(refreshed).toEqual([...codes.slice(0, 18), codes[22]!]);
    for (const code of codes.filter((c) => !refreshed.includes(c)))
      expect(after.get(code)).toEqual(before.get(code));
    // Re-priced from each side's light check under the winner it names: the US side from the competitive
    // summary's featured offer (Amazon, fulfilled by Amazon), the UK side from the consumer buy box of
    // competitive-pricing-buy-boxes.json (price id 1, B2C, no quantity tier), in pounds, whose way of
    // shipping getCompetitivePricing does not say.
    const snapshot = after.get('BINV000000')!.snapshot as Record<'row_cross' | 'row_to', { buybox: unknown }>;
    expect(snapshot.row_cross.buybox).toMatchObject({
      seller_id: 'ATVPDKIKX0DER',
      is_fba: true,
      buy_price: 24.99,
      s_dates: null,
    });
    expect(snapshot.row_to.buybox).toMatchObject({
      buy_price: 124.99,
      shipping_fee: 5,
      seller_id: 'A2NEWWINNER1',
      is_fba: null,
      s_dates: null,
    });

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

  it("checks each selling side with an operation that answers for it: the seller's listings, else the summary", async () => {
    // US to CA under the seller's own NA authorisation; half of the 40 products are listed in Canada.
    // getCompetitivePricing answers only those (the stand-in, as Amazon, answers the rest empty), so the
    // other half's selling sides must ask getCompetitiveSummary, and nothing falls to a full lookup.
    const ca = MARKETPLACES.ca.id;
    const codes = Array.from({ length: 40 }, (_, i) => `BLST${String(i).padStart(6, '0')}`);
    const listed = new Set(codes.filter((_, i) => i % 2 === 0));
    // Quicker than Amazon's defaults (the client adopts the announced rate), so the run takes seconds.
    const stand = await startSpapiStandIn(
      { getCompetitiveSummary: { rate: 2, burst: 1 }, getCompetitivePricing: { rate: 2, burst: 1 } },
      { listed: (asin, m, by) => by === 'Atzr|own-na' && m === ca && listed.has(asin) },
    );
    try {
      const [inventory] = await database.db
        .insert(inventories)
        .values({
          userId: 'planner',
          title: 'US to CA, half published',
          fromCountry: 'us',
          toCountry: 'ca',
          settings: { ...makeSettings(), handling_time: 2 },
          updateStatus: 'queued',
          updateQueuedAt: new Date(),
        })
        .returning();
      const side = makeSide({
        buybox: makeOffer({ seller_id: 'A1SELLER', buy_price: 10 }),
        looked_up_at: new Date().toISOString(),
      });
      await database.db.insert(inventoryProducts).values(
        codes.map((code) => ({
          inventoryId: inventory!.id,
          userId: 'planner',
          code,
          snapshot: { row_cross: side, row_to: { ...side, listed_by_seller: listed.has(code) } },
          available: true,
          stdPrice: 20,
          stock: 5,
          updatedAt: new Date(Date.UTC(2026, 10, 1)),
        })),
      );
      const client = createSpapiClient({
        credentials: {
          clientId: 'amzn1.application-oa2-client.test',
          clientSecret: 'secret',
          refreshTokens: {},
        },
        endpoints: { na: stand.url },
        lwaUrl: stand.lwaUrl,
        backoffMs: 20,
      });
      const outcome = await updateInventory(
        {
          db: database.db,
          marketplace: createSpapiMarketplace(client),
          logger: pino({ level: 'silent' }),
          leaseSeconds: 60,
          owner: 'planner-worker',
          accounts: ownAccounts('planner'),
        },
        inventory!.id,
      );
      expect(outcome).toBe('done');
      const asked = (operation: string, marketplaceId: string) =>
        stand.asks
          .filter((a) => a.operation === operation && a.marketplaceId === marketplaceId)
          .map((a) => a.asin)
          .sort();
      expect(asked('getCompetitivePricing', ca)).toEqual([...listed].sort());
      expect(asked('getCompetitiveSummary', ca)).toEqual(codes.filter((c) => !listed.has(c)).sort());
      expect(asked('getCompetitiveSummary', MARKETPLACES.us.id)).toEqual([...codes].sort());
      // Every side answered by its light check: no product fell to the full-lookup lane.
      expect(stand.arrivals.getItemOffersBatch).toHaveLength(0);
      const after = await products(inventory!.id);
      expect(codes.filter((c) => after.get(c)!.updated_at.startsWith('2026-11-01'))).toEqual([]);
      // The inventory's view plans with the same count of listed products as the worker.
      const view = await findInventory(database.db, 'planner', inventory!.id, SPAPI_ALLOWANCE);
      const demand = await loadDemand(database.db, Date.now() + 120_000);
      const inventoryDemand = { from: 'us' as const, to: 'ca' as const, products: 40, listed: 20 };
      expect(demand).toContainEqual(inventoryDemand);
      expect(view!.update.per_run).toBe(planRun(inventoryDemand, demand, SPAPI_ALLOWANCE).perRun);
    } finally {
      await stand.close();
    }
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
