import { deriveReportStatus } from '@crossmarket/domain';
import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatNumber } from '../../../lib/format-number';
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

/**
 * What the report is doing, from the server's `phase`: a supplier list's match with how far it is, its
 * lookups (with the server's estimate, or that one is being measured), then the restriction phase with
 * how far it is. Nothing once it has stopped.
 */
function Phase({ report }: { report: ReportSummary }) {
  const { t, i18n } = useTranslation();
  const n = (x: number) => formatNumber(x, i18n.language);
  if (report.phase === 'looking_up' && report.supplier_matching) {
    // A supplier list report first matches its lines to the catalogue (issue 62): how far it is.
    const { matched, total } = report.supplier_matching;
    return (
      <Typography.Text type="secondary" data-testid="report-phase">
        {t('reports.phase.matching', { matched: n(matched), total: n(total) })}
      </Typography.Text>
    );
  }
  if (report.phase === 'looking_up') {
    return (
      <Space orientation="vertical" size={0} data-testid="report-phase">
        <Typography.Text type="secondary">{t('reports.phase.lookingUp')}</Typography.Text>
        {report.estimated_finish_at ? (
          <EstimatedFinish at={report.estimated_finish_at} />
        ) : (
          <Typography.Text type="secondary">{t('reports.phase.estimating')}</Typography.Text>
        )}
      </Space>
    );
  }
  if (report.phase === 'restrictions' && report.restrictions) {
    const { checked, total } = report.restrictions;
    return (
      <Typography.Text type="secondary" data-testid="report-phase">
        {t('reports.phase.restrictions', { checked: n(checked), total: n(total) })}
      </Typography.Text>
    );
  }
  return null;
}

/** The specification's derived status; processing shows its percent to two decimals. */
export function ReportStatus({ report }: { report: ReportSummary }) {
  const { t } = useTranslation();
  const status = deriveReportStatus(report);
  if (status.key === 'processing') {
    return (
      <Space orientation="vertical" size={0} style={{ minWidth: 120 }}>
        <Tag color={COLORS.processing}>{t('reports.status.processing', { percent: status.percent })}</Tag>
        <Progress percent={Number(status.percent)} showInfo={false} size="small" />
        <Phase report={report} />
      </Space>
    );
  }
  const tag = <Tag color={COLORS[status.key]}>{t(`reports.status.${status.key}`)}</Tag>;
  if (!report.phase || status.key === 'cancelled') return tag;
  return (
    <Space orientation="vertical" size={0}>
      {tag}
      <Phase report={report} />
    </Space>
  );
}
