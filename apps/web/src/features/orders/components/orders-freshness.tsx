import type { OrderList } from '@crossmarket/domain';
import { SyncOutlined } from '@ant-design/icons';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from '../../../lib/dayjs';
import { sellerDateTime } from '../deadline';

/**
 * How fresh the list is, per Amazon region: Amazon lets Crossmarket read the order list about once every
 * three minutes (searchOrders), and its own changes lag about two, so the seller reads when each region
 * was read and when it is read next. A region not connected brings no orders: it says so, with the way.
 */
export function OrdersFreshness({ freshness, now }: { freshness: OrderList['freshness']; now: number }) {
  const { t } = useTranslation();
  if (freshness.length === 0) return null;
  return (
    <section aria-label={t('ordersPage.freshness.title')} data-testid="orders-freshness">
      <Flex wrap gap={16} align="center">
        <Typography.Text type="secondary">
          <SyncOutlined aria-hidden /> {t('ordersPage.freshness.intro')}
        </Typography.Text>
        {freshness.map((f) => {
          const region = t(`amazonConnections.regions.${f.region}`);
          let said: React.ReactNode;
          if (!f.connected)
            said = (
              <>
                {t('ordersPage.freshness.notConnected', { region })}{' '}
                <Link to="/settings/amazon">{t('amazonConnections.connectInSettings')}</Link>
              </>
            );
          else if (!f.synced_at) said = t('ordersPage.freshness.never', { region });
          else
            said = (
              <Tooltip title={sellerDateTime(f.synced_at)}>
                <span>
                  {t('ordersPage.freshness.read', {
                    region,
                    // A clock a little ahead of the server's still reads "a few seconds ago".
                    ago: dayjs(Math.min(Date.parse(f.synced_at), now)).from(now),
                  })}
                  {f.next_sync_at &&
                    ` ${t(
                      Date.parse(f.next_sync_at) > now
                        ? 'ordersPage.freshness.next'
                        : 'ordersPage.freshness.nextDue',
                      { in: dayjs(f.next_sync_at).from(now) },
                    )}`}
                </span>
              </Tooltip>
            );
          return (
            <Typography.Text key={f.region} data-testid={`orders-freshness-${f.region}`}>
              {said}
            </Typography.Text>
          );
        })}
      </Flex>
    </section>
  );
}
