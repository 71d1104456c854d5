import { deriveReportStatus } from '@crossmarket/domain';
import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import type { ReportSummary } from '../api/reports';

const COLORS = {
  done: 'success',
  pending: 'default',
  in_queue: 'default',
  cancelled: 'error',
  processing: 'processing',
  completing: 'processing',
} as const;

/**
 * The server's estimate, relative ("in 5 minutes") with the clock time on hover. The list refreshes
 * itself while a report runs, which moves the relative time on too.
 */
function EstimatedFinish({ at }: { at: string }) {
  const { t } = useTranslation();
  const finish = dayjs(at);
  return (
    <Typography.Text type="secondary" data-testid="estimated-finish">
      <time dateTime={at} title={finish.format('L LT')}>
        {t('reports.estimatedFinish', { time: finish.fromNow() })}
      </time>
    </Typography.Text>
  );
}

/** The specification's derived status; processing shows its percent to two decimals. */
export function ReportStatus({ report }: { report: ReportSummary }) {
  const { t } = useTranslation();
  const status = deriveReportStatus(report);
  // The server clears the estimate once the report is finished or cancelled.
  const estimate = !report.finalized && report.estimated_finish_at;
  if (status.key === 'processing') {
    return (
      <Space orientation="vertical" size={0} style={{ minWidth: 120 }}>
        <Tag color={COLORS.processing}>{t('reports.status.processing', { percent: status.percent })}</Tag>
        <Progress percent={Number(status.percent)} showInfo={false} size="small" />
        {estimate && <EstimatedFinish at={estimate} />}
      </Space>
    );
  }
  const tag = <Tag color={COLORS[status.key]}>{t(`reports.status.${status.key}`)}</Tag>;
  if (!estimate || status.key === 'cancelled') return tag;
  return (
    <Space orientation="vertical" size={0}>
      {tag}
      <EstimatedFinish at={estimate} />
    </Space>
  );
}
