import { useTranslation } from 'react-i18next';

// Formatters are costly to build and a results page shows hundreds of amounts: one per language and
// currency, kept for the page's life.
const formats = new Map<string, Intl.NumberFormat>();
function formatter(key: string, make: () => Intl.NumberFormat) {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export type MoneyFormat = (amount: number | null | undefined, currency: string) => string;
export type NumberFormat = (n: number | null | undefined) => string;

/** Amounts in a currency in `lang`; missing values show `na`. */
export function moneyFormat(lang: string, na: string): MoneyFormat {
  return (amount, currency) => {
    if (amount == null || !Number.isFinite(amount)) return na;
    return formatter(
      `${lang}:${currency}`,
      () => new Intl.NumberFormat(lang, { style: 'currency', currency }),
    ).format(amount);
  };
}

/** Plain numbers (at most two decimals) in `lang`; missing values show `na`. */
export function numberFormat(lang: string, na: string): NumberFormat {
  const format = formatter(`${lang}:number`, () => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }));
  return (n) => (n == null || !Number.isFinite(n) ? na : format.format(n));
}

/** Amounts in a currency, in the interface language; missing values show NA. */
export function useMoney(): MoneyFormat {
  const { t, i18n } = useTranslation();
  return moneyFormat(i18n.language, t('reportDetail.na'));
}
