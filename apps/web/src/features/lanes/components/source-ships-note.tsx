import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shown where a lane's route is `source_ships` (reference §6): Amazon's drop-shipping policy forbids
 * another retailer on the parcel, and in the UK, AU and SG the goods are taxed twice; orders cannot be
 * bought on such a lane (issue 60). The order drawer shows the same note where an order meets it.
 */
export function SourceShipsNote() {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="source-ships-note"
      style={{ marginBottom: 12 }}
      title={t('lanes.sourceShips.title')}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            {t('lanes.sourceShips.policy')}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            {t('lanes.sourceShips.doubleTax')}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="source-ships-orders">
            {t('lanes.sourceShips.orders')}
          </Typography.Paragraph>
        </>
      }
    />
  );
}
