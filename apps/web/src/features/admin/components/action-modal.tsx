import { ADMIN_REASON_MAX } from '@crossmarket/domain';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { zodRules } from '../../../lib/zod-form';

export interface ActionModalProps {
  /** What is about to happen, as a question ("Suspend ayse@example.com?"). */
  title: string;
  okText: string;
  danger?: boolean;
  open: boolean;
  onClose: () => void;
  /** Runs the action with the reason given; a rejection stays in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Every console action is confirmed and gives a reason, which the audit log keeps beside it. */
export function ActionModal({ title, okText, danger, open, onClose, onConfirm }: ActionModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    form.resetFields();
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(reason);
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
        <Form.Item
          name="reason"
          label={t('admin.actions.reason')}
          extra={t('admin.actions.reasonHelp')}
          rules={zodRules((s) => s.adminActionSchema, 'reason')}
        >
          <Input.TextArea rows={3} maxLength={ADMIN_REASON_MAX} data-testid="admin-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
