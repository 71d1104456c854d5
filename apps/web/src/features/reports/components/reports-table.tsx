import { displayedProductCount } from '@crossmarket/domain';
import { Button, Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Country } from '../../../lib/country';
import dayjs from '../../../lib/dayjs';
import { formatNumber } from '../../../lib/format-number';
import type { ReportSummary } from '../api/reports';
import { ReportStatus } from './report-status';

const shortId = (id: string) => id.split('-')[0];

function When({ at }: { at: string | null }) {
  if (!at) return <Typography.Text type="secondary">—</Typography.Text>;
  const d = dayjs(at);
  return (
    <Space orientation="vertical" size={0}>
      <span>{d.format('L LT')}</span>
      <Typography.Text type="secondary">{d.fromNow()}</Typography.Text>
    </Space>
  );
}

export function ReportsTable({
  reports,
  loading,
  onCreate,
}: {
  reports: ReportSummary[];
  loading: boolean;
  onCreate: () => void;
}) {
  const { t, i18n } = useTranslation();
  const columns: ColumnsType<ReportSummary> = [
    {
      title: t('reports.columns.title'),
      key: 'title',
      render: (_, r, index) => (
        <Space orientation="vertical" size={0}>
          <span>
            {index + 1}. {r.title || t('reports.untitled')}
          </span>
          <Typography.Text type="secondary" code>
            {shortId(r.id)}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('reports.columns.status'), key: 'status', render: (_, r) => <ReportStatus report={r} /> },
    {
      title: t('reports.columns.info'),
      key: 'info',
      render: (_, r) => {
        const products = t('reports.products', {
          count: displayedProductCount(r),
          formatted: formatNumber(displayedProductCount(r), i18n.language),
        });
        if (!r.no_answer_count) return products;
        return (
          <Space orientation="vertical" size={0}>
            <span>{products}</span>
            {r.no_answer_count > 0 && (
              <Typography.Text type="secondary" data-testid="no-answer-count">
                {t('reportSummary.noAnswer', { count: r.no_answer_count })}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
    {
      title: t('reports.columns.countries'),
      key: 'countries',
      render: (_, r) => (
        <Space>
          <Country code={r.from_country} />/<Country code={r.to_country} />
        </Space>
      ),
    },
    { title: t('reports.columns.createdAt'), key: 'created', render: (_, r) => <When at={r.created_at} /> },
    { title: t('reports.columns.finishAt'), key: 'finished', render: (_, r) => <When at={r.finish_at} /> },
    {
      title: t('reports.columns.action'),
      key: 'action',
      render: (_, r) =>
        r.finalized ? (
          <Link to={`/reports/${r.id}`}>
            <Button type="primary" size="small">
              {t('reports.view')}
            </Button>
          </Link>
        ) : (
          <Button size="small" disabled>
            {t('reports.view')}
          </Button>
        ),
    },
  ];
  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={reports}
      loading={loading}
      pagination={false}
      scroll={{ x: 900 }}
      locale={{
        emptyText: (
          <Empty description={<Typography.Text strong>{t('reports.empty.title')}</Typography.Text>}>
            <Typography.Paragraph type="secondary">{t('reports.empty.body')}</Typography.Paragraph>
            <Button type="primary" onClick={onCreate}>
              {t('reports.createNew')}
            </Button>
          </Empty>
        ),
      }}
    />
  );
}
