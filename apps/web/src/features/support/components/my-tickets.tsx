import { SUPPORT_MESSAGE_MAX } from '@crossmarket/domain';
import { Alert, Button, Card, Collapse, Flex, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { zodRules } from '../../../lib/zod-form';
import { useAnswerTicket, useMyTickets, type MyTicket } from '../api/support';
import { TICKET_STATUS_COLORS, TicketThread } from '../../../lib/ticket-thread';

/** "My tickets": each ticket's thread, and an answer box (answering a closed ticket reopens it). */
export function MyTickets() {
  const { t } = useTranslation();
  const { data: tickets = [] } = useMyTickets();
  if (tickets.length === 0) return null;
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('support.tickets.title')}</h2>}
      data-testid="my-tickets"
    >
      <Collapse
        items={tickets.map((ticket) => ({
          key: ticket.id,
          label: (
            <Flex gap={8} wrap align="center">
              <Typography.Text strong>{t(`support.ticket.topics.${ticket.topic}`)}</Typography.Text>
              <Tag color={TICKET_STATUS_COLORS[ticket.status]}>
                {t(`support.tickets.status.${ticket.status}`)}
              </Tag>
              <Typography.Text type="secondary">
                {dayjs(ticket.created_at).format('YYYY-MM-DD HH:mm')}
              </Typography.Text>
            </Flex>
          ),
          children: <TicketBody ticket={ticket} />,
        }))}
      />
    </Card>
  );
}

function TicketBody({ ticket }: { ticket: MyTicket }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ message: string }>();
  const answer = useAnswerTicket();
  const [failure, setFailure] = useState<string | null>(null);
  const entries = [
    { author: 'seller' as const, message: ticket.message, created_at: ticket.created_at },
    ...ticket.replies,
  ];
  const send = async ({ message }: { message: string }) => {
    setFailure(null);
    try {
      await answer.mutateAsync({ id: ticket.id, message });
      form.resetFields();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };
  return (
    <Flex vertical gap={16}>
      <TicketThread entries={entries} viewer="seller" />
      {failure && <Alert type="error" showIcon title={failure} />}
      <Form form={form} layout="vertical" onFinish={(values) => void send(values)} requiredMark={false}>
        <Form.Item
          name="message"
          label={t('support.tickets.answer')}
          extra={ticket.status === 'closed' ? t('support.tickets.reopens') : undefined}
          rules={zodRules((s) => s.ticketReplySchema, 'message')}
        >
          <Input.TextArea rows={3} maxLength={SUPPORT_MESSAGE_MAX} />
        </Form.Item>
        <Button htmlType="submit" loading={answer.isPending}>
          {t('support.tickets.send')}
        </Button>
      </Form>
    </Flex>
  );
}
