import { regionByCode, type ProductSide, type RegionCode } from '@crossmarket/domain';
import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Flex, Popover, Tag, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryInfo } from '../api/report';
import type { ResultRowView } from '../api/filter-results';
import { useMoney, useNumber } from './money';

export interface Countries {
  from: CountryInfo;
  to: CountryInfo;
}

export const productUrl = (country: RegionCode, productId: string) =>
  `https://www.${regionByCode(country).domain}/dp/${encodeURIComponent(productId)}`;

/** The status reason of an unavailable side (the specification's texts). */
export function statusReasonKey(status: ProductSide['status']) {
  return ['dog', 'notsame', 'nostock', 'noship'].includes(status)
    ? `statusReason.${status}`
    : 'statusReason.other';
}

/** Copies a product ID; one small button instead of Typography's copyable (a tooltip per row). */
function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Button
      size="small"
      type="text"
      icon={<CopyOutlined />}
      aria-label={t('reportDetail.copy')}
      onClick={() =>
        void navigator.clipboard
          ?.writeText(text)
          .then(() => message.success(t('reportDetail.copied'), 1))
          .catch(() => undefined)
      }
    />
  );
}

export const ProductDetails = memo(function ProductDetails({
  row,
  countries,
  onSellers,
}: {
  row: ResultRowView;
  countries: Countries;
  onSellers: (productId: string) => void;
}) {
  const { t } = useTranslation();
  const side = row.row_to.title ? row.row_to : row.row_cross;
  const image = row.row_cross.image ?? row.row_to.image;
  return (
    <Flex gap={8} align="start">
      {image ? (
        <img
          src={image}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          style={{ objectFit: 'contain', flex: 'none' }}
        />
      ) : (
        <div style={{ width: 48, flex: 'none' }} />
      )}
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <div className="clamp-2" title={side.title ?? undefined}>
          {side.title ?? t('reportDetail.na')}
        </div>
        <Flex gap={6} wrap align="center">
          <Typography.Text code>{row.product_id}</Typography.Text>
          <CopyButton text={row.product_id} />
          {(['from', 'to'] as const).map((k) => (
            <Typography.Link
              key={k}
              href={productUrl(countries[k].code, row.product_id)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('reportDetail.row.openOn', { country: countries[k].name })}
            >
              {countries[k].flag_code}
            </Typography.Link>
          ))}
        </Flex>
        <Flex gap={4} wrap>
          {row.banned && (
            <Tag color="red">
              {t('reportDetail.row.banned')}: {t(`bannedReason.${row.banned}`)}
            </Tag>
          )}
          {row.row_cross.status !== 'ok' && (
            <Tag color="orange" data-testid="status-reason">
              {t(statusReasonKey(row.row_cross.status))}
            </Tag>
          )}
          {row.row_cross.status === 'ok' && row.row_to.status !== 'ok' && (
            <Tag color="orange" data-testid="status-reason">
              {t(statusReasonKey(row.row_to.status))}
            </Tag>
          )}
        </Flex>
        <Button size="small" onClick={() => onSellers(row.product_id)} style={{ alignSelf: 'start' }}>
          {t('reportDetail.row.sellers')}
        </Button>
      </Flex>
    </Flex>
  );
});

export const BasicInfo = memo(function BasicInfo({ row }: { row: ResultRowView }) {
  const { t } = useTranslation();
  const num = useNumber();
  const to = row.row_to;
  const cross = row.row_cross;
  const dims = cross.package_dimensions ?? to.package_dimensions;
  const weight = cross.weight ?? to.weight;
  const limit = cross.max_order_quantity;
  return (
    <Flex vertical gap={2}>
      <span>
        {t('reportDetail.row.brand')}: {to.brand ?? cross.brand ?? t('reportDetail.na')}
      </span>
      <Flex gap={4} wrap>
        <Popover
          trigger="click"
          title={t('reportDetail.row.package')}
          content={
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
          }
        >
          <Button size="small">{t('reportDetail.row.package')}</Button>
        </Popover>
        <Popover
          trigger="click"
          title={t('reportDetail.row.salesRank')}
          content={
            <Flex vertical>
              {(['cross', 'to'] as const).map((k) => {
                const rank = row[`row_${k}`].sales_rank;
                return (
                  <span key={k}>
                    {t(`reportDetail.columns.${k}`)}:{' '}
                    {rank
                      ? t('reportDetail.row.rankIn', {
                          rank: num(rank.rank),
                          category: rank.category,
                          level: t(`reportDetail.row.level.${rank.level}`),
                        })
                      : t('reportDetail.na')}
                  </span>
                );
              })}
            </Flex>
          }
        >
          <Button size="small">{t('reportDetail.row.salesRank')}</Button>
        </Popover>
      </Flex>
      <span>
        {t('reportDetail.row.reviews', { count: to.review_count ?? 0, formatted: num(to.review_count) })} ·{' '}
        {to.review_rating == null ? t('reportDetail.na') : `${num(to.review_rating)} / 5`}
      </span>
      <span>
        {t('reportDetail.row.orderLimit')}:{' '}
        <Typography.Text
          type={limit != null && limit < 5 ? 'danger' : undefined}
          strong={limit != null && limit < 5}
        >
          {num(limit)}
        </Typography.Text>
      </span>
    </Flex>
  );
});

export const SideCell = memo(function SideCell({ side, currency }: { side: ProductSide; currency: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const num = useNumber();
  const dates = side.buybox?.s_dates;
  return (
    <Flex vertical gap={2}>
      <span>
        {t('reportDetail.row.buybox')}: {money(side.buybox?.buy_price, currency)}
      </span>
      <span>
        {t('reportDetail.row.lowest')}: {money(side.lowest?.buy_price, currency)}
      </span>
      <span>
        {t('reportDetail.row.sellersCount')}: {num(side.total_prices_count)}
      </span>
      {dates && <span>{t('reportDetail.row.delivery', { min: dates.min_days, max: dates.max_days })}</span>}
      <Flex gap={4} wrap>
        {side.buybox?.is_fba && <Tag color="blue">FBA</Tag>}
        {side.coupon && (
          <Tag color="gold">
            {t('reportDetail.row.coupon')}{' '}
            {side.coupon.type === 'percent' ? `${side.coupon.value}%` : money(side.coupon.value, currency)}
          </Tag>
        )}
        {side.is_prime && <Tag color="cyan">Prime</Tag>}
        {side.is_amazonchoice && <Tag color="purple">AmazonChoice</Tag>}
      </Flex>
    </Flex>
  );
});

export const CostProfit = memo(function CostProfit({
  row,
  settingsDefined,
  currency,
}: {
  row: ResultRowView;
  settingsDefined: boolean;
  currency: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const num = useNumber();
  if (!settingsDefined)
    return <Typography.Text type="secondary">{t('reportDetail.row.defineSettings')}</Typography.Text>;
  const fbm = row.fbm;
  if (fbm.reason === 'ppr_failed')
    return <Typography.Text type="danger">{t('statusReason.ppr_failed')}</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      <span>
        {t('reportDetail.row.cost')}: {money(fbm.cost_in_tc, currency)}
      </span>
      <span>
        {t('reportDetail.row.price')}: {money(fbm.std_price ?? fbm.sell_price.buybox, currency)}
      </span>
      <span>
        PPR: {fbm.profit_percent.buybox == null ? t('reportDetail.na') : `${num(fbm.profit_percent.buybox)}%`}
      </span>
      <span>
        {t('reportDetail.row.profit')}: {money(fbm.profit_amount.buybox, currency)}
      </span>
      {!fbm.available && fbm.reason && fbm.reason !== 'ppr_failed' && (
        <Typography.Text type="warning">{t('reportDetail.row.notForFbm')}</Typography.Text>
      )}
    </Flex>
  );
});
