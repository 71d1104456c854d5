import { TICKET_STATUSES, type AdminTicketRow, type TicketStatus } from '@crossmarket/domain';
import { Flex, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import dayjs from '../../lib/dayjs';
import { TICKET_STATUS_COLORS } from '../../lib/ticket-thread';
import { useAdminTickets } from './api/admin';
import { ConsoleHeading } from './components/console-heading';

/** `/admin/tickets`: every ticket, newest first, by status, searched by e-mail or message. */
export function AdminTicketsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const query = {
    status: (params.get('status') as TicketStatus | null) ?? undefined,
    q: params.get('q') ?? undefined,
    page: Number(params.get('page') ?? 1) || 1,
  };
  const { data, isFetching } = useAdminTickets(query);
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
      <ConsoleHeading titleKey="admin.tickets.title" />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => set({ q: value.trim() || undefined })}
          placeholder={t('admin.tickets.search')}
          aria-label={t('admin.tickets.search')}
          style={{ maxWidth: 360 }}
          data-testid="admin-tickets-search"
        />
        <Select
          allowClear
          value={query.status}
          onChange={(value?: string) => set({ status: value })}
          placeholder={t('admin.users.status')}
          aria-label={t('admin.users.status')}
          options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`support.tickets.status.${s}`) }))}
          style={{ minWidth: 160 }}
        />
      </Flex>
      <Table<AdminTicketRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.tickets ?? []}
        scroll={{ x: 800 }}
        pagination={{
          current: query.page,
          pageSize: data?.page_size ?? 25,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => set({ page: page > 1 ? String(page) : undefined }),
        }}
        columns={[
          {
            title: t('admin.tickets.message'),
            dataIndex: 'message',
            ellipsis: true,
            render: (message: string, row) => <Link to={`/admin/tickets/${row.id}`}>{message}</Link>,
          },
          { title: t('admin.users.email'), dataIndex: 'email' },
          {
            title: t('admin.user.topic'),
            dataIndex: 'topic',
            render: (topic: string) => t(`support.ticket.topics.${topic}`),
          },
          {
            title: t('admin.users.status'),
            dataIndex: 'status',
            render: (status: TicketStatus) => (
              <Tag color={TICKET_STATUS_COLORS[status]}>{t(`support.tickets.status.${status}`)}</Tag>
            ),
          },
          { title: t('admin.tickets.replies'), dataIndex: 'replies' },
          {
            title: t('admin.user.created'),
            dataIndex: 'created_at',
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
        ]}
      />
    </>
  );
}
