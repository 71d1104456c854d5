import { memo } from 'react';
import type { ResultRowView } from '../api/filter-results';
import { useCellKit } from './cell-kit';

export const CostProfit = memo(function CostProfit({
  row,
  settingsDefined,
  currency,
  onRates,
  intlUnset = false,
}: {
  row: ResultRowView;
  settingsDefined: boolean;
  currency: string;
  /** The profit counts no international leg (the lane has no rate card, or the product no parcel). */
  intlUnset?: boolean;
  /** Opens the product's own rates. */
  onRates: (productId: string) => void;
}) {
  const { t, money, num } = useCellKit();
  if (!settingsDefined)
    return <span className="cm-text cm-text-secondary">{t('reportDetail.row.defineSettings')}</span>;
  const fbm = row.fbm;
  if (fbm.reason === 'ppr_failed' || fbm.reason === 'no_price_for_rate')
    return <span className="cm-text cm-text-danger">{t(`statusReason.${fbm.reason}`)}</span>;
  const ratesButton = (
    <button
      type="button"
      className={row.individual || intlUnset ? 'cm-btn' : 'cm-btn cm-self-start'}
      onClick={() => onRates(row.product_id)}
    >
      {t(row.individual ? 'reportDetail.rates.edit' : 'reportDetail.rates.set')}
    </button>
  );
  return (
    <div className="cm-stack">
      <span>{`${t('reportDetail.row.cost')}: ${money(fbm.cost_in_tc, currency)}`}</span>
      {/* Every figure says at which price it is taken: profit and PPR at the selling side's buy box (what
          filters, sorts and charts use), then the price the rules set, which is what the file lists. The
          three buy-box figures share a line where the column allows (denser rows, issue 46 item 7). */}
      <div className="cm-line cm-line-figures">
        <span data-testid="at-buybox">
          {fbm.sell_price.buybox != null
            ? t('reportDetail.row.atBuybox', { price: money(fbm.sell_price.buybox, currency) })
            : row.row_cross.status !== 'ok'
              ? t('reportDetail.row.noSource')
              : t('reportDetail.row.noBuybox')}
        </span>
        <span className="cm-indent">
          {`PPR: ${fbm.profit_percent.buybox == null ? t('reportDetail.na') : `${num(fbm.profit_percent.buybox)}%`}`}
        </span>
        <span className="cm-indent">
          {`${t('reportDetail.row.profit')}: ${money(fbm.profit_amount.buybox, currency)}`}
        </span>
      </div>
      <div className="cm-line cm-line-figures">
        <span data-testid="our-price">
          {`${t('reportDetail.row.ourPrice')}: ${money(fbm.std_price ?? fbm.sell_price.buybox, currency)}`}
        </span>
        <span className="cm-text cm-text-secondary" data-testid="fee-source">
          {t('reportDetail.row.fee', {
            rate: num(fbm.commission_rate),
            source: t(`reportDetail.fees.source.${fbm.commission_source}`),
          }) + (fbm.closing_fee ? ` + ${money(fbm.closing_fee, currency)}` : '')}
        </span>
      </div>
      {!fbm.available && fbm.reason && fbm.reason !== 'ppr_failed' && fbm.reason !== 'no_price_for_rate' && (
        <span className="cm-text cm-text-warning">{t('reportDetail.row.notForFbm')}</span>
      )}
      {row.individual || intlUnset ? (
        <div className="cm-line cm-line-ids">
          {row.individual && (
            <span data-testid="own-rates">
              {`${t('reportDetail.rates.own')}: ${num(row.individual.min)} / ${num(row.individual.std)} / ${num(row.individual.max)}%`}
            </span>
          )}
          {intlUnset && (
            // The hint on hover, and in words for screen readers: not the colour alone.
            <span
              className="cm-tag cm-tag-orange"
              title={t('reportDetail.row.intlUnsetHint')}
              data-testid="intl-unset"
            >
              <span aria-hidden="true">⚠ </span>
              {t('reportDetail.row.intlUnset')}
              <span className="sr-only">{t('reportDetail.row.intlUnsetHint')}</span>
            </span>
          )}
          {ratesButton}
        </div>
      ) : (
        // Alone, the button needs no line of its own: one node less on most rows.
        ratesButton
      )}
    </div>
  );
});
