import type { OrderDetail } from '@crossmarket/domain';
import { Alert, Descriptions, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sellerDateTime } from '../deadline';

type Shipment = NonNullable<OrderDetail['shipment']>;
type Confirmation = Shipment['confirmation'];

const COLORS: Record<Confirmation, string> = {
  pending: 'default',
  sent: 'blue',
  kept: 'green',
  not_kept: 'red',
  refused: 'red',
  elsewhere: 'default',
};

/**
 * What was sent to Amazon and what Amazon's read-back (getOrder with its packages) shows: only a read-back
 * holding the tracking counts as confirmed, since Amazon may answer 204 and keep nothing.
 */
export function ShipmentStatus({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const read = shipment.read_back;
  return (
    <>
      {shipment.confirmation === 'not_kept' && (
        <Alert
          type="error"
          showIcon
          title={t('ordersPage.confirmation.notKept')}
          data-testid="confirmation-not-kept"
        />
      )}
      {shipment.confirmation === 'refused' && (
        <Alert
          type="error"
          showIcon
          data-testid="confirmation-refused"
          title={t('ordersPage.confirmation.refused')}
          description={
            shipment.error ? t('ordersPage.confirmation.amazonSaid', { error: shipment.error }) : undefined
          }
        />
      )}
      <Descriptions
        size="small"
        column={1}
        bordered
        data-testid="shipment-status"
        items={[
          {
            key: 'carrier',
            label: t('ordersPage.shipment.carrier'),
            children: shipment.carrier_name
              ? `${shipment.carrier_code} (${shipment.carrier_name})`
              : shipment.carrier_code,
          },
          { key: 'tracking', label: t('ordersPage.shipment.tracking'), children: shipment.tracking_number },
          {
            key: 'date',
            label: t('ordersPage.shipment.shipDate'),
            children: <time dateTime={shipment.ship_date}>{sellerDateTime(shipment.ship_date)}</time>,
          },
          {
            key: 'answer',
            label: t('ordersPage.confirmation.answer'),
            children: (
              <span data-testid="confirmation-state">
                <Tag color={COLORS[shipment.confirmation]}>
                  {t(`ordersPage.confirmation.states.${shipment.confirmation}`)}
                </Tag>
                {shipment.confirmation === 'sent' && (
                  <Spin size="small" aria-label={t('ordersPage.confirmation.waiting')} />
                )}
              </span>
            ),
          },
          {
            key: 'read-back',
            label: t('ordersPage.confirmation.readBack'),
            children: read ? (
              <span data-testid="read-back">
                {read.tracking_number
                  ? t('ordersPage.confirmation.amazonShows', {
                      carrier: read.carrier ?? '—',
                      tracking: read.tracking_number,
                    })
                  : t('ordersPage.confirmation.amazonShowsNothing')}{' '}
                <Typography.Text type="secondary">
                  ({t('ordersPage.confirmation.readAt', { at: sellerDateTime(read.read_at) })})
                </Typography.Text>
              </span>
            ) : (
              t('ordersPage.confirmation.notReadYet')
            ),
          },
        ]}
      />
    </>
  );
}
