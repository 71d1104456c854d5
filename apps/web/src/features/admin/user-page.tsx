import type { AdminUserDetail } from '@crossmarket/domain';
import { App, Button, Card, Descriptions, Flex, Result, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import dayjs from '../../lib/dayjs';
import { useMe } from '../account';
import { useAdminUser, useAdminUserAction, type AdminUserAction } from './api/admin';
import { ActionModal } from './components/action-modal';
import { ConsoleHeading } from './components/console-heading';
import { UserStatusTag } from './components/user-status-tag';

const when = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '—');

interface Pending {
  action: AdminUserAction;
  withDays?: boolean;
  body: Record<string, unknown>;
  title: string;
  ok: string;
  danger?: boolean;
}

/** `/admin/users/:userId`: one account as support needs it, and the actions on it. */
export function AdminUserPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const { data: user, isLoading, error } = useAdminUser(userId);
  const { data: me } = useMe();
  const act = useAdminUserAction(userId);
  const { message } = App.useApp();
  const [pending, setPending] = useState<Pending | null>(null);

  if (isLoading) return <Spin />;
  if (error || !user) return <Result status="404" title={t('admin.user.notFound')} />;
  const u = user.user;
  const ask = (action: AdminUserAction, key: string, body: Record<string, unknown> = {}, danger = false) =>
    setPending({
      action,
      body,
      withDays: action === 'extend',
      title: t(`admin.actions.${key}.confirm`, { email: u.email }),
      ok: t(`admin.actions.${key}.label`),
      danger,
    });
  const own = me?.user.id === u.id;

  return (
    <>
      <ConsoleHeading
        titleKey="admin.user.title"
        title={u.email}
        trail={[{ to: '/admin/users', label: t('admin.users.title') }]}
      />
      <Flex gap={8} wrap style={{ marginBottom: 16 }} data-testid="admin-user-actions">
        {u.status === 'suspended' ? (
          <Button onClick={() => ask('suspension', 'unsuspend', { suspended: false })}>
            {t('admin.actions.unsuspend.label')}
          </Button>
        ) : (
          <Button danger onClick={() => ask('suspension', 'suspend', { suspended: true }, true)}>
            {t('admin.actions.suspend.label')}
          </Button>
        )}
        <Button onClick={() => ask('extend', 'extend')}>{t('admin.actions.extend.label')}</Button>
        <Button onClick={() => ask('end-sessions', 'endSessions', {}, true)}>
          {t('admin.actions.endSessions.label')}
        </Button>
        {!u.email_verified && (
          <Button onClick={() => ask('resend-activation', 'resendActivation')}>
            {t('admin.actions.resendActivation.label')}
          </Button>
        )}
        {u.role === 'operator' ? (
          !own && (
            <Button onClick={() => ask('role', 'withdrawOperator', { role: 'seller' }, true)}>
              {t('admin.actions.withdrawOperator.label')}
            </Button>
          )
        ) : (
          <Button onClick={() => ask('role', 'grantOperator', { role: 'operator' })}>
            {t('admin.actions.grantOperator.label')}
          </Button>
        )}
      </Flex>
      <ActionModal
        open={pending !== null}
        title={pending?.title ?? ''}
        okText={pending?.ok ?? ''}
        danger={pending?.danger}
        withDays={pending?.withDays}
        onClose={() => setPending(null)}
        onConfirm={async (values) => {
          if (!pending) return;
          await act.mutateAsync({ action: pending.action, body: { ...pending.body, ...values } });
          void message.success(t('admin.actions.done'));
        }}
      />
      <Flex vertical gap={16}>
        <Card title={t('admin.user.profile')}>
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label={t('admin.users.email')}>{u.email}</Descriptions.Item>
            <Descriptions.Item label={t('admin.user.id')}>{u.id}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.status')}>
              <UserStatusTag status={u.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.user.role')}>{t(`admin.role.${u.role}`)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.signedUp')}>{when(u.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.user.language')}>{u.comm_lang}</Descriptions.Item>
          </Descriptions>
        </Card>
        <SubscriptionCard user={user} />
        <Card title={t('admin.user.reports')}>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={user.reports}
            scroll={{ x: 560 }}
            columns={[
              { title: t('admin.user.reportTitle'), dataIndex: 'title' },
              {
                title: t('admin.user.route'),
                render: (_, r) => `${r.from_country} → ${r.to_country}`,
              },
              {
                title: t('admin.users.status'),
                dataIndex: 'status',
                render: (s: string) => t(`reportStatus.${s}`),
              },
              { title: t('admin.user.created'), dataIndex: 'created_at', render: when },
            ]}
          />
        </Card>
        <Card title={t('admin.user.inventories')}>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={user.inventories}
            columns={[
              { title: t('admin.user.reportTitle'), dataIndex: 'title' },
              { title: t('admin.user.created'), dataIndex: 'created_at', render: when },
            ]}
          />
        </Card>
        <Card title={t('admin.user.amazon')}>
          <Table
            size="small"
            rowKey="region"
            pagination={false}
            dataSource={user.amazon}
            columns={[
              { title: t('admin.user.region'), dataIndex: 'region' },
              {
                title: t('admin.users.status'),
                dataIndex: 'status',
                render: (s: string) => (
                  <Tag color={s === 'connected' ? 'green' : 'red'}>{t(`admin.amazon.${s}`)}</Tag>
                ),
              },
              { title: t('admin.user.since'), dataIndex: 'connected_at', render: when },
              { title: t('admin.user.renewBy'), dataIndex: 'renew_by', render: when },
            ]}
          />
        </Card>
        <Card title={t('admin.user.tickets')}>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={user.tickets}
            columns={[
              {
                title: t('admin.user.topic'),
                dataIndex: 'topic',
                render: (s: string) => t(`support.ticket.topics.${s}`),
              },
              {
                title: t('admin.users.status'),
                dataIndex: 'status',
                render: (s: string) => t(`admin.ticket.${s}`),
              },
              { title: t('admin.user.created'), dataIndex: 'created_at', render: when },
            ]}
          />
        </Card>
        <Card title={t('admin.user.sessions')}>
          <Table
            size="small"
            rowKey="created_at"
            pagination={false}
            dataSource={user.sessions}
            scroll={{ x: 560 }}
            columns={[
              { title: t('admin.user.signedIn'), dataIndex: 'created_at', render: when },
              { title: t('admin.user.address'), dataIndex: 'ip_address' },
              { title: t('admin.user.browser'), dataIndex: 'user_agent', ellipsis: true },
            ]}
          />
        </Card>
      </Flex>
    </>
  );
}

function SubscriptionCard({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const s = user.subscription;
  return (
    <Card title={t('admin.user.subscription')}>
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('admin.users.plan')}>
          {s.plan_name} ({s.plan})
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.user.renewal')}>{when(s.subscription_end)}</Descriptions.Item>
        <Descriptions.Item label={t('admin.user.card')}>
          {s.card_brand ? `${s.card_brand} •••• ${s.last4}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.user.quota')}>
          {user.usage.reports_today} / {user.usage.daily_quota}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={user.payments}
        columns={[
          { title: t('admin.user.paid'), dataIndex: 'created_at', render: when },
          {
            title: t('admin.user.amount'),
            dataIndex: 'amount_cents',
            render: (cents: number) => (cents / 100).toFixed(2),
          },
          { title: t('admin.users.status'), dataIndex: 'status' },
        ]}
      />
    </Card>
  );
}
