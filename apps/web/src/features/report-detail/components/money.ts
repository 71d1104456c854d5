import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format-number';

export type MoneyFormat = (amount: number | null | undefined, currency: string) => string;
export type NumberFormat = (n: number | null | undefined) => string;

/** Amounts in a currency in `lang`; missing values show `na`. */
export function moneyFormat(lang: string, na: string): MoneyFormat {
  return (amount, currency) => {
    if (amount == null || !Number.isFinite(amount)) return na;
    return formatMoney(amount, currency, lang);
  };
}

const TWO_DECIMALS = { maximumFractionDigits: 2 };

/** Plain numbers (at most two decimals) in `lang`; missing values show `na`. */
export function numberFormat(lang: string, na: string): NumberFormat {
  return (n) => (n == null || !Number.isFinite(n) ? na : formatNumber(n, lang, TWO_DECIMALS));
}

/** Amounts in a currency, in the interface language; missing values show NA. */
export function useMoney(): MoneyFormat {
  const { t, i18n } = useTranslation();
  return moneyFormat(i18n.language, t('reportDetail.na'));
}
