import { useTranslation } from 'react-i18next';

const formats = new Map<string, Intl.NumberFormat>();

/** Amounts in a currency, in the interface language; missing values show NA. */
export function useMoney() {
  const { t, i18n } = useTranslation();
  return (amount: number | null | undefined, currency: string) => {
    if (amount == null || !Number.isFinite(amount)) return t('reportDetail.na');
    const key = `${i18n.language}:${currency}`;
    let format = formats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
      formats.set(key, format);
    }
    return format.format(amount);
  };
}

export function useNumber() {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (n: number | null | undefined) =>
    n == null || !Number.isFinite(n) ? t('reportDetail.na') : format.format(n);
}
