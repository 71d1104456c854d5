import { SUPPORT_MESSAGE_MAX } from '@crossmarket/domain';
import { Alert, App, Button, Card, Flex, Form, Input, Result, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/error-message';
import { TICKET_STATUS_COLORS, TicketThread } from '../../lib/ticket-thread';
import { zodRules } from '../../lib/zod-form';
import { useAdminTicket, useAdminTicketAction } from './api/admin';
import { ActionModal } from './components/action-modal';
import { ConsoleHeading } from './components/console-heading';

/** `/admin/tickets/:ticketId`: the thread, a reply (mailed to the seller) and closing. */
export function AdminTicketPage() {
  const { t } = useTranslation();
  const { ticketId = '' } = useParams();
  const { data: ticket, isLoading, error } = useAdminTicket(ticketId);
  const act = useAdminTicketAction(ticketId);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ message: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);

  if (isLoading) return <Spin />;
  if (error || !ticket) return <Result status="404" title={t('admin.tickets.notFound')} />;
  const reply = async ({ message: text }: { message: string }) => {
    setFailure(null);
    try {
      await act.mutateAsync({ action: 'reply', body: { message: text } });
      form.resetFields();
      void message.success(t('admin.tickets.sent'));
    } catch (e) {
      setFailure(errorMessage(e, t));
    }
  };

  return (
    <>
      <ConsoleHeading
        titleKey="admin.tickets.ticket"
        title={t(`support.ticket.topics.${ticket.topic}`)}
        trail={[{ to: '/admin/tickets', label: t('admin.tickets.title') }]}
      />
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Tag color={TICKET_STATUS_COLORS[ticket.status]}>{t(`support.tickets.status.${ticket.status}`)}</Tag>
        <Link to={`/admin/users/${encodeURIComponent(ticket.user_id)}`}>{ticket.email}</Link>
        {ticket.status !== 'closed' && (
          <Button onClick={() => setClosing(true)}>{t('admin.tickets.close.label')}</Button>
        )}
      </Flex>
      <ActionModal
        open={closing}
        title={t('admin.tickets.close.confirm')}
        okText={t('admin.tickets.close.label')}
        onClose={() => setClosing(false)}
        onConfirm={async ({ reason }) => {
          await act.mutateAsync({ action: 'close', body: { reason } });
          void message.success(t('admin.actions.done'));
        }}
      />
      <Card>
        <TicketThread
          viewer="operator"
          entries={[
            { author: 'seller', message: ticket.message, created_at: ticket.created_at },
            ...ticket.replies,
          ]}
        />
      </Card>
      <Card
        style={{ marginTop: 16 }}
        title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('admin.tickets.reply')}</h2>}
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical" onFinish={(values) => void reply(values)} requiredMark={false}>
          <Form.Item
            name="message"
            label={t('admin.tickets.replyLabel')}
            extra={t('admin.tickets.replyHelp')}
            rules={zodRules((s) => s.ticketReplySchema, 'message')}
          >
            <Input.TextArea rows={5} maxLength={SUPPORT_MESSAGE_MAX} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={act.isPending}>
            {t('admin.tickets.send')}
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {ticket.status === 'closed' ? t('admin.tickets.closedNote') : null}
        </Typography.Paragraph>
      </Card>
    </>
  );
}
