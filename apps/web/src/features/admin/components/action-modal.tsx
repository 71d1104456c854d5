import { ADMIN_EXTEND_DAYS_MAX, ADMIN_REASON_MAX } from '@crossmarket/domain';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { zodRules } from '../../../lib/zod-form';

export interface ActionValues {
  reason: string;
  days?: number;
}

export interface ActionModalProps {
  /** What is about to happen, as a question ("Suspend ayse@example.com?"). */
  title: string;
  okText: string;
  danger?: boolean;
  /** Asks for a number of days too (extending a subscription). */
  withDays?: boolean;
  open: boolean;
  onClose: () => void;
  /** Runs the action with what was typed; a rejection stays in the dialog. */
  onConfirm: (values: ActionValues) => Promise<unknown>;
}

/** Every console action is confirmed and gives a reason, which the audit log keeps beside it. */
export function ActionModal({ title, okText, danger, withDays, open, onClose, onConfirm }: ActionModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ActionValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    form.resetFields();
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(values);
      close();
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      cancelText={t('admin.actions.cancel')}
      okButtonProps={{ danger, loading: busy }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" requiredMark={false}>
        {withDays && (
          <Form.Item
            name="days"
            label={t('admin.actions.days')}
            rules={zodRules((s) => s.adminExtendSchema, 'days')}
          >
            <InputNumber min={1} max={ADMIN_EXTEND_DAYS_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('admin.actions.reason')}
          extra={t('admin.actions.reasonHelp')}
          rules={zodRules((s) => (withDays ? s.adminExtendSchema : s.adminActionSchema), 'reason')}
        >
          <Input.TextArea rows={3} maxLength={ADMIN_REASON_MAX} data-testid="admin-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
