import { PlusOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { useAppConfig } from '../../lib/app-config';
import { runningReports, useReportEvents, useReports, type CreatedReport } from './api/reports';
import { CreateReportDrawer } from './components/create-report-drawer';
import { ReportSentNotice } from './components/report-sent-notice';
import { ReportsTable } from './components/reports-table';

/** `/reports`: the last 20 reports with live progress; `?new` opens the Create New Report drawer. */
export function ReportsPage() {
  const { t } = useTranslation();
  usePageTitle('reports.page');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: reports = [], isLoading } = useReports();
  const { data: config } = useAppConfig();
  const [sent, setSent] = useState<CreatedReport | null>(null);
  useReportEvents(runningReports(reports).map((r) => r.id));
  const openCreate = () => void navigate('/reports?new');
  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/">{t('nav.home')}</Link> }, { title: t('reports.page') }]}
        style={{ marginBottom: 8 }}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('reports.page')}{' '}
          {config?.providers.marketplace === 'sandbox' && (
            <Tag color="purple" data-testid="sandbox-badge">
              {t('reports.sandboxData')}
            </Tag>
          )}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
          {t('reports.createNew')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('reports.intro')}
      </Typography.Paragraph>
      {sent && <ReportSentNotice created={sent} onClose={() => setSent(null)} />}
      <ReportsTable reports={reports} loading={isLoading} onCreate={openCreate} />
      <CreateReportDrawer
        open={params.has('new')}
        onClose={() => void navigate('/reports')}
        onCreated={setSent}
      />
    </>
  );
}
