import { regionByCode } from '@crossmarket/domain';
import { Alert, App, Breadcrumb, Button, Empty, Flex, List, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { regionName } from '../../lib/country';
import dayjs from '../../lib/dayjs';
import { errorMessage } from '../../lib/error-message';
import { formatMoney, formatNumber } from '../../lib/format-number';
import { usePageTitle } from '../../lib/page-title';
import { productUrl } from '../../lib/product-url';
import { useMarkRead, useNotifications, type AppNotification } from './api/watches';
import { DigestSetting } from './components/digest-setting';
import { conditionLabel } from './conditions';

/** An alert: a product's (its ASIN), or a whole inventory's (no ASIN: the inventory and a count). */
type Note = AppNotification;

/** What the alert says: the condition and the figure that met it. */
function useSays() {
  const { t, i18n } = useTranslation();
  return (n: Note) => {
    if (n.order)
      return t(`orders.notices.${n.order.notice}`, {
        order: n.order.amazon_order_id,
        ship_by: n.order.ship_by ? dayjs(n.order.ship_by).format('LLL') : '',
      });
    if (n.asin === null || n.condition === null)
      return t('notifications.inventorySoldOut', { count: n.product_count ?? 0 });
    const figure =
      n.profit_percent != null
        ? `${formatNumber(n.profit_percent, i18n.language, { maximumFractionDigits: 2 })} %`
        : n.restriction
          ? t(`watches.restriction.${n.restriction}`, { defaultValue: n.restriction.replaceAll('_', ' ') })
          : n.price != null
            ? formatMoney(n.price, n.currency, i18n.language)
            : null;
    return `${conditionLabel(t, n.condition)}${figure === null ? '' : `: ${figure}`}`;
  };
}

function NotificationItem({ n }: { n: Note }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const markRead = useMarkRead();
  const region = regionByCode(n.marketplace);
  const country = regionName(n.marketplace, i18n.language);
  const read = () =>
    markRead.mutateAsync(n.id).catch((error: unknown) => void message.error(errorMessage(error, t)));
  const what = useSays()(n);
  const asin = n.asin;
  return (
    <List.Item
      data-testid="notification"
      data-read={n.read}
      actions={[
        // The product's page on the marketplace: a notification belongs to no report (see decisions).
        n.order ? (
          <Link key="open" to={`/orders?order=${n.order.id}`} onClick={() => !n.read && void read()}>
            {n.order.amazon_order_id}
          </Link>
        ) : asin === null ? (
          <Link key="open" to={`/inventories/${n.inventory_id ?? ''}`} onClick={() => !n.read && void read()}>
            {t('notifications.openInventory')}
          </Link>
        ) : (
          <Typography.Link
            key="open"
            href={productUrl(n.marketplace, asin)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('notifications.openOn', { code: region.flag_code, product: asin, country })}
            onClick={() => !n.read && void read()}
          >
            {t('notifications.open', { code: region.flag_code })}
          </Typography.Link>
        ),
        ...(n.read
          ? []
          : [
              <Button key="read" size="small" loading={markRead.isPending} onClick={() => void read()}>
                {t('notifications.markRead')}
              </Button>,
            ]),
      ]}
    >
      <List.Item.Meta
        title={
          <Flex gap={8} align="center" wrap>
            {!n.read && <Tag color="blue">{t('notifications.new')}</Tag>}
            {asin !== null && (
              <Typography.Text strong={!n.read} code>
                {asin}
              </Typography.Text>
            )}
            <Typography.Text>{`${region.flag_code} · ${country}`}</Typography.Text>
          </Flex>
        }
        description={
          <Flex gap={8} wrap>
            <Typography.Text>{what}</Typography.Text>
            <Tooltip title={dayjs(n.created_at).format('LLL')}>
              <Typography.Text type="secondary">
                <time dateTime={n.created_at}>{dayjs(n.created_at).fromNow()}</time>
              </Typography.Text>
            </Tooltip>
          </Flex>
        }
      />
    </List.Item>
  );
}

/**
 * `/notifications` (issue 49): what the seller's watches found, newest first, the unread ones marked,
 * each with a link to the product on its marketplace and Mark as read.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  usePageTitle('notifications.title');
  const list = useNotifications();
  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/">{t('nav.home')}</Link> }, { title: t('notifications.title') }]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('notifications.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('notifications.intro')}</Typography.Paragraph>
      <DigestSetting />
      {list.isLoading && <Skeleton active data-testid="notifications-loading" />}
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(list.error, t)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('notifications.retry')}
            </Button>
          }
        />
      )}
      {list.data &&
        (list.data.notifications.length === 0 ? (
          <Empty description={t('notifications.empty')} />
        ) : (
          <>
            <Typography.Paragraph data-testid="notifications-unread">
              {t('notifications.unread', { count: list.data.unread })}
            </Typography.Paragraph>
            <List
              bordered
              data-testid="notifications-list"
              dataSource={list.data.notifications}
              rowKey="id"
              renderItem={(n: Note) => <NotificationItem n={n} />}
            />
          </>
        ))}
    </>
  );
}
