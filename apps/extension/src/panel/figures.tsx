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

const percent = (value: number | null, lang: Language) =>
  value === null ? '–' : `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value)} %`;

/**
 * A row's figures as the report page shows them (issue 46): profit and PPR at the selling side's buy
 * box, the price they are taken at, and our standard price with its rate as a second line (which by
 * construction earns the rule's rate, so it cannot lead). Buy price in the buying currency, the rest in
 * the selling one. Each value carries its raw number (`data-value`) so tests compare it with the API's.
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
  const items: [MessageKey, string, number | string | null][] = [
    ['buyPrice', money(fbm.buy_price, from, lang), fbm.buy_price],
    ['sellPrice', money(fbm.sell_price.buybox, to, lang), fbm.sell_price.buybox],
    ['profit', money(fbm.profit_amount.buybox, to, lang), fbm.profit_amount.buybox],
    ['ppr', percent(fbm.profit_percent.buybox, lang), fbm.profit_percent.buybox],
    [
      'ourPrice',
      fbm.std_price === null
        ? '–'
        : t('ourPriceAt', {
            price: money(fbm.std_price, to, lang),
            ppr: percent(fbm.profit_percent.custom.std, lang),
          }),
      fbm.std_price,
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
