import { PRODUCT_ID } from '@crossmarket/domain';

/** The product paths Amazon uses: /dp/ASIN, /gp/product/ASIN, /gp/aw/d/ASIN (mobile), with or without a slug before. */
const PATH_ASIN = /\/(?:dp|gp\/product|gp\/aw\/d)\/([A-Z0-9]{10})(?:[/?#]|$)/i;

/** Where the page itself names its ASIN: hidden form fields and data attributes Amazon's pages carry. */
const ASIN_FIELDS = [
  'input#ASIN',
  'input[name="ASIN"]',
  'input[name="ASIN.0"]',
  '[data-asin]:not([data-asin=""])#dp',
  '#averageCustomerReviews[data-asin]',
];

const asAsin = (value: string | null | undefined) => {
  const upper = value?.trim().toUpperCase() ?? '';
  return PRODUCT_ID.test(upper) ? upper : null;
};

/**
 * The ASIN of the product a page shows: from the address first (it names the product the seller opened),
 * else from the page's own ASIN field (a product page reached through a redirect or a short link).
 * Only what our product IDs accept (B + 9): a book's ISBN-10 is not a product we can look up.
 */
export function asinOf(url: string, doc: Document): string | null {
  const path = new URL(url).pathname;
  const fromPath = asAsin(PATH_ASIN.exec(path)?.[1]);
  if (fromPath) return fromPath;
  for (const selector of ASIN_FIELDS) {
    const el = doc.querySelector(selector);
    const value = el instanceof HTMLInputElement ? el.value : el?.getAttribute('data-asin');
    const found = asAsin(value);
    if (found) return found;
  }
  return null;
}

/** The buy box the panel goes beside, in the order Amazon's layouts have used; null: float it instead. */
export function buyBoxOf(doc: Document): Element | null {
  return (
    doc.querySelector('#desktop_buybox') ??
    doc.querySelector('#buybox') ??
    doc.querySelector('#rightCol') ??
    doc.querySelector('#buyBoxAccordion')
  );
}

/** The page's language as the panel speaks it: Turkish where the page is, English otherwise. */
export const languageOf = (doc: Document): 'en' | 'tr' =>
  (doc.documentElement.lang || '').toLowerCase().startsWith('tr') ? 'tr' : 'en';
