import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import type { CreatedReport } from '../api/reports';

const COUNTS = ['sent', 'valid', 'repetitive', 'invalid'] as const;

/**
 * How the product IDs of the report just sent were counted, above the list: the drawer closes on a
 * successful Submit so the new report's row is in view, and the counts stay until dismissed.
 */
export function ReportSentNotice({ created, onClose }: { created: CreatedReport; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      type="success"
      showIcon
      closable={{ onClose, 'aria-label': t('common.close') }}
      title={t('reports.form.sent')}
      data-testid="report-created"
      style={{ marginBottom: 16 }}
      description={
        <Descriptions size="small" column={{ xs: 2, sm: 4 }} colon>
          {COUNTS.map((k) => (
            <Descriptions.Item key={k} label={t(`reports.form.counts.${k}`)}>
              {formatNumber(created[k], i18n.language)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      }
    />
  );
}
