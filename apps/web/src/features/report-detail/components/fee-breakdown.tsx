import type { FbmBlock } from '@crossmarket/domain';
import { Descriptions, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import { useMoney } from './money';

/**
 * What Amazon keeps when the product sells at its standard price, and where each figure came from:
 * Amazon's fee estimate for the seller's account, or our category table (no estimate: not connected,
 * or not asked yet).
 */
export function FeeBreakdown({ fbm, currency }: { fbm: FbmBlock; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const headingId = useId();
  const source = (s: 'estimate' | 'table') => t(`reportDetail.fees.source.${s}`);
  const rate = `${formatNumber(fbm.commission_rate, i18n.language, { maximumFractionDigits: 2 })} %`;
  return (
    <section aria-labelledby={headingId} data-testid="fee-breakdown">
      <Typography.Title level={5} id={headingId}>
        {t('reportDetail.fees.title')}
      </Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('reportDetail.fees.referral')}>
          {rate} · <span data-testid="referral-source">{source(fbm.commission_source)}</span>
          {fbm.commission_category && ` · ${fbm.commission_category}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportDetail.fees.closing')}>
          {money(fbm.closing_fee ?? 0, currency)} ·{' '}
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
