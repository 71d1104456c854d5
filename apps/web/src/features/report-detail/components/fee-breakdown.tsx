import type { FbmBlock, ProductSellers } from '@crossmarket/domain';
import { Descriptions, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import { useMoney } from './money';

/**
 * What Amazon keeps when the product sells at its standard price, and where each figure came from:
 * Amazon's fee estimate for the seller's account, or our category table (no estimate: not connected,
 * or not asked yet). With the money model's lines at that price (`std`), the amounts are those lines',
 * so the fees here and in "From price to profit" are one figure.
 */
export function FeeBreakdown({
  fbm,
  currency,
  std = null,
}: {
  fbm: FbmBlock;
  currency: string;
  std?: ProductSellers['money']['std'];
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const lineOf = (key: 'referral_fee' | 'closing_fee') => std?.find((l) => l.key === key);
  const referral = lineOf('referral_fee');
  const closing = lineOf('closing_fee');
  const headingId = useId();
  const source = (s: 'estimate' | 'table') => t(`reportDetail.fees.source.${s}`);
  const rate = `${formatNumber(fbm.commission_rate, i18n.language, { maximumFractionDigits: 2 })} %`;
  return (
    <section aria-labelledby={headingId} data-testid="fee-breakdown">
      <Typography.Title level={5} id={headingId}>
        {fbm.std_price === null
          ? t('reportDetail.fees.title')
          : t('reportDetail.fees.titleAt', { price: money(fbm.std_price, currency) })}
      </Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('reportDetail.fees.referral')}>
          {referral && (
            <span data-testid="referral-amount">{money(referral.amount, referral.currency)} · </span>
          )}
          {rate} · <span data-testid="referral-source">{source(fbm.commission_source)}</span>
          {fbm.commission_category && ` · ${fbm.commission_category}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportDetail.fees.closing')}>
          <span data-testid="closing-amount">
            {closing ? money(closing.amount, closing.currency) : money(fbm.closing_fee ?? 0, currency)}
          </span>{' '}
          ·{' '}
          <span data-testid="closing-source">{source(fbm.closing_fee === null ? 'table' : 'estimate')}</span>
        </Descriptions.Item>
        {fbm.fee_estimate_price !== null && (
          <Descriptions.Item label={t('reportDetail.fees.askedAt')}>
            <span data-testid="fee-asked-at">
              {fbm.fee_estimate_shipping
                ? t('reportDetail.fees.askedAtWithShipping', {
                    price: money(fbm.fee_estimate_price, currency),
                    shipping: money(fbm.fee_estimate_shipping, currency),
                  })
                : money(fbm.fee_estimate_price, currency)}
            </span>
          </Descriptions.Item>
        )}
        {/* Amazon's other lines (a per-item fee, …) by its own names: the seller's plan, not the product. */}
        {fbm.other_fees && fbm.other_fees.length > 0 && (
          <Descriptions.Item label={t('reportDetail.fees.other')}>
            <span data-testid="other-fees">
              {fbm.other_fees.map((f) => `${f.type} ${money(f.amount, currency)}`).join(' · ')}
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t(
          fbm.fee_estimate_price === null ? 'reportDetail.fees.tableHint' : 'reportDetail.fees.estimateHint',
        )}
      </Typography.Paragraph>
    </section>
  );
}
