import type { ProductSide } from '@crossmarket/domain';
import { Descriptions } from 'antd';
import { memo } from 'react';
import type { ResultRowView } from '../api/filter-results';
import { PopoverButton, Tag, useCellKit } from './cell-kit';

export const BasicInfo = memo(function BasicInfo({ row }: { row: ResultRowView }) {
  const { t, num } = useCellKit();
  const to = row.row_to;
  const cross = row.row_cross;
  const limit = cross.max_order_quantity;
  const low = limit != null && limit < 5;
  const packageDetails = () => {
    const dims = cross.package_dimensions ?? to.package_dimensions;
    const weight = cross.weight ?? to.weight;
    return (
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('reportDetail.row.dimensions')}>
          {dims
            ? `${num(dims.length)} × ${num(dims.width)} × ${num(dims.height)} ${dims.unit}`
            : t('reportDetail.na')}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportDetail.row.weight')}>
          {weight ? `${num(weight.value)} ${weight.unit}` : t('reportDetail.na')}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportDetail.row.packageName')}>
          {cross.product_size?.package_name ?? t('reportDetail.na')}
        </Descriptions.Item>
      </Descriptions>
    );
  };
  const salesRanks = () => (
    <div className="cm-stack cm-gap-0">
      {(['cross', 'to'] as const).map((k) => {
        const rank = row[`row_${k}`].sales_rank;
        return (
          <span key={k}>
            {`${t(`reportDetail.columns.${k}`)}: ${
              rank
                ? t('reportDetail.row.rankIn', {
                    rank: num(rank.rank),
                    category: rank.category,
                    level: t(`reportDetail.row.level.${rank.level}`),
                  })
                : t('reportDetail.na')
            }`}
          </span>
        );
      })}
    </div>
  );
  return (
    <div className="cm-stack">
      <span>{`${t('reportDetail.row.brand')}: ${to.brand ?? cross.brand ?? t('reportDetail.na')}`}</span>
      <div className="cm-line">
        <PopoverButton label={t('reportDetail.row.package')} content={packageDetails} />
        <PopoverButton label={t('reportDetail.row.salesRank')} content={salesRanks} />
      </div>
      <div className="cm-line cm-line-figures">
        <span>
          {`${t('reportDetail.row.reviews', { count: to.review_count ?? 0, formatted: num(to.review_count) })} · ${
            to.review_rating == null ? t('reportDetail.na') : `${num(to.review_rating)} / 5`
          }`}
        </span>
        {low ? (
          <span>
            {`${t('reportDetail.row.orderLimit')}: `}
            <strong className="cm-text cm-text-danger cm-strong">{num(limit)}</strong>
          </span>
        ) : (
          <span>{`${t('reportDetail.row.orderLimit')}: ${num(limit)}`}</span>
        )}
      </div>
    </div>
  );
});

export const SideCell = memo(function SideCell({ side, currency }: { side: ProductSide; currency: string }) {
  const { t, money, num } = useCellKit();
  const dates = side.buybox?.s_dates;
  return (
    <div className="cm-stack">
      {/* Two figures a line where the column allows: denser rows (issue 46 item 7). */}
      <div className="cm-line cm-line-figures">
        <span>{`${t('reportDetail.row.buybox')}: ${money(side.buybox?.buy_price, currency)}`}</span>
        <span>{`${t('reportDetail.row.lowest')}: ${money(side.lowest?.buy_price, currency)}`}</span>
      </div>
      <div className="cm-line cm-line-figures">
        <span>{`${t('reportDetail.row.sellersCount')}: ${num(side.total_prices_count)}`}</span>
        {dates && <span>{t('reportDetail.row.delivery', { min: dates.min_days, max: dates.max_days })}</span>}
      </div>
      {/* The tags' line only when there is a tag: most sides have none. */}
      {(side.buybox?.is_fba ||
        side.buybox?.available_later ||
        side.coupon ||
        side.is_prime ||
        side.is_amazonchoice) && (
        <div className="cm-line">
          {side.buybox?.is_fba && <Tag color="blue">FBA</Tag>}
          {side.buybox?.available_later && (
            <Tag color="orange">{t('reportDetail.sellers.availableLater')}</Tag>
          )}
          {side.coupon && (
            <Tag color="gold">
              {`${t('reportDetail.row.coupon')} ${
                side.coupon.type === 'percent' ? `${side.coupon.value}%` : money(side.coupon.value, currency)
              }`}
            </Tag>
          )}
          {side.is_prime && <Tag color="cyan">Prime</Tag>}
          {side.is_amazonchoice && <Tag color="purple">AmazonChoice</Tag>}
        </div>
      )}
    </div>
  );
});
