import { sandboxFeeEstimate } from './sandbox-fees';
import { pastDayOf, sandboxPast } from './sandbox-history';
import { answerOn, drawProduct, sandboxSnapshot, type ProductDraws } from './sandbox-product';
import { sandboxRestriction } from './sandbox-restrictions';
import type { ProductSnapshot } from '@crossmarket/domain';
import { sandboxSearchIdentifiers } from './sandbox-identifiers';
import type { MarketplaceProvider, PriceCheck } from './types';

export { sandboxSnapshot } from './sandbox-product';

const DAY = 86_400_000;

/**
 * The light check of a sandbox product, meaning what SP-API's getCompetitivePricing answer means: the new
 * buy box and the count of new offers of the same generated data. A product the catalogue does not know
 * is `unknown` (Amazon answers no competitive pricing for it); whether it ships or is the same product
 * are catalogue facts a light check cannot see, so they answer like any other.
 */
export function sandboxPriceCheck(snapshot: ProductSnapshot): PriceCheck {
  const { side } = snapshot;
  if (side.status === 'dog')
    return { product_id: snapshot.product_id, status: 'unknown', buybox: null, new_offers: null };
  const box = side.buybox;
  return {
    product_id: snapshot.product_id,
    status: snapshot.offers.length > 0 ? 'ok' : 'nostock',
    buybox:
      box?.buy_price != null
        ? {
            seller_id: box.seller_id,
            buy_price: box.buy_price,
            shipping_fee: box.shipping_fee ?? 0,
            import_fee: box.import_fee ?? 0,
          }
        : null,
    new_offers: snapshot.offers.length,
  };
}

/** When the sandbox's market is: a fixed day (pinned), or a clock; the current day by default. */
export interface SandboxOptions {
  /** A pause per call, so that tests can catch a report in the middle of its processing. */
  delayMs?: number;
  /**
   * The day (ms, any time in it) whose market every answer gives, or a clock to read it from; delivery
   * dates still count from the real today. `SANDBOX_DAY` pins it; tests that assert figures pin it to
   * `SANDBOX_BASELINE_DAY`, where the answers are the sandbox's baseline.
   */
  day?: number | (() => number);
}

/** The default provider: generated, deterministic marketplace data with realistic shapes; no network. */
export function createSandboxMarketplace(options: SandboxOptions = {}): MarketplaceProvider {
  const utcDay = (ms: number) => Math.floor(ms / DAY) * DAY;
  const { day: pinned } = options;
  // Read once per call: one call's answers are all of one day.
  const marketDay = () => utcDay(typeof pinned === 'function' ? pinned() : (pinned ?? Date.now()));
  const at = () => ({ today: utcDay(Date.now()), day: marketDay() });
  // A chart builds one product's days in a row: its draws are made once for all of them.
  let drawn: { key: string; draws: ProductDraws | null } | undefined;
  const past = sandboxPast((asin, region, day) => {
    const key = `${region}:${asin}`;
    if (drawn?.key !== key) drawn = { key, draws: drawProduct(asin, region, { shipTo: region, role: 'to' }) };
    return drawn.draws ? pastDayOf(answerOn(drawn.draws, day, day).side, day) : null;
  });
  return {
    name: 'sandbox',
    batchSize: 250,
    async lookup(productIds, region, lookupOptions) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const when = at();
      const role = lookupOptions.shipTo === region ? 'to' : 'cross';
      return productIds.map((id) => sandboxSnapshot(id, region, { ...lookupOptions, role, ...when }));
    },
    async listingRestrictions(asins, region) {
      const when = at();
      return asins.map((id) =>
        sandboxRestriction(sandboxSnapshot(id, region, { shipTo: region, role: 'to', ...when }), region),
      );
    },
    async feeEstimates(items, region) {
      const when = at();
      return items.map(({ asin, price, shipping }) =>
        sandboxFeeEstimate(
          sandboxSnapshot(asin, region, { shipTo: region, role: 'to', ...when }),
          region,
          price,
          shipping,
        ),
      );
    },
    async searchIdentifiers(ids, region) {
      const when = at();
      const title = (asin: string) =>
        sandboxSnapshot(asin, region, { shipTo: region, role: 'to', ...when }).side.title;
      return sandboxSearchIdentifiers(ids, region, title);
    },
    history: (asin, region, days, today, before) => past.days(asin, region, days, today, before),
    async refreshPrices(productIds, region, lookupOptions) {
      const when = at();
      const role = lookupOptions.shipTo === region ? 'to' : 'cross';
      return productIds.map((id) =>
        sandboxPriceCheck(sandboxSnapshot(id, region, { ...lookupOptions, role, ...when })),
      );
    },
  };
}
