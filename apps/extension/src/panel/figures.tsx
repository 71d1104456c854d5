import { regionByCode, type RegionCode, type ResultRowView } from '@crossmarket/domain';
import type { Language, MessageKey, Translate } from '../shared/messages';

const BANNED: Record<string, MessageKey> = { brand: 'bannedBrand', pid: 'bannedPid', title: 'bannedTitle' };

const money = (value: number | null, country: RegionCode, lang: Language) =>
  value === null
    ? '–'
    : new Intl.NumberFormat(lang, {
        style: 'currency',
        currency: regionByCode(country).currency.code,
      }).format(value);

/**
 * A row's figures as the report page's columns name them: buy price (buying currency), the standard
 * sell price, profit and PPR (selling currency), sellers on the selling side and whether it can be sold.
 * Each value carries its raw number (`data-value`) so tests compare it with the API's answer.
 */
export function Figures({
  row,
  from,
  to,
  lang,
  t,
  testId,
}: {
  row: ResultRowView;
  from: RegionCode;
  to: RegionCode;
  lang: Language;
  t: Translate;
  testId: string;
}) {
  const { fbm } = row;
  const ppr = fbm.profit_percent.custom.std;
  const items: [MessageKey, string, number | string | null][] = [
    ['buyPrice', money(fbm.buy_price, from, lang), fbm.buy_price],
    ['sellPrice', money(fbm.std_price, to, lang), fbm.std_price],
    ['profit', money(fbm.profit_amount.custom.std, to, lang), fbm.profit_amount.custom.std],
    [
      'ppr',
      ppr === null ? '–' : `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(ppr)} %`,
      ppr,
    ],
    ['sellers', String(row.row_to.total_prices_count ?? '–'), row.row_to.total_prices_count],
    ['status', fbm.available ? t('available') : t('notAvailable'), fbm.available ? 'available' : fbm.reason],
  ];
  return (
    <>
      <dl className="cm-figures" data-testid={testId}>
        {items.map(([key, shown, raw]) => (
          <div key={key} className="cm-figure">
            <dt>{t(key)}</dt>
            <dd data-field={key} data-value={raw ?? ''}>
              {shown}
            </dd>
          </div>
        ))}
      </dl>
      {row.banned && (
        <p className="cm-banned" role="note" data-testid={`${testId}-banned`}>
          {t('banned', { reason: t(BANNED[row.banned] ?? 'bannedTitle') })}
        </p>
      )}
    </>
  );
}
