import type { AdminWork } from '@crossmarket/domain';
import { Alert, App, Button, Card, Flex, Progress, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from '../../lib/dayjs';
import { errorMessage } from '../../lib/error-message';
import { useAdminWork, useAdminWorkAction } from './api/admin';
import { ActionModal } from './components/action-modal';
import { ConsoleHeading } from './components/console-heading';

type Report = AdminWork['running_reports'][number];
type Schedule = AdminWork['schedules'][number];
type FailedJob = AdminWork['failed_jobs'][number];
type Authorisation = AdminWork['amazon'][number];

const when = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '—');
const userLink = (id: string, email: string) => (
  <Link to={`/admin/users/${encodeURIComponent(id)}`}>{email}</Link>
);

interface Pending {
  url: string;
  body: Record<string, unknown>;
  title: string;
  ok: string;
  danger?: boolean;
}

/**
 * `/admin/work`: the job queues, the scheduled jobs (run now, last run), the reports running, failed jobs
 * and sellers' Amazon allowance.
 */
export function AdminWorkPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useAdminWork();
  const act = useAdminWorkAction();
  const { message } = App.useApp();
  const [pending, setPending] = useState<Pending | null>(null);

  if (isLoading) return <Spin />;
  if (error && !data)
    return (
      <>
        <ConsoleHeading titleKey="admin.work.title" />
        <Alert type="error" showIcon title={errorMessage(error, t)} />
      </>
    );
  const empty = (key: string) => ({ emptyText: t(`admin.work.${key}`) });

  return (
    <>
      <ConsoleHeading titleKey="admin.work.title" />
      {/* A refresh that failed: the last answer stays, with the failure above it. */}
      {error && <Alert type="error" showIcon title={errorMessage(error, t)} style={{ marginBottom: 16 }} />}
      <ActionModal
        open={pending !== null}
        title={pending?.title ?? ''}
        okText={pending?.ok ?? ''}
        danger={pending?.danger}
        onClose={() => setPending(null)}
        onConfirm={async (values) => {
          if (!pending) return;
          await act.mutateAsync({ url: pending.url, body: { ...pending.body, ...values } });
          void message.success(t('admin.actions.done'));
        }}
      />
      <Flex vertical gap={16}>
        <Card title={t('admin.work.queues')}>
          <Table
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={data?.queues ?? []}
            scroll={{ x: 640 }}
            data-testid="admin-work-queues"
            columns={[
              { title: t('admin.work.queue'), dataIndex: 'name' },
              { title: t('admin.work.waiting'), dataIndex: 'waiting' },
              { title: t('admin.work.running'), dataIndex: 'running' },
              { title: t('admin.work.failed'), dataIndex: 'failed' },
              { title: t('admin.work.throughput'), dataIndex: 'completed_last_hour' },
            ]}
          />
        </Card>
        <Card title={t('admin.work.schedules')}>
          <Table<Schedule>
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={data?.schedules ?? []}
            scroll={{ x: 640 }}
            data-testid="admin-work-schedules"
            columns={[
              { title: t('admin.work.queue'), dataIndex: 'name' },
              { title: t('admin.work.schedule'), dataIndex: 'cron', render: (c: string) => <code>{c}</code> },
              {
                title: t('admin.work.lastRun'),
                render: (_, j) =>
                  j.last_run_at === null ? (
                    t('admin.work.neverRun')
                  ) : (
                    <span>
                      {when(j.last_run_at)}{' '}
                      {j.last_state && (
                        <Tag
                          color={
                            j.last_state === 'failed'
                              ? 'red'
                              : j.last_state === 'completed'
                                ? 'green'
                                : 'blue'
                          }
                        >
                          {t(`admin.work.state.${j.last_state}`)}
                        </Tag>
                      )}
                    </span>
                  ),
              },
              {
                title: t('admin.work.action'),
                render: (_, j) =>
                  j.runnable && (
                    <Button
                      size="small"
                      aria-label={`${t('admin.actions.runSchedule.label')}: ${j.name}`}
                      onClick={() =>
                        setPending({
                          url: `/api/admin/schedules/${j.name}/run`,
                          body: {},
                          title: t('admin.actions.runSchedule.confirm', { queue: j.name }),
                          ok: t('admin.actions.runSchedule.label'),
                        })
                      }
                    >
                      {t('admin.actions.runSchedule.label')}
                    </Button>
                  ),
              },
            ]}
          />
        </Card>
        <Card title={t('admin.work.reports')}>
          <Table<Report>
            rowKey="id"
            size="small"
            pagination={false}
            locale={empty('noReports')}
            dataSource={data?.running_reports ?? []}
            scroll={{ x: 760 }}
            columns={[
              { title: t('admin.work.report'), dataIndex: 'title' },
              { title: t('admin.work.owner'), render: (_, r) => userLink(r.owner_id, r.owner_email) },
              {
                title: t('admin.work.progress'),
                render: (_, r) => (
                  <Flex vertical gap={0}>
                    <span>{t('admin.work.processed', { processed: r.processed, total: r.total })}</span>
                    <Progress
                      percent={r.total ? Math.floor((r.processed / r.total) * 100) : 0}
                      size="small"
                      aria-label={t('admin.work.progress')}
                    />
                  </Flex>
                ),
              },
              { title: t('admin.work.submitted'), dataIndex: 'created_at', render: when },
              {
                title: t('admin.work.action'),
                render: (_, r) => (
                  <Button
                    danger
                    size="small"
                    // The visible label first (WCAG 2.5.3), then which report: every row has the same button.
                    aria-label={`${t('admin.actions.cancelReport.label')}: ${r.title}`}
                    onClick={() =>
                      setPending({
                        url: `/api/admin/reports/${r.id}/cancel`,
                        body: {},
                        title: t('admin.actions.cancelReport.confirm', {
                          title: r.title,
                          email: r.owner_email,
                        }),
                        ok: t('admin.actions.cancelReport.label'),
                        danger: true,
                      })
                    }
                  >
                    {t('admin.actions.cancelReport.label')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
        <Card title={t('admin.work.failedJobs')}>
          <Table<FailedJob>
            rowKey="id"
            size="small"
            pagination={false}
            locale={empty('noFailedJobs')}
            dataSource={data?.failed_jobs ?? []}
            scroll={{ x: 760 }}
            columns={[
              { title: t('admin.work.queue'), dataIndex: 'queue' },
              { title: t('admin.work.failedAt'), dataIndex: 'failed_at', render: when },
              { title: t('admin.work.error'), dataIndex: 'error', ellipsis: true, render: (e) => e ?? '—' },
              {
                title: t('admin.work.action'),
                render: (_, j) => (
                  <Button
                    size="small"
                    aria-label={`${t('admin.actions.retryJob.label')}: ${j.queue} ${when(j.failed_at)}`}
                    onClick={() =>
                      setPending({
                        url: `/api/admin/jobs/${j.id}/retry`,
                        body: { queue: j.queue },
                        title: t('admin.actions.retryJob.confirm', { queue: j.queue }),
                        ok: t('admin.actions.retryJob.label'),
                      })
                    }
                  >
                    {t('admin.actions.retryJob.label')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
        <Card title={t('admin.work.amazon')}>
          <Table<Authorisation>
            rowKey={(a) => `${a.owner_id}:${a.region}`}
            size="small"
            pagination={false}
            locale={empty('noAmazon')}
            dataSource={data?.amazon ?? []}
            scroll={{ x: 900 }}
            columns={[
              { title: t('admin.work.owner'), render: (_, a) => userLink(a.owner_id, a.owner_email) },
              { title: t('admin.work.region'), dataIndex: 'region', render: (r: string) => r.toUpperCase() },
              { title: t('admin.work.sellingPartner'), dataIndex: 'selling_partner_id' },
              { title: t('admin.work.calls'), dataIndex: 'calls_last_hour' },
              {
                title: t('admin.work.utilisation'),
                dataIndex: 'utilisation',
                render: (u: number | null) => (u === null ? '—' : `${Math.round(u * 100)} %`),
              },
              { title: t('admin.work.throttled'), dataIndex: 'throttled_last_hour' },
              {
                title: t('admin.users.status'),
                render: (_, a) =>
                  a.status === 'revoked' ? (
                    <Tag color="red">{t('admin.work.revoked', { at: when(a.revoked_at) })}</Tag>
                  ) : (
                    <Tag color="green">{t('admin.work.connected')}</Tag>
                  ),
              },
            ]}
          />
        </Card>
      </Flex>
    </>
  );
}
