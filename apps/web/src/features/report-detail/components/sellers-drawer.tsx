import { InfoCircleOutlined } from '@ant-design/icons';
import { RETAIL_SELLER_UNKNOWN, type SellerOffer } from '@crossmarket/domain';
import {
  Alert,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Image,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../../lib/country';
import dayjs from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format-number';
import { productUrl } from '../../../lib/product-url';
import { WatchControl } from '../../watches';
import type { ResultRowView } from '../api/filter-results';
import { useProductSellers } from '../api/offers';
import { DangerousGoodsNote } from './dangerous-goods-tag';
import { FeeBreakdown } from './fee-breakdown';
import { MoneyBreakdown } from './money-breakdown';
import { PriceHistory } from '../../history';
import { useMoney } from './money';
import type { Countries } from './product-cells';

function SellerCard({ offer, currency }: { offer: SellerOffer; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const na = t('reportDetail.na');
  return (
    <Card size="small" data-testid="seller-card">
      <Flex justify="space-between" align="center" wrap gap={4}>
        <Typography.Text strong>{offer.seller_name || na}</Typography.Text>
        <Flex gap={4}>
          {offer.is_fba && <Tag color="blue">FBA</Tag>}
          {offer.is_sba && <Tag color="geekblue">SBA</Tag>}
          {offer.is_own && <Tag color="purple">{t('reportDetail.sellers.yourOffer')}</Tag>}
          {offer.available_later && <Tag color="warning">{t('reportDetail.sellers.availableLater')}</Tag>}
          {offer.coupon && (
            <Tag color="gold">
              {t('reportDetail.row.coupon')}{' '}
              {offer.coupon.type === 'percent'
                ? `${offer.coupon.value}%`
                : money(offer.coupon.value, currency)}
            </Tag>
          )}
        </Flex>
      </Flex>
      <Flex gap={8} align="center" wrap>
        {/* Amazon's positive feedback percentage; 0 % is a rating, only a missing one shows NA. */}
        <Typography.Text data-testid="seller-rating">
          {offer.rating_percent == null
            ? na
            : t('reportDetail.sellers.rating', {
                value: formatNumber(offer.rating_percent, i18n.language, { maximumFractionDigits: 1 }),
              })}
        </Typography.Text>
        <Typography.Text>
          {offer.rating_count == null
            ? na
            : t('reportDetail.sellers.storeReviews', { count: offer.rating_count })}
        </Typography.Text>
      </Flex>
      <Descriptions size="small" column={2} style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('reportDetail.sellers.buyPrice')}>
          {money(offer.buy_price, currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportDetail.sellers.deliveryDate')}>
          {offer.delivery_date ? dayjs(offer.delivery_date).format('LL') : na}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportDetail.sellers.price')}>
          {money(offer.price, currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportDetail.sellers.shippingBy')}>
          {offer.shipping_by ? t(`reportDetail.sellers.by.${offer.shipping_by}`) : na}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportDetail.sellers.shippingFee')}>
          {money(offer.shipping_fee, currency)}
        </Descriptions.Item>
        <Descriptions.Item
          label={
            <Tooltip title={t('reportDetail.sellers.importFeeHint')}>
              <span>
                {t('reportDetail.sellers.importFee')}{' '}
                <InfoCircleOutlined aria-label={t('reportDetail.sellers.importFeeHint')} />
              </span>
            </Tooltip>
          }
        >
          {money(offer.import_fee, currency)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** Sellers & Prices of one product, both countries, cheapest buy price first. */
export function SellersDrawer({
  reportId,
  row,
  countries,
  parity,
  onClose,
}: {
  reportId: string;
  row: ResultRowView | null;
  countries: Countries;
  /** The report's parity: the buying side's history is drawn in the selling currency with it. */
  parity?: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const sellers = useProductSellers(reportId, row?.product_id ?? null);
  const side = row?.row_to.title ? row.row_to : row?.row_cross;
  const image = row?.row_cross.image ?? row?.row_to.image;
  return (
    <Drawer
      title={t('reportDetail.sellers.title')}
      open={row !== null}
      onClose={onClose}
      size={600}
      aria-label={t('reportDetail.sellers.title')}
      destroyOnHidden
      data-testid="sellers-drawer"
    >
      {row && (
        <Flex vertical gap={12}>
          <Flex gap={12} align="start">
            {image && <Image src={image} alt="" width={64} preview={false} />}
            <Flex vertical gap={4}>
              <Typography.Text code>{row.product_id}</Typography.Text>
              <Flex gap={12} wrap>
                {(['from', 'to'] as const).map((k) => (
                  <Typography.Link
                    key={k}
                    href={productUrl(countries[k].code, row.product_id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('reportDetail.row.openOn', {
                      code: countries[k].flag_code,
                      country: countries[k].name,
                    })}
                  >
                    {countries[k].flag_code}
                  </Typography.Link>
                ))}
              </Flex>
              <Typography.Text>{side?.title ?? t('reportDetail.na')}</Typography.Text>
            </Flex>
          </Flex>
          <DangerousGoodsNote row={row} countries={countries} />
          {sellers.data?.money && <MoneyBreakdown money={sellers.data.money} />}
          {row.fbm && (
            <FeeBreakdown
              fbm={row.fbm}
              currency={countries.to.currency.code}
              std={sellers.data?.money?.std ?? null}
            />
          )}
          {parity !== undefined && (
            <PriceHistory
              productId={row.product_id}
              countries={countries}
              parity={parity}
              extra={
                <WatchControl
                  productId={row.product_id}
                  marketplaces={[countries.from.code, countries.to.code]}
                />
              }
            />
          )}
          {sellers.isLoading && <Skeleton active />}
          {sellers.isError && <Alert type="error" showIcon title={errorMessage(sellers.error, t)} />}
          {sellers.data &&
            (['cross', 'to'] as const).map((k) => {
              const offers = sellers.data[k];
              const country = k === 'cross' ? countries.from : countries.to;
              return (
                <section key={k} aria-label={regionName(country.code, i18n.language)}>
                  <Typography.Title level={5}>
                    {regionName(country.code, i18n.language)} ({country.flag_code})
                  </Typography.Title>
                  <Typography.Paragraph>
                    {t('reportDetail.sellers.otherPrices', { count: offers.length })}
                  </Typography.Paragraph>
                  {RETAIL_SELLER_UNKNOWN.includes(country.code) && (
                    <Typography.Paragraph type="secondary" data-testid="amazon-unknown">
                      {t('reportDetail.sellers.amazonUnknown')}
                    </Typography.Paragraph>
                  )}
                  {offers.length === 0 ? (
                    <Empty
                      description={t('reportDetail.sellers.none')}
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                    />
                  ) : (
                    <Flex vertical gap={8}>
                      {offers.map((offer, i) => (
                        // An offer Amazon sent without its seller has an empty id: the place keeps keys apart.
                        <SellerCard
                          key={`${i}:${offer.seller_id}`}
                          offer={offer}
                          currency={country.currency.code}
                        />
                      ))}
                    </Flex>
                  )}
                </section>
              );
            })}
        </Flex>
      )}
    </Drawer>
  );
}
