import { ShoppingCartOutlined } from '@ant-design/icons';
import { regionByCode, type OrderDetail } from '@crossmarket/domain';
import { Alert, Button, Card, Descriptions, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from '../../../lib/dayjs';
import { formatMoney, formatNumber } from '../../../lib/format-number';
import { productUrl } from '../../../lib/product-url';
import { laneHref } from '../../lanes';
import { useSourceCheck } from '../api/orders';
import { sellerDateTime } from '../deadline';
import { PurchaseForm } from './purchase-form';

type Item = OrderDetail['items'][number];
type ToBuy = NonNullable<Item['to_buy']>;

/**
 * What buying the item takes: the link that fills the seller's cart at the source, the source's price and
 * stock as read just now, where to send it (the lane's forwarder, never the buyer) and the profit at the
 * order's real price — a loss said before the seller buys. A source sold out since the sale says so and
 * what to do instead.
 */
function ToBuyPanel({
  item,
  toBuy,
  now,
  checking,
  onCheck,
}: {
  item: Item;
  toBuy: ToBuy;
  now: number;
  /** The source is being looked up now. */
  checking: boolean;
  onCheck: () => void;
}) {
  const { t, i18n } = useTranslation();
  const link = item.link!;
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, i18n.language);
  const source = regionByCode(link.source_marketplace);
  return (
    <Flex vertical gap={12} data-testid="to-buy">
      {toBuy.source_in_stock === false && (
        <Alert
          type="error"
          showIcon
          data-testid="source-sold-out"
          title={t('ordersPage.toBuy.soldOutTitle')}
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: 8 }}>{t('orders.soldOut')}</Typography.Paragraph>
              {toBuy.sold_out_options && (
                <Typography.Paragraph style={{ marginBottom: 0 }}>
                  {t('ordersPage.toBuy.otherOffers', { count: toBuy.sold_out_options.other_offers })}{' '}
                  {item.asin && (
                    <Typography.Link
                      href={productUrl(link.source_marketplace, item.asin)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t('ordersPage.toBuy.seeOffers', { code: source.flag_code })}
                    </Typography.Link>
                  )}
                  <br />
                  {t('ordersPage.toBuy.cancelReason', { reason: toBuy.sold_out_options.cancel_reason })}
                </Typography.Paragraph>
              )}
            </>
          }
        />
      )}
      {toBuy.source_in_stock === null && (
        <Alert
          type="warning"
          showIcon
          title={t('ordersPage.toBuy.noAnswer')}
          data-testid="source-no-answer"
        />
      )}
      {toBuy.profit?.loss && (
        <Alert
          type="error"
          showIcon
          data-testid="order-loss"
          title={t('ordersPage.toBuy.loss', {
            amount: money({ ...toBuy.profit, amount: Math.abs(toBuy.profit.amount) }),
          })}
        />
      )}
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'price',
            label: t('ordersPage.toBuy.sourcePrice', { code: source.flag_code }),
            children: (
              <span data-testid="source-price">
                {toBuy.source_price ? money(toBuy.source_price) : '—'}
                {toBuy.source_in_stock === true && (
                  <Tag color="green" style={{ marginInlineStart: 8 }}>
                    {t('ordersPage.toBuy.inStock')}
                  </Tag>
                )}
                {toBuy.source_in_stock === false && (
                  <Tag color="red" style={{ marginInlineStart: 8 }}>
                    {t('ordersPage.toBuy.soldOut')}
                  </Tag>
                )}
                {checking ? (
                  <Spin
                    size="small"
                    style={{ marginInlineStart: 8 }}
                    aria-label={t('ordersPage.toBuy.checking')}
                  />
                ) : (
                  toBuy.checked_at && (
                    <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                      {t('ordersPage.toBuy.checked', {
                        ago: dayjs(Math.min(Date.parse(toBuy.checked_at), now)).from(now),
                      })}
                    </Typography.Text>
                  )
                )}
                <Button
                  size="small"
                  type="link"
                  onClick={onCheck}
                  disabled={checking}
                  data-testid="check-source"
                >
                  {t('ordersPage.toBuy.checkAgain')}
                </Button>
              </span>
            ),
          },
          {
            key: 'profit',
            label: t('ordersPage.toBuy.profit'),
            children: toBuy.profit ? (
              <Typography.Text type={toBuy.profit.loss ? 'danger' : undefined} data-testid="order-profit">
                {money(toBuy.profit)}
                {toBuy.profit.percent !== null &&
                  ` (${formatNumber(toBuy.profit.percent, i18n.language, { maximumFractionDigits: 1 })} %)`}
              </Typography.Text>
            ) : (
              t('ordersPage.toBuy.profitUnknown')
            ),
          },
          {
            key: 'ship-to',
            label: t('ordersPage.toBuy.shipTo'),
            children: toBuy.forwarder_ship_to ? (
              <>
                <Typography.Paragraph
                  copyable={{ text: toBuy.forwarder_ship_to }}
                  style={{ whiteSpace: 'pre-line', marginBottom: 4 }}
                  data-testid="forwarder-ship-to"
                >
                  {toBuy.forwarder_ship_to}
                </Typography.Paragraph>
                <Typography.Text type="secondary">{t('ordersPage.toBuy.shipToHint')}</Typography.Text>
              </>
            ) : (
              <Alert
                type="warning"
                showIcon
                data-testid="forwarder-missing"
                title={t('ordersPage.toBuy.shipToMissing')}
                action={
                  <Link to={laneHref(link.lane.from, link.lane.to)}>{t('ordersPage.toBuy.setOnLane')}</Link>
                }
              />
            ),
          },
        ]}
      />
      <Flex gap={8} wrap align="center">
        <Button
          type="primary"
          icon={<ShoppingCartOutlined aria-hidden />}
          href={toBuy.cart_url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="cart-link"
        >
          {t('ordersPage.toBuy.cart', { count: toBuy.quantity, code: source.flag_code })}
        </Button>
        <Typography.Text type="secondary">{t('ordersPage.toBuy.cartHint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}

/** A purchase already recorded: what the seller entered, and that a second one is refused. */
function PurchaseRecord({ purchase }: { purchase: NonNullable<Item['purchase']> }) {
  const { t, i18n } = useTranslation();
  const amount = (v: number | null) =>
    v === null ? '—' : formatMoney(v, purchase.total.currency, i18n.language);
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="purchase-record"
      title={t('ordersPage.purchase.recorded')}
      items={[
        { key: 'id', label: t('ordersPage.purchase.sourceOrderId'), children: purchase.source_order_id },
        {
          key: 'total',
          label: t('ordersPage.purchase.total'),
          children: formatMoney(purchase.total.amount, purchase.total.currency, i18n.language),
        },
        { key: 'tax', label: t('ordersPage.purchase.tax'), children: amount(purchase.tax) },
        { key: 'shipping', label: t('ordersPage.purchase.shipping'), children: amount(purchase.shipping) },
        {
          key: 'at',
          label: t('ordersPage.purchase.boughtAt'),
          children: <time dateTime={purchase.bought_at}>{sellerDateTime(purchase.bought_at)}</time>,
        },
      ]}
    />
  );
}

/**
 * One item of the order: what was sold (ASIN, SKU, quantity, price), then — while it is to buy — the way to
 * buy it and the form to record the purchase, or the purchase once recorded. An item of no Crossmarket
 * listing has no source to offer: the seller buys it their own way and may still record it.
 */
export function OrderItem({
  orderId,
  item,
  now,
  canBuy,
}: {
  orderId: string;
  item: Item;
  now: number;
  /** The order can be bought (paid, not cancelled, not on a source-ships lane). */
  canBuy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const currency = item.link ? regionByCode(item.link.source_marketplace).currency.code : null;
  const buying = canBuy && !item.purchase && !item.cancel_requested;
  // The source looked up now, not the cache: the price and stock the seller buys at.
  const check = useSourceCheck(orderId, buying && item.link !== null);
  const checked = check.data?.items.find((i) => i.order_item_id === item.order_item_id)?.to_buy;
  const toBuy = checked ?? item.to_buy;
  return (
    <Card
      size="small"
      data-testid="order-item"
      title={
        <Typography.Text ellipsis={{ tooltip: item.title ?? undefined }}>
          {item.title ?? item.sku ?? item.order_item_id}
        </Typography.Text>
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          {item.asin && <Typography.Text code>{item.asin}</Typography.Text>}
          {item.sku && (
            <Typography.Text type="secondary">{t('ordersPage.item.sku', { sku: item.sku })}</Typography.Text>
          )}
          <Typography.Text>{t('ordersPage.item.quantity', { count: item.quantity })}</Typography.Text>
          {item.unit_price && (
            <Typography.Text>
              {t('ordersPage.item.unitPrice', {
                price: formatMoney(item.unit_price.amount, item.unit_price.currency, i18n.language),
              })}
            </Typography.Text>
          )}
          {item.cancel_requested && <Tag color="red">{t('ordersPage.item.cancelRequested')}</Tag>}
        </Flex>
        {item.link?.handling_too_short && (
          <Alert
            type="warning"
            showIcon
            data-testid="handling-too-short"
            title={t('orders.handlingTooShort', {
              handling: item.link.handling_days ?? 0,
              needs: item.link.lane_needs_days,
            })}
          />
        )}
        {item.purchase ? (
          <PurchaseRecord purchase={item.purchase} />
        ) : item.cancel_requested ? (
          <Alert
            type="error"
            showIcon
            title={t('ordersPage.item.cancelRequestedHint')}
            data-testid="cancel-requested"
          />
        ) : (
          canBuy && (
            <>
              {check.isError && (
                <Alert
                  type="warning"
                  showIcon
                  title={t('ordersPage.toBuy.checkFailed')}
                  data-testid="check-failed"
                />
              )}
              {item.link && toBuy ? (
                <ToBuyPanel
                  item={item}
                  toBuy={toBuy}
                  now={now}
                  checking={check.isFetching}
                  onCheck={() => void check.refetch()}
                />
              ) : (
                <Alert type="info" showIcon title={t('ordersPage.item.noSource')} data-testid="no-source" />
              )}
              <Typography.Title level={4} style={{ marginBlock: 0, fontSize: 15 }}>
                {t('ordersPage.purchase.title')}
              </Typography.Title>
              <PurchaseForm
                orderId={orderId}
                orderItemId={item.order_item_id}
                currency={currency}
                now={now}
              />
            </>
          )
        )}
      </Flex>
    </Card>
  );
}
