import { round2 } from '../regions';

/**
 * A supplier's buy price as the lane's model reads a buying-side price: in the buying country's currency
 * (through the report's rates, units per USD), and written the way that country's shop prices are. A
 * supplier quotes trade prices without the purchase tax (VAT); where shop prices include it (the UK) the
 * model takes the tax back out of the price, so a price without it is grossed up by the lane's purchase
 * rate first. Where shop prices are without the tax (the US) a trade price already reads right.
 */
export function supplierSourcePrice(
  buyPrice: number,
  opts: {
    listCurrency: string;
    buyCurrency: string;
    rates: Readonly<Record<string, number>>;
    pricesIncludeTax: boolean;
    /** The lane's purchase tax (`ResolvedLane.purchaseTax`); null without a lane (the plain formula). */
    purchaseTax: { rate: number; includes: boolean } | null;
  },
): number {
  let price = buyPrice;
  if (opts.listCurrency !== opts.buyCurrency) {
    const from = opts.rates[opts.listCurrency];
    const to = opts.rates[opts.buyCurrency];
    if (!from || !to) throw new Error(`no exchange rate for ${opts.listCurrency} or ${opts.buyCurrency}`);
    price = (price * to) / from;
  }
  const tax = opts.purchaseTax;
  if (tax && tax.includes && !opts.pricesIncludeTax) price *= 1 + tax.rate / 100;
  return round2(price);
}

/**
 * How sure a line's match to one ASIN is: the supplier named the ASIN; the identifier names this product
 * alone; it names several (a single and its multipacks, variations), each a row; or Amazon calls the
 * product a bundle (more than the supplier's item).
 */
export function matchConfidence(
  kind: string,
  matchesOfLine: number,
  bundle: boolean,
): 'asin' | 'exact' | 'one_of_several' | 'bundle' {
  if (kind === 'ASIN') return 'asin';
  if (bundle) return 'bundle';
  return matchesOfLine > 1 ? 'one_of_several' : 'exact';
}
