import { Alert, Breadcrumb, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from '../../../lib/dayjs';
import type { ReportDetail } from '../api/report';
import { ReportLane } from './report-lane';
import { PricedWith } from './priced-with';
import { RatesOf } from '../../../lib/rates-of';
import { RestrictionsStatus } from './restrictions-status';
import { SupplierSummary } from './supplier-summary';

const shortId = (id: string) => id.split('-')[0];
const OUTDATED_AFTER_DAYS = 2;

/**
 * The breadcrumb and whose Amazon accounts answered, then what
 * the seller should know first: an old report, unanswered products, a bad link.
 */
export function ReportHeader({ report, malformedLink }: { report: ReportDetail; malformedLink: boolean }) {
  const { t } = useTranslation();
  const accounts = report.amazon_accounts;
  const finished = report.finish_at ? dayjs(report.finish_at) : null;
  const outdated = finished && dayjs().diff(finished, 'day', true) >= OUTDATED_AFTER_DAYS;
  return (
    <>
      <Breadcrumb
        items={[
          { title: <Link to="/">{t('nav.home')}</Link> },
          { title: <Link to="/reports">{t('reports.page')}</Link> },
          { title: t('reportDetail.view') },
          { title: `${report.title || t('reports.untitled')} ${shortId(report.id)}` },
        ]}
      />
      {accounts && (
        <Flex wrap gap={16}>
          {accounts && (
            <Typography.Text type="secondary" data-testid="amazon-accounts">
              {t('reportDetail.amazonAccounts', {
                from: t(`reportDetail.amazonAccount.${accounts.from}`),
                to: t(`reportDetail.amazonAccount.${accounts.to}`),
              })}
            </Typography.Text>
          )}
        </Flex>
      )}
      <SupplierSummary report={report} />
      <ReportLane report={report} />
      <PricedWith report={report} />
      <RatesOf of={report.rates_of} />
      <RestrictionsStatus report={report} />
      {outdated && (
        <Alert
          type="warning"
          showIcon
          closable
          title={t('reportDetail.outdated', { date: finished.format('LL LT') })}
          data-testid="outdated-warning"
        />
      )}
      {(report.no_answer_count ?? 0) > 0 && (
        <Alert
          type="info"
          showIcon
          closable
          title={t('reportSummary.noAnswer', { count: report.no_answer_count })}
          data-testid="no-answer-summary"
        />
      )}
      {malformedLink && (
        <Alert
          type="error"
          showIcon
          closable
          title={t('reportDetail.malformedLink')}
          data-testid="malformed-link"
        />
      )}
    </>
  );
}
