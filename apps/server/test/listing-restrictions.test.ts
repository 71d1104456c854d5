import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineSandbox } from './helpers/sandbox';
import { SANDBOX_GATED_BRANDS } from '../src/providers/marketplace/sandbox-restrictions';
import { toListingRestriction } from '../src/providers/marketplace/spapi/listings-restrictions';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import { provider } from './helpers/spapi-client';
import { AMAZON_DEFAULT_LIMITS, startSpapiStandIn } from './helpers/spapi-stand-in';

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/spapi', name), 'utf8'));
const US = MARKETPLACES.us.id;

describe("listing restrictions from Amazon's getListingsRestrictions answers", () => {
  it("reads only restrictions on new goods: Amazon's example (used, acceptable) leaves new listable", () => {
    expect(toListingRestriction(fixture('listings-restrictions.json'), US)).toEqual({
      state: 'can_list',
      reasons: [],
      approval_url: null,
    });
    expect(toListingRestriction({ restrictions: [] }, US).state).toBe('can_list');
  });

  it('approval required comes with Amazon’s approval link; not eligible with its reason and no link', () => {
    expect(toListingRestriction(fixture('listings-restrictions-approval.json'), US)).toEqual({
      state: 'approval_required',
      reasons: ['You need approval to list in this brand.'],
      approval_url:
        'https://sellercentral.amazon.com/hz/approvalrequest/restrictions/approve?asin=B0000ASIN1',
    });
    expect(toListingRestriction(fixture('listings-restrictions-not-eligible.json'), US)).toEqual({
      state: 'cannot_list',
      reasons: ['You cannot list this product in this marketplace.'],
      approval_url: null,
    });
  });

  it('a restriction without a condition applies to new goods; one without a way forward cannot be lifted', () => {
    const noLink = { restrictions: [{ reasons: [{ message: 'Restricted.' }] }] };
    expect(toListingRestriction(noLink, US)).toMatchObject({
      state: 'cannot_list',
      reasons: ['Restricted.'],
    });
    const approvalNoLink = {
      restrictions: [{ reasons: [{ message: 'Apply.', reasonCode: 'APPROVAL_REQUIRED' as const }] }],
    };
    expect(toListingRestriction(approvalNoLink, US)).toEqual({
      state: 'approval_required',
      reasons: ['Apply.'],
      approval_url: null,
    });
    const otherMarketplace = {
      restrictions: [{ marketplaceId: MARKETPLACES.ca.id, reasons: [{ message: 'x' }] }],
    };
    expect(toListingRestriction(otherMarketplace, US).state).toBe('can_list');
  });
});

describe('the SP-API provider asks for each product under the seller’s own authorisation', () => {
  it("asks once per ASIN with the seller's id, within Amazon's default rate, and maps the answers", async () => {
    const stand = await startSpapiStandIn();
    expect(stand.limits.getListingsRestrictions).toEqual(AMAZON_DEFAULT_LIMITS.getListingsRestrictions);
    try {
      const { marketplace, client } = provider(stand);
      const asins = [
        'BGATED0001',
        'BNOLIST001',
        ...Array.from({ length: 13 }, (_, i) => `B0000000${String(i).padStart(2, '0')}`),
      ];
      const own = { sellingPartnerId: 'A1SELLERPARTNER', refreshToken: 'Atzr|seller-own' };
      const answers = await marketplace.listingRestrictions!(asins, 'us', { own, tenant: 'u1' });
      expect(answers[0]).toMatchObject({
        state: 'approval_required',
        approval_url: expect.stringContaining('asin=BGATED0001'),
      });
      expect(answers[1]).toMatchObject({ state: 'cannot_list' });
      expect(answers.slice(2).every((a) => a?.state === 'can_list')).toBe(true);
      // Every request was well formed (sellerId, marketplaceIds, conditionType) and none was throttled:
      // 15 calls against a burst of 10 at 5 a second, paced by the client (which starts with one token
      // held back: `startingTokens`).
      expect(stand.refused).toEqual([]);
      expect(stand.throttled.getListingsRestrictions).toBe(0);
      expect(stand.callsOf('Atzr|seller-own', 'getListingsRestrictions')).toBe(15);
      expect(client.stats.throttled).toBe(0);
    } finally {
      await stand.close();
    }
  });
});

describe("the sandbox's listing restrictions", () => {
  it('gate some brands with an approval link, refuse a few products and unknown ones, and repeat themselves', async () => {
    const sandbox = baselineSandbox();
    const ids = Array.from({ length: 400 }, (_, i) => `B${String(i).padStart(9, '0')}`);
    const own = { own: { sellingPartnerId: 'ASANDBOX', refreshToken: 'sandbox' } };
    const [answers, again, found] = await Promise.all([
      sandbox.listingRestrictions!(ids, 'uk', own),
      sandbox.listingRestrictions!(ids, 'uk', own),
      sandbox.lookup(ids, 'uk', { shipTo: 'uk' }),
    ]);
    expect(again).toEqual(answers);
    const states = new Set(answers.map((a) => a!.state));
    expect(states).toEqual(new Set(['can_list', 'approval_required', 'cannot_list']));
    answers.forEach((a, i) => {
      const side = found[i]!.side;
      if (side.status === 'dog') return expect(a!.state).toBe('cannot_list');
      if (a!.state === 'approval_required') {
        expect(SANDBOX_GATED_BRANDS).toContain(side.brand);
        expect(a!.approval_url).toBe(
          `https://sellercentral.amazon.co.uk/hz/approvalrequest/restrictions/approve?asin=${ids[i]}`,
        );
      }
    });
  });
});
