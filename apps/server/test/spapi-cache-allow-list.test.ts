import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedCatalog, cachedOffers } from '../src/providers/marketplace/spapi/cache-allow-list';
import { toSnapshot, type MappingContext } from '../src/providers/marketplace/spapi/mapping';

// The shared lookup cache keeps an allow-list of Amazon's answers: whatever the mapping reads, nothing
// else. Each fixture maps the same from the kept copy as from the answer, and nothing the list does not
// name (the caller's own offer and SKU, members Amazon may add) is kept.

const dir = path.join(import.meta.dirname, 'fixtures/spapi');
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
const OFFERS = fs.readdirSync(dir).filter((f) => f.startsWith('item-offers'));
const CATALOG = ['catalog-item.json', 'catalog-item-metric.json', 'catalog-item-dangerous.json'];
const DAY = 86_400_000;
const CONTEXTS: MappingContext[] = [
  { importRate: 0, today: Math.floor(Date.now() / DAY) * DAY, region: 'us', shipTo: 'us' },
  { importRate: 0.16, today: Math.floor(Date.now() / DAY) * DAY, region: 'us', shipTo: 'mx' },
  {
    importRate: 0,
    today: Math.floor(Date.now() / DAY) * DAY,
    region: 'ca',
    shipTo: 'ca',
    amazonSellerId: 'X',
  },
];

describe('what the lookup cache keeps', () => {
  it('maps every fixture exactly as the full answer does', () => {
    expect(OFFERS.length).toBeGreaterThan(5);
    for (const catalogFile of CATALOG) {
      const item = fixture(catalogFile);
      for (const offersFile of OFFERS) {
        const offers = fixture(offersFile);
        for (const context of CONTEXTS) {
          const full = toSnapshot(item.asin, item, offers, context);
          const kept = toSnapshot(item.asin, cachedCatalog(item), cachedOffers(offers), context);
          expect(kept, `${catalogFile} + ${offersFile} in ${context.region}→${context.shipTo}`).toEqual(full);
        }
      }
    }
  });

  it("keeps nothing it does not name: not the caller's offer or SKU, not a member Amazon adds", () => {
    const offers = fixture('item-offers.json');
    offers.Identifier = { ...offers.Identifier, SellerSKU: 'MY-SKU-1' };
    offers.FutureMember = 'top';
    offers.Summary.FutureMember = 'summary';
    offers.Offers[0].MyOffer = true;
    offers.Offers[0].FutureMember = 'offer';
    offers.Offers[0].ListingPrice.FutureMember = 'money';
    const item = { ...fixture('catalog-item.json'), FutureMember: 'item' };
    item.summaries[0].FutureMember = 'summary';
    const kept = JSON.stringify([cachedOffers(offers), cachedCatalog(item)]);
    for (const leak of ['MY-SKU-1', 'MyOffer', 'FutureMember', 'SellerSKU', 'Identifier']) {
      expect(kept).not.toContain(leak);
    }
  });
});
