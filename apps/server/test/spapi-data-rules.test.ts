import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDangerousGoods, priceProduct, pricingInput } from '@crossmarket/domain';
import { makeOffer, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { applyPriceCheck, FULL } from '../src/features/inventories/light-refresh';
import { dueForFullLookup } from '../src/features/inventories/full-lookup-age';
import { FULL_LOOKUP_MIN_AGE_DAYS, planRun } from '../src/features/inventories/update-plan';
import { toPriceCheck } from '../src/providers/marketplace/spapi/competitive-pricing';
import { promotedPrice, toSummaryCheck } from '../src/providers/marketplace/spapi/competitive-summary';
import { offersProblem, toSnapshot, type MappingContext } from '../src/providers/marketplace/spapi/mapping';
import { sizeTier } from '../src/providers/marketplace/spapi/measures';
import { SPAPI_ALLOWANCE } from '../src/providers/marketplace/spapi/provider';
import type { PriceCheck } from '../src/providers/marketplace/types';

// Each rule of docs/decisions.md's Amazon data entries against a fixture shaped like Amazon's model.
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/spapi', name), 'utf8'));
const CATALOG = fixture('catalog-item.json');
const today = Date.UTC(2026, 10, 24);
const home: MappingContext = {
  importRate: 0,
  today,
  region: 'us',
  shipTo: 'us',
  amazonSellerId: 'ATVPDKIKX0DER',
};
const snapshot = (offers: string, context = home) =>
  toSnapshot('B07N4M94X4', CATALOG, fixture(offers), context);
const rules = { needsSeller: false };
const check = (buybox: PriceCheck['buybox'], status: PriceCheck['status'] = 'ok'): PriceCheck => ({
  product_id: 'B1',
  status,
  buybox,
  new_offers: buybox ? 3 : 0,
});
const box = (seller_id: string | null, buy_price = 20) => ({
  seller_id,
  buy_price,
  shipping_fee: 0,
  import_fee: 0,
});

describe('a light check carries only what it says', () => {
  const last = makeSide({
    buybox: makeOffer({
      seller_id: 'A1WINNER',
      seller_name: 'A1WINNER',
      is_fba: true,
      s_dates: { min_days: 2, max_days: 4 },
    }),
    buybox_winners: 1,
  });

  it('keeps the winner it names, with how that winner ships', () => {
    expect(applyPriceCheck(last, check(box('A1WINNER', 21)), rules)).toMatchObject({
      buybox: { seller_id: 'A1WINNER', is_fba: true, s_dates: { min_days: 2, max_days: 4 }, buy_price: 21 },
    });
  });

  it('an unnamed winner is an unknown seller, fulfilment and delivery, not the last winner', () => {
    expect(applyPriceCheck(last, check(box(null, 22)), rules)).toMatchObject({
      buybox: { seller_id: null, seller_name: null, is_fba: null, s_dates: null, buy_price: 22 },
    });
  });

  it('another named winner has an unknown fulfilment, not "merchant"', () => {
    expect(applyPriceCheck(last, check(box('A2OTHER')), rules)).toMatchObject({
      buybox: { seller_id: 'A2OTHER', is_fba: null, s_dates: null },
    });
  });

  it('of two winners, prices only from the one the full lookup chose: never a mix of two', () => {
    const two = { ...last, buybox_winners: 2 };
    expect(applyPriceCheck(two, check(box(null)), rules)).toBe(FULL);
    expect(applyPriceCheck(two, check(box('A2PRIMEWINNER')), rules)).toBe(FULL);
    expect(applyPriceCheck(two, check(box('A1WINNER', 19)), rules)).toMatchObject({
      buybox: { seller_id: 'A1WINNER', buy_price: 19 },
    });
  });

  it('"no new offer" is only believed from a full lookup, and so is "back in stock" (it may be a pre-order)', () => {
    expect(applyPriceCheck(last, check(null, 'nostock'), rules)).toBe(FULL);
    const gone = makeSide({ status: 'nostock', buybox: null });
    expect(applyPriceCheck(gone, check(null, 'nostock'), rules)).toBe(gone);
    expect(applyPriceCheck(gone, check(box('A1WINNER')), rules)).toBe(FULL);
  });
});

describe('light answers that say nothing', () => {
  const answer = fixture('competitive-pricing-buy-boxes.json').payload[0];
  it("reads the consumer's new buy box (id 1, B2C, no quantity tier) and its seller, not the used, business or tier prices", () => {
    expect(toPriceCheck('B00V5DG6IQ', answer, 0, 'USD').check).toEqual({
      product_id: 'B00V5DG6IQ',
      status: 'ok',
      buybox: { seller_id: 'A2NEWWINNER1', buy_price: 124.99, shipping_fee: 5, import_fee: 0 },
      new_offers: 7,
    });
  });

  it('Success with neither a price nor an offer count (an ASIN the seller does not list) is unknown, not out of stock', () => {
    const empty = structuredClone(answer);
    empty.Product.CompetitivePricing.CompetitivePrices = [];
    empty.Product.CompetitivePricing.NumberOfOfferListings = [];
    expect(toPriceCheck('B00V5DG6IQ', empty, 0, 'USD').check.status).toBe('unknown');
  });

  it('a price in another currency than the marketplace’s is no answer, and says why', () => {
    const result = toPriceCheck('B00V5DG6IQ', answer, 0, 'CAD');
    expect(result.check.status).toBe('unknown');
    expect(result.refused).toBe('currency USD, not CAD');
  });
});

describe("a buying side's light check from Amazon's getCompetitiveSummary example", () => {
  const [answered, refused] = fixture('competitive-summary.json').responses;
  const abroad = { importRate: 0.13, currency: 'USD', domestic: false };

  it('prices from the offer featured to non-Prime buyers (shipped abroad, Prime does not apply), naming its seller and fulfilment', () => {
    // A3DJR8M9Y3OUPG is featured to non-Prime (72 %) and Prime (10 %) buyers, A2ZWOLFOFDPJL1 to non-Prime
    // (18 %): the first non-Prime one, listing 18.11 less its 2.00 coupon (Amazon's discounted price 16.11;
    // its basket-building 10 % needs a 30.00 basket), shipping 2.50, merchant-fulfilled.
    expect(toSummaryCheck('B00ZIAODGE', answered, abroad).check).toEqual({
      product_id: 'B00ZIAODGE',
      status: 'ok',
      buybox: {
        seller_id: 'A3DJR8M9Y3OUPG',
        is_fba: false,
        buy_price: 16.11,
        shipping_fee: 2.5,
        import_fee: 2.09,
      },
      new_offers: null,
      coupon: { type: 'dollar', value: 2 },
    });
  });

  it('of several offers featured to non-Prime buyers (per postal-code segment), takes the one most of them see', () => {
    const swapped = structuredClone(answered);
    const [first, second] = swapped.body.featuredBuyingOptions[0].segmentedFeaturedOffers;
    swapped.body.featuredBuyingOptions[0].segmentedFeaturedOffers = [second, first];
    expect(toSummaryCheck('B00ZIAODGE', swapped, abroad).check.buybox?.seller_id).toBe('A3DJR8M9Y3OUPG');
    first.featuredOfferSegments[0].segmentDetails.glanceViewWeightPercentage = 5;
    expect(toSummaryCheck('B00ZIAODGE', swapped, abroad).check.buybox?.seller_id).toBe('A2ZWOLFOFDPJL1');
  });

  it('an item answered with an error, or with no featured offer, is unknown; another currency is refused', () => {
    expect(toSummaryCheck('11_AABB_123', refused, abroad).check.status).toBe('unknown');
    const none = { ...answered, body: { ...answered.body, featuredBuyingOptions: [] } };
    expect(toSummaryCheck('B00ZIAODGE', none, abroad).check.status).toBe('unknown');
    expect(toSummaryCheck('B00ZIAODGE', answered, { ...abroad, currency: 'CAD' })).toMatchObject({
      check: { status: 'unknown' },
      refused: 'currency USD, not CAD',
    });
  });

  it('a check naming the winner and its fulfilment carries both into the side, with the price after its coupon', () => {
    const last = makeSide({ buybox: makeOffer({ seller_id: 'A1OLD', is_fba: true }) });
    const { check } = toSummaryCheck('B00ZIAODGE', answered, abroad);
    expect(applyPriceCheck(last, check, rules)).toMatchObject({
      buybox: { seller_id: 'A3DJR8M9Y3OUPG', is_fba: false, s_dates: null, buy_price: 16.11 },
      coupon: { type: 'dollar', value: 2 },
    });
  });

  it('a deal lowers the price but is no coupon; a basket-building promotion alone changes nothing', () => {
    const offer = { listingPrice: { amount: 20, currencyCode: 'USD' } };
    const deal = { promotionType: 'DEAL', promotionSavings: { discountedPrice: { amount: 17.15 } } };
    const basket = {
      promotionType: 'BASKET_BUILDING',
      promotionSavings: { discount: { type: 'PERCENTAGE_OFF', percentOff: 10 } },
      purchaseRequirements: { condition: {} },
    };
    const percent = {
      promotionType: 'COUPON',
      promotionSavings: { discount: { type: 'PERCENTAGE_OFF', percentOff: 15 } },
    };
    expect(promotedPrice({ ...offer, promotions: [deal] })).toMatchObject({ price: 17.15, coupon: null });
    expect(promotedPrice({ ...offer, promotions: [basket] })).toMatchObject({ price: 20, coupon: null });
    expect(promotedPrice({ ...offer, promotions: [basket, percent] })).toMatchObject({
      price: 17,
      coupon: { type: 'percent', value: 15 },
    });
  });
});

describe('full lookups', () => {
  it('a buy box winner outside the listed offers comes from the summary, with its seller and an unknown fulfilment', () => {
    const { side } = snapshot('item-offers-winner-not-listed.json');
    expect(side.has_buybox).toBe(true);
    expect(side.buybox).toEqual({
      seller_id: 'A1OUTSIDE020',
      seller_name: 'A1OUTSIDE020',
      is_fba: null,
      buy_price: 19.75,
      shipping_fee: 3.99,
      import_fee: 0,
      s_dates: null,
    });
  });

  it('a seller with no feedback at all (Amazon itself, 0 % of 0) has no rating yet, not 0 %', () => {
    const { offers } = snapshot('item-offers.json');
    expect(offers[0]).toMatchObject({ seller_id: 'ATVPDKIKX0DER', rating_percent: null, rating_count: 0 });
    expect(offers[1]).toMatchObject({ rating_percent: 96, rating_count: 1840 });
  });

  it('an answer not processed yet, or priced in another currency, cannot be used', () => {
    expect(offersProblem(fixture('item-offers-too-soon.json'), 'USD')).toBe(
      'status ActiveButTooSoonForProcessing',
    );
    expect(offersProblem(fixture('item-offers-foreign-currency.json'), 'USD')).toBe('currency EUR, not USD');
    expect(offersProblem(fixture('item-offers.json'), 'USD')).toBeNull();
    expect(offersProblem(fixture('item-offers.json'), 'GBP')).toBe('currency USD, not GBP');
  });

  it("dangerous goods come from the catalogue's attributes: a regulation, batteries included, lithium content", () => {
    // Amazon's example: not_applicable, alkaline AAA batteries neither required nor included: nothing.
    expect(snapshot('item-offers.json').side.dangerous_goods).toBeUndefined();
    const hazardous = fixture('catalog-item-dangerous.json');
    const { side } = toSnapshot(hazardous.asin, hazardous, fixture('item-offers.json'), home);
    expect(side.dangerous_goods).toEqual({
      regulations: ['transportation'],
      batteries: 'included',
      lithium: true,
      lithium_wh: 18.5,
    });
    // Batteries it only needs (not shipped with it) are told, but are no dangerous goods of their own.
    const needs = structuredClone(CATALOG);
    needs.attributes.batteries_required[0].value = true;
    const needing = toSnapshot('B07N4M94X4', needs, fixture('item-offers.json'), home).side;
    expect(needing.dangerous_goods).toMatchObject({ batteries: 'required', lithium: false, regulations: [] });
    expect(isDangerousGoods(needing.dangerous_goods)).toBe(false);
  });

  it("the seller's own offer (MyOffer, or their id) is listed as theirs, never the buy box or lowest offer", () => {
    const offers = fixture('item-offers.json');
    offers.Offers[0].MyOffer = true; // the buy box winner, 24.99
    const own = toSnapshot('B07N4M94X4', CATALOG, offers, { ...home, ownSellerId: 'A1ME' });
    expect(own.offers[0]).toMatchObject({ seller_id: 'ATVPDKIKX0DER', is_own: true });
    expect(own.offers.slice(1).some((o) => o.is_own)).toBe(false);
    // Nobody else holds the buy box: there is none to price against; the lowest is a competitor's.
    expect(own.side.buybox).toBeNull();
    expect(own.side.lowest).toMatchObject({ seller_id: 'A3MERCHANT77', buy_price: 21.49 });
    expect(own.side.lowest_fba).toMatchObject({ seller_id: 'A2FBASELLER9' });
    // By id too, when the flag is gone (a cached answer): the merchant offer is the seller's.
    const byId = toSnapshot('B07N4M94X4', CATALOG, fixture('item-offers.json'), {
      ...home,
      ownSellerId: 'A3MERCHANT77',
    });
    expect(byId.side.buybox).toMatchObject({ seller_id: 'ATVPDKIKX0DER' });
    expect(byId.side.lowest).toMatchObject({ seller_id: 'ATVPDKIKX0DER' });
    expect(byId.offers[2]).toMatchObject({ is_own: true });
    // Under the shared authorisation MyOffer is the operator's, not this seller's: competition as usual.
    const shared = toSnapshot('B07N4M94X4', CATALOG, offers, home);
    expect(shared.side.buybox).toMatchObject({ seller_id: 'ATVPDKIKX0DER', buy_price: 24.99 });
    expect(shared.offers.some((o) => o.is_own)).toBe(false);
    // Where the seller's own offer is, they list the product: the next light check asks by listing.
    expect(own.side.listed_by_seller).toBe(true);
    expect(byId.side.listed_by_seller).toBe(true);
    expect(shared.side.listed_by_seller).toBeUndefined();
  });

  it("a competitive price that belongs to the requester is not a competitor's buy box: a full lookup decides", () => {
    const answer = fixture('competitive-pricing-buy-boxes.json').payload[0];
    const box = answer.Product.CompetitivePricing.CompetitivePrices.find(
      (p: { sellerId: string }) => p.sellerId === 'A2NEWWINNER1',
    );
    expect(toPriceCheck('B1', answer, 0, 'USD').check).toMatchObject({
      status: 'ok',
      buybox: { seller_id: 'A2NEWWINNER1' },
    });
    box.belongsToRequester = true;
    expect(toPriceCheck('B1', answer, 0, 'USD').check.status).toBe('unknown');
  });

  it('Amazon\'s NoBuyableOffers example is an answer: no offers, out of stock, not "no answer"', () => {
    const payload = fixture('item-offers-no-buyable.json').response.body.payload;
    expect(payload.status).toBe('NoBuyableOffers');
    expect(offersProblem(payload, 'USD')).toBeNull();
    const { side, offers } = toSnapshot(payload.ASIN, CATALOG, payload, home);
    expect(offers).toEqual([]);
    expect(side).toMatchObject({
      status: 'nostock',
      buybox: null,
      total_prices_count: 0,
      fba_prices_count: 0,
      has_buybox: false,
    });
    // A status the models do not show is not read as "no offers".
    expect(offersProblem({ ...payload, status: 'SomethingNew' }, 'USD')).toBe('status SomethingNew');
  });

  it('offers available only later are marked, may hold the buy box, and are neither stock nor a delivery', () => {
    const { side, offers } = snapshot('item-offers-available-later.json');
    expect(side.buybox).toMatchObject({ seller_id: 'ATVPDKIKX0DER', available_later: true, s_dates: null });
    expect(offers.filter((o) => o.available_later).map((o) => o.seller_id)).toEqual([
      'ATVPDKIKX0DER',
      'A2FBASELLER9',
    ]);
    expect(offers.find((o) => o.available_later)!.delivery_date).toBeNull();
    // Three new offers, two of them later: one in stock, and it is the lowest.
    expect(side).toMatchObject({ status: 'ok', total_prices_count: 1, fba_prices_count: 0 });
    expect(side.lowest).toMatchObject({ seller_id: 'A3MERCHANT77' });
    expect(side.lowest_fba).toBeNull();
  });

  it('pricing does not buy a pre-order buy box: it buys the lowest offer that ships now', () => {
    const cross = snapshot('item-offers-available-later.json', { ...home, shipTo: 'ca' }).side;
    const to = makeSide({ buybox: makeOffer({ buy_price: 60 }) });
    const fbm = priceProduct({ row_cross: cross, row_to: to, individual: null }, makeSettings(), {
      toRegion: 'ca',
    });
    const stored = priceProduct(
      { ...pricingInput({ row_cross: cross, row_to: to }), individual: null },
      makeSettings(),
      {
        toRegion: 'ca',
      },
    );
    // The merchant offer (21.49 + 3.99 shipping), not Amazon's pre-order at 24.99.
    expect(fbm.cost_in_tc).toBe(stored.cost_in_tc);
    expect(cross.lowest).toMatchObject({ seller_id: 'A3MERCHANT77', buy_price: 21.49 });
    const preorderPriced = priceProduct(
      {
        row_cross: { ...cross, buybox: { ...cross.buybox!, available_later: undefined } },
        row_to: to,
        individual: null,
      },
      makeSettings(),
      { toRegion: 'ca' },
    );
    expect(fbm.cost_in_tc).not.toBe(preorderPriced.cost_in_tc);
  });

  it('new offers Amazon files under New (OEM, Open Box) count as new; a Very Good one does not', () => {
    const { offers } = snapshot('item-offers-subconditions.json');
    expect(offers.map((o) => o.seller_id)).toEqual(['ATVPDKIKX0DER', 'A2FBASELLER9', 'A3MERCHANT77']);
  });

  it('names a size tier only where it can: US standard sizes; otherwise the dimensions alone', () => {
    expect(sizeTier('us', 0.5, [10, 8, 0.5])).toBe('small-standard-size');
    expect(sizeTier('us', 15, [17, 13, 7])).toBe('large-standard-size');
    expect(sizeTier('us', 30, [40, 20, 20])).toBeNull();
    expect(sizeTier('uk', 0.5, [10, 8, 0.5])).toBeNull();
    const { side } = snapshot('item-offers.json', { ...home, region: 'uk', shipTo: 'uk' });
    expect(side.product_size).toBeNull();
    expect(side.package_dimensions).not.toBeNull();
  });
});

describe('the age of a full lookup', () => {
  it('is renewed within the plan: at least every week, longer only when the allowance cannot do better', () => {
    const plan = planRun({ from: 'us', to: 'uk', products: 1_000 }, [], SPAPI_ALLOWANCE);
    expect(plan).toMatchObject({ fullMaxAgeDays: FULL_LOOKUP_MIN_AGE_DAYS, visitDays: 1, renewPerRun: 500 });
    // 1,000,000 products US to UK: the buying sides' 51,321 checks a day visit each product every
    // 20 days; 1/s of full lookups × 86,400 s × 0.9 = 77,760 a day on NA, half of them renewals: 38,880,
    // so 26 days to renew every product, which a product seen every 20 days reaches at its second visit.
    const big = planRun({ from: 'us', to: 'uk', products: 1_000_000 }, [], SPAPI_ALLOWANCE);
    expect(big).toMatchObject({ perRun: 51_321, fullPerRun: 77_760, renewPerRun: 38_880, visitDays: 20 });
    expect(Math.ceil(1_000_000 / 38_880)).toBe(26);
    expect(big.fullMaxAgeDays).toBe(40);
  });

  it('is due when the next visit would find it past the plan’s age, and when it was never dated', () => {
    const now = Date.UTC(2026, 10, 24);
    const at = (days: number) => makeSide({ looked_up_at: new Date(now - days * 86_400_000).toISOString() });
    const daily = { fullMaxAgeDays: 7, visitDays: 1 };
    expect(dueForFullLookup(at(5), daily, now)).toBe(false);
    expect(dueForFullLookup(at(6.5), daily, now)).toBe(true);
    // Seen every 4 days: renewed at the visit that would otherwise pass 12 days at the next.
    const every4 = { fullMaxAgeDays: 12, visitDays: 4 };
    expect(dueForFullLookup(at(8), every4, now)).toBe(false);
    expect(dueForFullLookup(at(8.5), every4, now)).toBe(true);
    expect(dueForFullLookup(makeSide({}), daily, now)).toBe(true);
  });
});
