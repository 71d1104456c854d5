// The light-check plan's promise against what its runs deliver: an inventory on the SP-API stand-in under
// the seller's own authorisation, most of it not listed yet in the selling country, updated run after run
// ("days"). Promised: the plan's days between two refreshes of a product (`visitDays` at a real day);
// measured: per side, the longest any product went without a check answering for it and its new value
// being written. Amazon's rates and the period are scaled alike, so the plan's arithmetic is the real one.
import { makeOffer, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { inventories, inventoryProducts } from '../apps/server/src/db/schema';
import { updateInventory } from '../apps/server/src/features/inventories/update-inventory';
import { loadDemand, planRun } from '../apps/server/src/features/inventories/update-plan';
import type { Logger } from '../apps/server/src/logger';
import { createSpapiClient } from '../apps/server/src/providers/marketplace/spapi/client';
import { SPAPI_LIMITS } from '../apps/server/src/providers/marketplace/spapi/pacing';
import {
  createSpapiMarketplace,
  SPAPI_ALLOWANCE,
} from '../apps/server/src/providers/marketplace/spapi/provider';
import { MARKETPLACES } from '../apps/server/src/providers/marketplace/spapi/regions';
import type { Allowance, LookupAccounts } from '../apps/server/src/providers/marketplace/types';
import { startSpapiStandIn } from '../apps/server/test/helpers/spapi-stand-in';

/** Amazon's rates × SCALE, the period ÷ SCALE: the same plan, in seconds rather than days. */
const SCALE = 20;
const PERIOD_SECONDS = 5;
const PRODUCTS = 120;
/** One in five listed in Canada: an inventory mostly not published yet. */
const LISTED_EVERY = 5;

const scaled = (op: keyof typeof SPAPI_LIMITS) => ({
  rate: SPAPI_LIMITS[op].rate * SCALE,
  burst: SPAPI_LIMITS[op].burst,
});

export async function benchLightPlan(db: Db, userId: string, logger: Logger) {
  const ca = MARKETPLACES.ca.id;
  const codes = Array.from({ length: PRODUCTS }, (_, i) => `BLP${String(i).padStart(7, '0')}`);
  const listed = new Set(codes.filter((_, i) => i % LISTED_EVERY === 0));
  const stand = await startSpapiStandIn(
    {
      searchCatalogItems: scaled('searchCatalogItems'),
      getItemOffersBatch: scaled('getItemOffersBatch'),
      getCompetitivePricing: scaled('getCompetitivePricing'),
      getCompetitiveSummary: scaled('getCompetitiveSummary'),
    },
    { listed: (asin, m, by) => by === 'Atzr|bench-own' && m === ca && listed.has(asin) },
  );
  try {
    const allowance: Allowance = {
      account: SPAPI_ALLOWANCE.account,
      listedPerSecond: SPAPI_ALLOWANCE.listedPerSecond * SCALE,
      summaryPerSecond: SPAPI_ALLOWANCE.summaryPerSecond * SCALE,
      fullPerSecond: SPAPI_ALLOWANCE.fullPerSecond * SCALE,
    };
    const client = createSpapiClient({
      credentials: { clientId: 'bench', clientSecret: 'bench', refreshTokens: {} },
      endpoints: { na: stand.url },
      lwaUrl: stand.lwaUrl,
    });
    const marketplace = { ...createSpapiMarketplace(client), allowance };
    const accounts: LookupAccounts = {
      forUser: async () => ({
        kind: 'own',
        account: { own: { sellingPartnerId: 'A1BENCH', refreshToken: 'Atzr|bench-own' }, tenant: userId },
      }),
      revoked: async () => {},
    };
    const [inventory] = await db
      .insert(inventories)
      .values({ userId, title: 'Light plan', fromCountry: 'us', toCountry: 'ca', settings: makeSettings() })
      .returning({ id: inventories.id });
    const id = inventory!.id;
    const side = makeSide({
      buybox: makeOffer({ seller_id: 'A1SELLER', buy_price: 10 }),
      looked_up_at: new Date().toISOString(),
    });
    await db.insert(inventoryProducts).values(
      codes.map((code) => ({
        inventoryId: id,
        userId,
        code,
        snapshot: { row_cross: side, row_to: { ...side, listed_by_seller: listed.has(code) } },
        updatedAt: new Date(Date.now() - 86_400_000),
      })),
    );
    // The same demand the runs plan with (every inventory in the database).
    const plan = planRun(
      { from: 'us', to: 'ca', products: PRODUCTS, listed: listed.size },
      await loadDemand(db),
      allowance,
      PERIOD_SECONDS,
    );
    const promised = Math.ceil(PRODUCTS / plan.perRun);
    const runs = 2 * promised + 1;
    // Per side, the runs in which each product's side was asked and its row written.
    const refreshed = { selling: new Map<string, number[]>(), buying: new Map<string, number[]>() };
    for (let run = 1; run <= runs; run++) {
      const from = stand.asks.length;
      const started = new Date();
      await db
        .update(inventories)
        .set({ updateStatus: 'queued', updateQueuedAt: started })
        .where(sql`id = ${id}::uuid`);
      const outcome = await updateInventory(
        {
          db,
          marketplace,
          logger,
          leaseSeconds: 60,
          owner: 'bench',
          periodSeconds: PERIOD_SECONDS,
          accounts,
        },
        id,
      );
      if (outcome !== 'done') throw new Error(`run ${run} ended ${outcome}`);
      const written = new Set(
        (
          await db.execute<{ code: string }>(
            sql`select code from inventory_products where inventory_id = ${id}::uuid and updated_at >= ${started.toISOString()}::timestamptz`,
          )
        ).rows.map((r) => r.code),
      );
      for (const ask of stand.asks.slice(from)) {
        if (!written.has(ask.asin)) continue;
        const which = ask.marketplaceId === ca ? refreshed.selling : refreshed.buying;
        const list = which.get(ask.asin) ?? [];
        if (list.at(-1) !== run) list.push(run);
        which.set(ask.asin, list);
      }
      // A day passes: the stalest-first order sees run-old products as a day older, as in production.
      await db.execute(sql`update inventory_products set updated_at = updated_at - interval '1 day'
                            where inventory_id = ${id}::uuid`);
    }
    // The longest stretch of runs a product's side waited for a refresh: from the start, between two, and
    // since the last one (a lower bound); a side never refreshed waited longer than every run made.
    const age = (which: Map<string, number[]>) =>
      Math.max(
        ...codes.map((code) => {
          const at = [0, ...(which.get(code) ?? [])];
          if (at.length === 1) return Infinity;
          return Math.max(...at.slice(1).map((r, i) => r - at[i]!), runs - at.at(-1)!);
        }),
      );
    for (const name of ['selling', 'buying'] as const) {
      const measured = age(refreshed[name]);
      console.log(`BENCH inventory.light_plan_${name}_promised ${promised} days`);
      console.log(
        `BENCH inventory.light_plan_${name}_measured ${Number.isFinite(measured) ? measured : `> ${runs}`} days`,
      );
    }
    console.log(
      `BENCH inventory.light_plan_calls ${stand.arrivals.getCompetitivePricing.length} pricing, ` +
        `${stand.arrivals.getCompetitiveSummary.length} summary, ${stand.arrivals.getItemOffersBatch.length} offers batches`,
    );
  } finally {
    await stand.close();
  }
}
