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

/** Amounts in a currency, in the interface language; missing values show NA. */
export function useMoney() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (amount: number | null | undefined, currency: string) => {
    if (amount == null || !Number.isFinite(amount)) return t('reportDetail.na');
    return formatter(
      `${lang}:${currency}`,
      () => new Intl.NumberFormat(lang, { style: 'currency', currency }),
    ).format(amount);
  };
}

/** Plain numbers (at most two decimals) in the interface language; missing values show NA. */
export function useNumber() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const format = formatter(`${lang}:number`, () => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }));
  return (n: number | null | undefined) =>
    n == null || !Number.isFinite(n) ? t('reportDetail.na') : format.format(n);
}
