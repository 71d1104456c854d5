import fs from 'node:fs';
import path from 'node:path';
import { estimateSchedule, feeAt, matchCommission, minimumReferralFee } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import { baselineSandbox } from './helpers/sandbox';
import { toFeeEstimate } from '../src/providers/marketplace/spapi/fees-estimates';
import { provider } from './helpers/spapi-client';
import { AMAZON_DEFAULT_LIMITS, startSpapiStandIn } from './helpers/spapi-stand-in';

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/spapi', name), 'utf8'));

describe("fee estimates from Amazon's getMyFeesEstimates answers", () => {
  it('reads the referral and the closing fee (their final amounts) at the price asked', () => {
    expect(toFeeEstimate(fixture('fees-estimate-referral-closing.json'), 25, 'USD')).toEqual({
      price: 25,
      referral_fee: 3.75,
      closing_fee: 1.8,
    });
  });

  it('takes the final fee after a promotion, and no closing fee as 0', () => {
    const answer = fixture('fees-estimate-referral-closing.json');
    answer.FeesEstimate.FeeDetailList = [
      {
        FeeType: 'ReferralFee',
        FeeAmount: { CurrencyCode: 'USD', Amount: 3.75 },
        FeePromotion: { CurrencyCode: 'USD', Amount: 1 },
        FinalFee: { CurrencyCode: 'USD', Amount: 2.75 },
      },
    ];
    expect(toFeeEstimate(answer, 25, 'USD')).toEqual({ price: 25, referral_fee: 2.75, closing_fee: 0 });
  });

  it("refuses money in another currency than the marketplace's, a failed status, or no referral fee", () => {
    expect(toFeeEstimate(fixture('fees-estimate-referral-closing.json'), 25, 'CAD')).toBeNull();
    expect(
      toFeeEstimate({ ...fixture('fees-estimate-referral-closing.json'), Status: 'ClientError' }, 25, 'USD'),
    ).toBeNull();
    const noReferral = fixture('fees-estimate-referral-closing.json');
    noReferral.FeesEstimate.FeeDetailList = noReferral.FeesEstimate.FeeDetailList.slice(1);
    expect(toFeeEstimate(noReferral, 25, 'USD')).toBeNull();
  });
});

describe('fees on the real price, and the lines we do not count', () => {
  it('sends the shipping with the price: the referral fee is charged on both, and its share is of both', async () => {
    const stand = await startSpapiStandIn();
    try {
      const { marketplace } = provider(stand);
      const own = { sellingPartnerId: 'A1SELLERPARTNER', refreshToken: 'Atzr|seller-own' };
      const [shipped, itemFee] = await marketplace.feeEstimates!(
        [
          { asin: 'B000000001', price: 20, shipping: 5 },
          { asin: 'BITEMFEE01', price: 20, shipping: 0 },
        ],
        'us',
        { own, tenant: 'u1' },
      );
      // 15 % of 25.00, not of 20.00.
      expect(shipped).toEqual({ price: 20, shipping: 5, referral_fee: 3.75, closing_fee: 0 });
      // The per-item fee is named, not counted in the referral or closing fee.
      expect(itemFee).toEqual({
        price: 20,
        referral_fee: 3,
        closing_fee: 0,
        other_fees: [{ type: 'PerItemFee', amount: 0.99 }],
      });
      expect(stand.refused).toEqual([]);
      // Priced at another price, the rate is the 15 % of price plus shipping, not 18.75 % of the price.
      const schedule = estimateSchedule(shipped!, matchCommission([], 'us', 15).schedule, 'us').schedule;
      expect(schedule.rate).toBeCloseTo(0.15, 10);
    } finally {
      await stand.close();
    }
  });
});

describe('the SP-API provider asks for fees under the seller’s own authorisation', () => {
  it("asks 20 items a call with the model's required fields, within Amazon's default rate", async () => {
    const stand = await startSpapiStandIn();
    expect(stand.limits.getMyFeesEstimates).toEqual(AMAZON_DEFAULT_LIMITS.getMyFeesEstimates);
    try {
      const { marketplace, client } = provider(stand);
      const items = [
        { asin: 'BMEDIA0001', price: 20, shipping: 0 },
        { asin: 'BNOFEE0001', price: 20, shipping: 0 },
        ...Array.from({ length: 23 }, (_, i) => ({
          asin: `B0000000${String(i).padStart(2, '0')}`,
          price: 40,
          shipping: 0,
        })),
      ];
      const own = { sellingPartnerId: 'A1SELLERPARTNER', refreshToken: 'Atzr|seller-own' };
      const answers = await marketplace.feeEstimates!(items, 'ca', { own, tenant: 'u1' });
      expect(answers[0]).toEqual({ price: 20, referral_fee: 3, closing_fee: 1.8 });
      expect(answers[1]).toBeNull();
      expect(answers.slice(2)).toEqual(
        items.slice(2).map(() => ({ price: 40, referral_fee: 6, closing_fee: 0 })),
      );
      expect(stand.refused).toEqual([]);
      expect(stand.throttled.getMyFeesEstimates).toBe(0);
      expect(stand.callsOf('Atzr|seller-own', 'getMyFeesEstimates')).toBe(2);
      expect(client.stats.throttled).toBe(0);
    } finally {
      await stand.close();
    }
  });
});

describe("the sandbox's fee estimates", () => {
  it('follow the category table with a small difference, add the closing fee for media, and repeat', async () => {
    const sandbox = baselineSandbox();
    const ids = Array.from({ length: 400 }, (_, i) => `B${String(i).padStart(9, '0')}`);
    const own = { own: { sellingPartnerId: 'ASANDBOX', refreshToken: 'sandbox' } };
    const items = ids.map((asin) => ({ asin, price: 30, shipping: 0 }));
    const [answers, again, found] = await Promise.all([
      sandbox.feeEstimates!(items, 'us', own),
      sandbox.feeEstimates!(items, 'us', own),
      sandbox.lookup(ids, 'us', { shipTo: 'us' }),
    ]);
    expect(again).toEqual(answers);
    let differ = 0;
    let media = 0;
    answers.forEach((a, i) => {
      const side = found[i]!.side;
      if (side.status === 'dog') return expect(a).toBeNull();
      const categories = side.sales_rank ? [...side.categories, side.sales_rank.category] : side.categories;
      const table = feeAt(30, matchCommission(categories, 'us', 15).schedule);
      expect(Math.abs(a!.referral_fee - table)).toBeLessThanOrEqual(0.3 + 0.005); // at most a point of 30
      expect(a!.referral_fee).toBeGreaterThanOrEqual(minimumReferralFee('us'));
      if (Math.abs(a!.referral_fee - table) > 0.01) differ += 1;
      if (a!.closing_fee > 0) media += 1;
      expect(a!.closing_fee === 0 || a!.closing_fee === 1.8).toBe(true);
    });
    expect(differ).toBeGreaterThan(0);
    expect(media).toBeGreaterThan(0);
  });
});
