import { deriveReportStatus } from '@crossmarket/domain';
import { Progress, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportSummary } from '../api/reports';

const COLORS = {
  done: 'success',
  pending: 'default',
  in_queue: 'default',
  cancelled: 'error',
  processing: 'processing',
  completing: 'processing',
} as const;

/** The specification's derived status; processing shows its percent to two decimals. */
export function ReportStatus({ report }: { report: ReportSummary }) {
  const { t } = useTranslation();
  const status = deriveReportStatus(report);
  if (status.key === 'processing') {
    return (
      <Space orientation="vertical" size={0} style={{ minWidth: 120 }}>
        <Tag color={COLORS.processing}>{t('reports.status.processing', { percent: status.percent })}</Tag>
        <Progress percent={Number(status.percent)} showInfo={false} size="small" />
      </Space>
    );
  }
  return <Tag color={COLORS[status.key]}>{t(`reports.status.${status.key}`)}</Tag>;
}
