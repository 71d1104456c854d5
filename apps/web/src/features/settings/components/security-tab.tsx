import { App, Button, Card, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { zodRules } from '../../../lib/zod-form';
import { changePassword, mailMyRecoveryLink, setPassword } from '../../account';

export function SecurityTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [mailing, setMailing] = useState(false);
  const [params, setParams] = useSearchParams();

  const onChange = async (v: { current_password: string; password: string }) => {
    setSaving(true);
    try {
      await changePassword({ current_plain_password: v.current_password, new_plain_password: v.password });
      message.success(t('security.changed'), 3);
      void message.info(t('security.tokensRevoked'), 5);
      form.resetFields();
    } catch (error) {
      message.error(errorMessage(error, t), 4);
    } finally {
      setSaving(false);
    }
  };

  const onMail = async () => {
    setMailing(true);
    try {
      await mailMyRecoveryLink();
      message.success(t('auth.mailSent'), 3);
    } catch {
      message.error(t('errors.genericOccured'), 3);
    } finally {
      setMailing(false);
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 560 }}>
      <Card title={t('security.changeTitle')}>
        <Typography.Paragraph type="secondary">{t('security.changeRevokes')}</Typography.Paragraph>
        <Form form={form} name="change-password" layout="vertical" onFinish={onChange} disabled={saving}>
          <Form.Item
            name="current_password"
            label={t('security.current')}
            rules={zodRules((s) => s.changePasswordSchema, 'current_password')}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('security.new')}
            rules={zodRules((s) => s.changePasswordSchema, 'password')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('security.confirm')}
            dependencies={['password']}
            rules={zodRules((s) => s.changePasswordSchema, 'confirm')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('security.changeSubmit')}
          </Button>
        </Form>
      </Card>
      <Card title={t('security.resetTitle')}>
        <Typography.Paragraph>{t('security.resetIntro')}</Typography.Paragraph>
        <Button onClick={() => void onMail()} loading={mailing}>
          {t('security.resetSubmit')}
        </Button>
      </Card>
      <RecoveryModal
        open={params.get('recovery') === '1'}
        onClose={() => {
          params.delete('recovery');
          setParams(params, { replace: true });
        }}
      />
    </Space>
  );
}

/** Opens by itself after a recovery link (the link signed the user in): choose the new password. */
function RecoveryModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const submit = async ({ password }: { password: string }) => {
    setSaving(true);
    try {
      await setPassword({ password });
      message.success(t('security.passwordSet'), 3);
      void message.info(t('security.tokensRevoked'), 5);
      onClose();
    } catch {
      message.error(t('errors.genericOccured'), 3);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('security.recoveryTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      confirmLoading={saving}
      destroyOnHidden
      maskClosable={false}
    >
      <Typography.Paragraph type="secondary">{t('security.setRevokes')}</Typography.Paragraph>
      <Form form={form} name="recovery-password" layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('security.new')}
          rules={zodRules((s) => s.setPasswordSchema, 'password')}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('security.confirm')}
          dependencies={['password']}
          rules={zodRules((s) => s.setPasswordSchema, 'confirm')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
