import { ORDER_FINAL_STATES, type OrderDetail } from '@crossmarket/domain';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sellerDateTime, sellerTimeZone } from '../deadline';
import { DeadlineText } from './deadline-text';

type Order = OrderDetail['order'];

/**
 * The order's deadlines in the seller's time zone: buy by (24 h after it arrived), confirm by (24 h before
 * ship-by: a late confirmation counts as a late shipment), Amazon's ship-by and deliver-by windows. Each
 * counts down while the order is live; a finished order shows the dates alone.
 */
export function OrderDeadlines({ order, now }: { order: Order; now: number }) {
  const { t } = useTranslation();
  const live = !ORDER_FINAL_STATES.includes(order.state);
  const bought = !['pending', 'new', 'to_buy'].includes(order.state);
  const confirmed = ['confirmed', 'delivered'].includes(order.state);
  const show = (at: string | null, counting: boolean, testId: string) =>
    at === null ? (
      '—'
    ) : counting ? (
      <DeadlineText at={at} now={now} testId={testId} />
    ) : (
      <time dateTime={at} data-testid={testId}>
        {sellerDateTime(at)}
      </time>
    );
  const windowOf = (earliest: string | null, latest: string | null, counting: boolean, testId: string) =>
    earliest && latest && earliest !== latest ? (
      <span>
        <time dateTime={earliest}>{sellerDateTime(earliest)}</time> – {show(latest, counting, testId)}
      </span>
    ) : (
      show(latest, counting, testId)
    );
  return (
    <section aria-label={t('ordersPage.deadlines.title')} data-testid="order-deadlines">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'buy',
            label: t('ordersPage.deadlines.buy'),
            children: show(order.buy_deadline, live && !bought, 'deadline-buy'),
          },
          {
            key: 'confirm',
            label: t('ordersPage.deadlines.confirm'),
            children: show(order.confirm_deadline, live && !confirmed, 'deadline-confirm'),
          },
          {
            key: 'ship',
            label: t('ordersPage.deadlines.shipBy'),
            children: windowOf(order.ship_by_earliest, order.ship_by, live && !confirmed, 'deadline-ship-by'),
          },
          {
            key: 'deliver',
            label: t('ordersPage.deadlines.deliverBy'),
            children: windowOf(order.deliver_by_earliest, order.deliver_by, false, 'deadline-deliver-by'),
          },
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('ordersPage.deadlines.zone', { zone: sellerTimeZone() })}
      </Typography.Text>
    </section>
  );
}
