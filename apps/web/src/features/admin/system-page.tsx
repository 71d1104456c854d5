import type { AdminSystem } from '@crossmarket/domain';
import { Alert, Card, Descriptions, Flex, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { errorMessage } from '../../lib/error-message';
import { useAdminSystem } from './api/admin';
import { ConsoleHeading } from './components/console-heading';

type Process = AdminSystem['processes'][number];
const when = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : '—');

/** `/admin/system`: version, migrations, providers, the processes alive and configuration warnings. */
export function AdminSystemPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useAdminSystem();

  if (isLoading) return <Spin />;
  return (
    <>
      <ConsoleHeading titleKey="admin.system.title" />
      {error && <Alert type="error" showIcon title={errorMessage(error, t)} style={{ marginBottom: 16 }} />}
      {data && (
        <Flex vertical gap={16}>
          <Card title={t('admin.system.warnings')} data-testid="admin-system-warnings">
            {data.warnings.length === 0 ? (
              <Alert type="success" showIcon title={t('admin.system.noWarnings')} />
            ) : (
              <Flex vertical gap={8}>
                {data.warnings.map((w) => (
                  <Alert key={w} type="warning" showIcon title={t(`admin.system.warning.${w}`)} />
                ))}
              </Flex>
            )}
          </Card>
          <Card title={t('admin.system.about')}>
            <Descriptions
              column={1}
              items={[
                { label: t('admin.system.version'), children: data.version },
                { label: t('admin.system.node'), children: data.node },
                {
                  label: t('admin.system.migrations'),
                  children: t('admin.system.migrationsApplied', {
                    count: data.migrations.applied,
                    latest: data.migrations.latest ?? '—',
                  }),
                },
                { label: t('admin.system.payments'), children: data.providers.payments },
                { label: t('admin.system.marketplace'), children: data.providers.marketplace },
                { label: t('admin.system.mail'), children: data.providers.mail },
                { label: t('admin.system.rates'), children: data.providers.rates },
              ]}
            />
          </Card>
          <Card title={t('admin.system.processes')}>
            <Table<Process>
              rowKey={(p) => `${p.kind}:${p.instance}`}
              size="small"
              pagination={false}
              locale={{ emptyText: t('admin.system.noProcesses') }}
              dataSource={data.processes}
              scroll={{ x: 640 }}
              columns={[
                {
                  title: t('admin.system.kind'),
                  dataIndex: 'kind',
                  render: (kind: string) => <Tag>{t(`admin.system.kinds.${kind}`)}</Tag>,
                },
                { title: t('admin.system.instance'), dataIndex: 'instance' },
                { title: t('admin.system.started'), dataIndex: 'started_at', render: when },
                {
                  title: t('admin.system.seen'),
                  dataIndex: 'seen_at',
                  render: (at: string) => `${when(at)} (${dayjs(at).fromNow()})`,
                },
              ]}
            />
          </Card>
        </Flex>
      )}
    </>
  );
}
