import { SUPPORT_MESSAGE_MAX, SUPPORT_TOPICS, type SupportTicketInput } from '@crossmarket/domain';
import { Alert, Button, Drawer, Form, Input, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { zodRules, type SchemaPick } from '../../../lib/zod-form';
import { useCreateTicket } from '../api/support';

const pickTicket: SchemaPick = (s) => s.supportTicketSchema;

type Failure = 'error' | 'too_many';

/**
 * "Yes, I need help": the ticket form. Editing → submitting (fields disabled) → success, or back to
 * editing with "An error occurred" (and the fields' own messages when the server named a field).
 */
export function TicketDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SupportTicketInput>();
  const create = useCreateTicket();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (values: SupportTicketInput) => {
    setFailure(null);
    try {
      await create.mutateAsync({ topic: values.topic, message: values.message });
      setSent(true);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      if (fields.length > 0)
        form.setFields(
          fields.map((f) => ({
            name: f.field as keyof SupportTicketInput,
            errors: [t(f.key, f.params ?? {})],
          })),
        );
      setFailure(error instanceof ApiError && error.status === 429 ? 'too_many' : 'error');
    }
  };

  const close = () => {
    setSent(false);
    setFailure(null);
    create.reset();
    form.resetFields();
    onClose();
  };

  return (
    <Drawer title={t('support.ticket.title')} open={open} onClose={close} size={520} destroyOnHidden>
      {sent ? (
        <Result
          status="success"
          title={t('support.ticket.success')}
          subTitle={t('support.ticket.reply')}
          extra={<Button onClick={close}>{t('common.close')}</Button>}
          data-testid="ticket-sent"
        />
      ) : (
        <Form
          form={form}
          name="support-ticket"
          layout="vertical"
          onFinish={submit}
          disabled={create.isPending}
        >
          {failure && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('support.ticket.error')}
              description={failure === 'too_many' ? t('support.ticket.tooMany') : undefined}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form.Item name="topic" label={t('support.ticket.topic')} rules={zodRules(pickTicket, 'topic')}>
            <Select
              placeholder={t('validation.support.topic')}
              options={SUPPORT_TOPICS.map((topic) => ({
                value: topic,
                label: t(`support.ticket.topics.${topic}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="message"
            label={t('support.ticket.message')}
            rules={zodRules(pickTicket, 'message')}
          >
            <Input.TextArea
              rows={4}
              placeholder={t('validation.support.message')}
              maxLength={SUPPORT_MESSAGE_MAX}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('support.ticket.permission')}</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={create.isPending} block>
            {t('support.ticket.submit')}
          </Button>
        </Form>
      )}
    </Drawer>
  );
}
