import { REGIONS } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import { asinOf, buyBoxOf, languageOf } from '../src/page/product-page';
import { checkCountries, countryName, marketplaceOfHost } from '../src/shared/marketplace';
// @ts-expect-error a plain ES module of the build, without types
import { DOMAINS, MINIMUM_CHROME_VERSION, PRODUCT_MATCHES } from '../build.mjs';

// ASIN and marketplace extraction over small saved product pages of all seven marketplaces, one URL
// shape each (/dp/ with a slug, /dp/, /gp/product/, /gp/aw/d/, none (the page's ASIN field), an
// ISBN-10 in the path (not a product we look up), lower case).

const FIXTURES = import.meta.glob<string>('./fixtures/*.html', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const page = (file: string) => new DOMParser().parseFromString(FIXTURES[`./fixtures/${file}`]!, 'text/html');

const CASES = [
  [
    'amazon-com.html',
    'https://www.amazon.com/Wooden-Train-Set/dp/B0C1XAMPLE/ref=sr_1_1?keywords=x',
    'us',
    'B0C1XAMPLE',
    'desktop_buybox',
  ],
  ['amazon-ca.html', 'https://www.amazon.ca/dp/B0C2XAMPLE?th=1', 'ca', 'B0C2XAMPLE', 'buybox'],
  ['amazon-co-uk.html', 'https://www.amazon.co.uk/gp/product/B0C3XAMPLE', 'uk', 'B0C3XAMPLE', 'rightCol'],
  [
    'amazon-com-mx.html',
    'https://www.amazon.com.mx/gp/aw/d/B0C4XAMPLE/',
    'mx',
    'B0C4XAMPLE',
    'buyBoxAccordion',
  ],
  ['amazon-com-au.html', 'https://www.amazon.com.au/Some-Product-Page', 'au', 'B0C5XAMPLE', 'desktop_buybox'],
  ['amazon-ae.html', 'https://www.amazon.ae/dp/0123456789', 'ae', 'B0C6XAMPLE', 'desktop_buybox'],
  ['amazon-sg.html', 'https://www.amazon.sg/dp/b0c7xample#reviews', 'sg', 'B0C7XAMPLE', null],
] as const;

describe('a product page', () => {
  it.each(CASES)('%s: %s', (file, url, region, asin, buyBox) => {
    const doc = page(file);
    expect(marketplaceOfHost(new URL(url).hostname)).toBe(region);
    expect(asinOf(url, doc)).toBe(asin);
    expect(buyBoxOf(doc)?.id ?? null).toBe(buyBox);
  });

  it('prefers the address to the page field, and finds nothing on a page without either', () => {
    expect(asinOf('https://www.amazon.com/dp/B0C9XAMPLE', page('amazon-com.html'))).toBe('B0C9XAMPLE');
    const empty = new DOMParser().parseFromString('<html><body></body></html>', 'text/html');
    expect(asinOf('https://www.amazon.com/s?k=train', empty)).toBeNull();
  });

  it('knows no marketplace off Amazon, and bare and smile hosts as their www one', () => {
    expect(marketplaceOfHost('www.amazon.de')).toBeNull();
    expect(marketplaceOfHost('127.0.0.1')).toBeNull();
    expect(marketplaceOfHost('amazon.co.uk')).toBe('uk');
    expect(marketplaceOfHost('smile.amazon.com')).toBe('us');
  });

  it('speaks Turkish only on a Turkish page', () => {
    expect(languageOf(page('amazon-com.html'))).toBe('en');
    const turkish = new DOMParser().parseFromString('<html lang="tr-TR"></html>', 'text/html');
    expect(languageOf(turkish)).toBe('tr');
  });
});

describe('the manifest', () => {
  it('asks for a Chrome whose storage.local can be hidden from content scripts (setAccessLevel, 140)', () => {
    expect(Number(MINIMUM_CHROME_VERSION)).toBeGreaterThanOrEqual(140);
  });

  it("matches every region's product pages, explicitly", () => {
    expect([...DOMAINS].sort()).toEqual(REGIONS.map((r) => r.domain).sort());
    for (const domain of DOMAINS) {
      for (const p of ['/dp/*', '/*/dp/*', '/gp/product/*', '/gp/aw/d/*'])
        expect(PRODUCT_MATCHES).toContain(`https://www.${domain}${p}`);
    }
  });
});

describe('the countries of a check', () => {
  it('names a country in the panel’s language', () => {
    expect(countryName('uk', 'en')).toBe('United Kingdom');
    expect(countryName('ae', 'tr')).toBe('Birleşik Arap Emirlikleri');
  });

  it('takes a buying page as the buying side and the remembered selling country', () => {
    expect(checkCountries('us', { sellTo: 'uk' })).toEqual({ from: 'us', to: 'uk', pageSide: 'from' });
    expect(checkCountries('uk', {})).toMatchObject({ from: 'uk', to: 'us' });
    expect(checkCountries('us', { sellTo: 'us' })).toMatchObject({ from: 'us', to: 'ca' });
  });

  it('takes a selling-only page as the selling side, bought in the remembered buying country', () => {
    expect(checkCountries('ca', {})).toEqual({ from: 'us', to: 'ca', pageSide: 'to' });
    expect(checkCountries('mx', { buyIn: 'uk' })).toMatchObject({ from: 'uk', to: 'mx' });
  });
});
