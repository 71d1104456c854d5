import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../lib/country';
import dayjs from '../../lib/dayjs';
import { formatMoney, formatNumber } from '../../lib/format-number';

const TWO_DECIMALS: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const PERCENT: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 1 };

type Lane = { from: string | null; to: string | null };

/** Amounts in their own currency, in the interface language; an unknown amount or currency shows a dash. */
export function useMoneyFormat() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(
    () => ({
      money: (amount: number | null | undefined, currency: string | null | undefined) =>
        amount == null || !Number.isFinite(amount)
          ? '—'
          : currency
            ? formatMoney(amount, currency, lang)
            : formatNumber(amount, lang, TWO_DECIMALS),
      /** "United States → Canada", or that the lane is not known (an order not sold through Crossmarket). */
      lane: (lane: Lane) =>
        lane.from && lane.to
          ? `${regionName(lane.from, lang)} → ${regionName(lane.to, lang)}`
          : t('money.noLane'),
      date: (iso: string | null | undefined) => (iso ? dayjs(iso).format('LL') : '—'),
      percent: (value: number | null | undefined) =>
        value == null ? '—' : formatNumber(value / 100, lang, PERCENT),
    }),
    [t, lang],
  );
}

/** `us-ca` for a lane the API filters by; null for an unknown lane. */
export const laneKey = (lane: Lane) => (lane.from && lane.to ? `${lane.from}-${lane.to}` : null);
