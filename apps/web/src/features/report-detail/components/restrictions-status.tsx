import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format-number';
import type { ReportDetail } from '../api/report';
import { useRestrictionProgress, useStartRestrictions } from '../api/restrictions';

/**
 * The listing restriction phase above the results: its progress while it runs (live), the "connect"
 * state for a seller without an authorisation for the selling region, and "Check restrictions" for the
 * products not checked yet. Nothing at all for a report without the phase.
 */
export function RestrictionsStatus({ report }: { report: ReportDetail }) {
  const { t, i18n } = useTranslation();
  useRestrictionProgress(report);
  const start = useStartRestrictions(report.id);
  const phase = report.restrictions;
  if (!phase) return null;
  const n = (x: number) => formatNumber(x, i18n.language);
  const startButton = (
    <Button size="small" loading={start.isPending} onClick={() => start.mutate()}>
      {t('reportDetail.restrictions.start')}
    </Button>
  );
  const failure = start.error && (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={errorMessage(start.error, t)}
      data-testid="restrictions-error"
    />
  );

  if (phase.state === 'waiting' || phase.state === 'checking') {
    const percent = phase.total > 0 ? Math.floor((phase.checked / phase.total) * 100) : 0;
    return (
      <Flex align="center" gap={12} data-testid="restrictions-progress">
        <Typography.Text role="status" aria-live="polite">
          {t('reportDetail.restrictions.progress', { checked: n(phase.checked), total: n(phase.total) })}
        </Typography.Text>
        <Progress
          percent={percent}
          size="small"
          style={{ width: 160, margin: 0 }}
          aria-label={t('reportDetail.restrictions.progressLabel')}
        />
      </Flex>
    );
  }
  if (phase.state === 'not_connected') {
    return (
      <Flex vertical gap={8}>
        <Alert
          type="info"
          showIcon
          data-testid="restrictions-connect"
          title={<Link to="/settings/amazon">{t('reportDetail.restrictions.connect')}</Link>}
          action={startButton}
        />
        {failure}
      </Flex>
    );
  }
  const unchecked = phase.total - phase.checked;
  if (unchecked <= 0) return null;
  return (
    <Flex vertical gap={8}>
      <Alert
        type="info"
        showIcon
        closable
        data-testid="restrictions-unchecked"
        title={t('reportDetail.restrictions.unchecked', { count: unchecked, formatted: n(unchecked) })}
        action={startButton}
      />
      {failure}
    </Flex>
  );
}
