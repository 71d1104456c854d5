import { ADMIN_USER_STATUSES, type AdminUserRow, type AdminUserStatus } from '@crossmarket/domain';
import { Flex, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import dayjs from '../../lib/dayjs';
import { usePlans } from '../plans';
import { useAdminUsers } from './api/admin';
import { ConsoleHeading } from './components/console-heading';
import { UserStatusTag } from './components/user-status-tag';

const PAGE_SIZE = 25;

/** `/admin/users`: every account, searched, filtered and paged by the server; the filters live in the URL. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const query = {
    q: params.get('q') ?? undefined,
    plan: params.get('plan') ?? undefined,
    status: (params.get('status') as AdminUserStatus | null) ?? undefined,
    sort: params.get('sort') === 'asc' ? ('asc' as const) : ('desc' as const),
    page: Number(params.get('page') ?? 1) || 1,
    page_size: PAGE_SIZE,
  };
  const { data, isFetching } = useAdminUsers(query);
  const { data: plans = [] } = usePlans();
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  return (
    <>
      <ConsoleHeading titleKey="admin.users.title" />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => set({ q: value.trim() || undefined })}
          placeholder={t('admin.users.search')}
          aria-label={t('admin.users.search')}
          style={{ maxWidth: 360 }}
          data-testid="admin-users-search"
        />
        <Select
          allowClear
          value={query.plan}
          onChange={(value?: string) => set({ plan: value })}
          placeholder={t('admin.users.plan')}
          aria-label={t('admin.users.plan')}
          options={plans.map((p) => ({ value: p.code, label: p.name }))}
          style={{ minWidth: 160 }}
        />
        <Select
          allowClear
          value={query.status}
          onChange={(value?: string) => set({ status: value })}
          placeholder={t('admin.users.status')}
          aria-label={t('admin.users.status')}
          options={ADMIN_USER_STATUSES.map((s) => ({ value: s, label: t(`admin.status.${s}`) }))}
          style={{ minWidth: 180 }}
        />
      </Flex>
      <Table<AdminUserRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.users ?? []}
        scroll={{ x: 720 }}
        onChange={(_, __, sorter) => {
          const order = Array.isArray(sorter) ? undefined : sorter.order;
          set({ sort: order === 'ascend' ? 'asc' : undefined });
        }}
        pagination={{
          current: query.page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => set({ page: page > 1 ? String(page) : undefined }),
        }}
        columns={[
          {
            title: t('admin.users.email'),
            dataIndex: 'email',
            render: (email: string, row) => (
              <Link to={`/admin/users/${encodeURIComponent(row.id)}`}>{email}</Link>
            ),
          },
          { title: t('admin.users.plan'), dataIndex: 'plan' },
          {
            title: t('admin.users.status'),
            dataIndex: 'status',
            render: (status: AdminUserStatus, row) => (
              <Flex gap={4} wrap>
                <UserStatusTag status={status} />
                {row.role === 'operator' && <Tag color="purple">{t('admin.role.operator')}</Tag>}
              </Flex>
            ),
          },
          {
            title: t('admin.users.signedUp'),
            dataIndex: 'created_at',
            sorter: true,
            sortOrder: query.sort === 'asc' ? 'ascend' : 'descend',
            sortDirections: ['descend', 'ascend', 'descend'],
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
        ]}
      />
    </>
  );
}
