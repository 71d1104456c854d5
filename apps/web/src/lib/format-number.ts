// Formatters are costly to build and a results page shows hundreds of numbers: one per language and
// options, kept for the page's life (a handful: two languages, a few option sets and currencies).
const formats = new Map<string, Intl.NumberFormat>();

function formatter(lang: string, id: string, options: Intl.NumberFormatOptions | undefined) {
  const key = `${lang}|${id}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, options);
    formats.set(key, format);
  }
  return format;
}

// A constant options object (the hot callers keep one) is written out once, not on every number.
const optionIds = new WeakMap<Intl.NumberFormatOptions, string>();
function idOf(options: Intl.NumberFormatOptions) {
  let id = optionIds.get(options);
  if (id === undefined) {
    id = JSON.stringify(options);
    optionIds.set(options, id);
  }
  return id;
}

/** A number in `lang` (grouping, decimals), with `Intl.NumberFormat`'s options when given. */
export function formatNumber(value: number, lang: string, options?: Intl.NumberFormatOptions): string {
  return formatter(lang, options ? idOf(options) : '', options).format(value);
}

/** An amount in a currency (`USD`, in its units, not cents) in `lang`, with the currency's sign. */
export function formatMoney(amount: number, currency: string, lang: string): string {
  return formatter(lang, `currency:${currency}`, { style: 'currency', currency }).format(amount);
}
