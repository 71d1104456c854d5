import {
  ADMIN_AUDIT_ACTIONS,
  ADMIN_AUDIT_PAGE_SIZE,
  type AdminAuditAction,
  type AdminAuditResult,
  type AdminAuditRow,
} from '@crossmarket/domain';
import { Flex, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import dayjs from '../../lib/dayjs';
import { useAdminAudit } from './api/admin';
import { ConsoleHeading } from './components/console-heading';

/** An attempt is written before a provider's call, its result after: one left alone is worth a look. */
const RESULT_COLORS: Record<AdminAuditResult, string> = {
  ok: 'green',
  refused: 'orange',
  attempt: 'blue',
  failed: 'red',
};

/** `/admin/audit`: every operator action, newest first, filtered by action or by who (actor or target). */
export function AdminAuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('who') ?? '');
  const query = {
    action: (params.get('action') as AdminAuditAction | null) ?? undefined,
    who: params.get('who') ?? undefined,
    page: Number(params.get('page') ?? 1) || 1,
  };
  const { data, isFetching } = useAdminAudit(query);
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
      <ConsoleHeading titleKey="admin.audit.title" />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => set({ who: value.trim() || undefined })}
          placeholder={t('admin.audit.who')}
          aria-label={t('admin.audit.who')}
          style={{ maxWidth: 360 }}
        />
        <Select
          allowClear
          value={query.action}
          onChange={(value?: string) => set({ action: value })}
          placeholder={t('admin.audit.action')}
          aria-label={t('admin.audit.action')}
          options={ADMIN_AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`admin.audit.actions.${a}`) }))}
          style={{ minWidth: 220 }}
        />
      </Flex>
      <Table<AdminAuditRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.entries ?? []}
        scroll={{ x: 900 }}
        data-testid="admin-audit-table"
        pagination={{
          current: query.page,
          pageSize: ADMIN_AUDIT_PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => set({ page: page > 1 ? String(page) : undefined }),
        }}
        columns={[
          {
            title: t('admin.audit.when'),
            dataIndex: 'created_at',
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
          },
          { title: t('admin.audit.actor'), dataIndex: 'actor_email' },
          {
            title: t('admin.audit.action'),
            dataIndex: 'action',
            render: (action: string) => t(`admin.audit.actions.${action}`, { defaultValue: action }),
          },
          {
            title: t('admin.audit.target'),
            dataIndex: 'target_email',
            render: (email: string | null, row) =>
              row.target_id ? (
                <Link to={`/admin/users/${encodeURIComponent(row.target_id)}`}>{email}</Link>
              ) : (
                '—'
              ),
          },
          { title: t('admin.audit.reason'), dataIndex: 'reason' },
          {
            title: t('admin.audit.result'),
            dataIndex: 'result',
            render: (result: AdminAuditResult) => (
              <Tag color={RESULT_COLORS[result]}>{t(`admin.audit.results.${result}`)}</Tag>
            ),
          },
        ]}
      />
    </>
  );
}
