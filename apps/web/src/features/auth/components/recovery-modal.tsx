import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicFeedback } from '../../../lib/public-feedback';
import { errorMessage } from '../../../lib/error-message';
import { zodRules } from '../../../lib/zod-form';
import { requestRecoveryLink } from '../../account';

/** "Forgot your password?": mails a recovery link. Its own chunk, fetched when first opened. */
export function RecoveryModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = usePublicFeedback();
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);
  const submit = async ({ email }: { email: string }) => {
    setSending(true);
    try {
      await requestRecoveryLink(email.trim());
      message.success(t('auth.mailSent'), 3);
      form.resetFields();
      onClose();
    } catch (error) {
      message.error(errorMessage(error, t), 3);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('auth.recovery.title')}
      onCancel={onClose}
      okText={t('auth.recovery.send')}
      onOk={() => form.submit()}
      confirmLoading={sending}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('auth.recovery.intro')}</Typography.Paragraph>
      <Form form={form} name="recovery" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="email"
          label={t('auth.fields.email')}
          rules={zodRules((s) => s.resetPasswordRequestSchema, 'email')}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
