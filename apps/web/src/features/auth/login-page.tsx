import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/route-handle';
import { requestRecoveryLink } from '../account';
import { ME_KEY } from '../account';
import { errorMessage } from '../../lib/api-client';
import { authClient } from '../../lib/auth-client';
import { zodRules } from '../../lib/zod-form';
import { authErrorMessage } from './api/auth-errors';
import { AuthCard } from './components/auth-card';

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle('auth.login.page');
  const { sessionStatus } = useParams();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [unverified, setUnverified] = useState<string | null>(null);
  const [recoveryOpen, setRecoveryOpen] = useState(false);

  const onFinish = async ({ email, password }: { email: string; password: string }) => {
    setSubmitting(true);
    setUnverified(null);
    const { error } = await authClient.signIn.email({ email: email.trim(), password });
    setSubmitting(false);
    if (error) {
      if (error.code === 'EMAIL_NOT_VERIFIED') setUnverified(email.trim());
      message.error(authErrorMessage(error), 3);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
    navigate('/', { replace: true });
  };

  const resend = async () => {
    if (!unverified) return;
    const { error } = await authClient.sendVerificationEmail({ email: unverified, callbackURL: '/welcome' });
    if (error) message.error(authErrorMessage(error), 3);
    else message.success(t('auth.login.verificationResent'), 3);
  };

  return (
    <AuthCard
      title={t('auth.login.title')}
      footer={
        <Typography.Text>
          {t('auth.login.noAccount')} <Link to="/signup">{t('auth.signup.submit')}</Link>
        </Typography.Text>
      }
    >
      {sessionStatus === 'logoutOK' && (
        <Alert type="success" showIcon title={t('auth.logout.success')} style={{ marginBottom: 16 }} />
      )}
      {unverified && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('auth.errors.emailNotVerified')}
          action={
            <Button size="small" onClick={() => void resend()}>
              {t('auth.login.resend')}
            </Button>
          }
        />
      )}
      <Form name="login" layout="vertical" onFinish={onFinish} disabled={submitting} requiredMark={false}>
        <Form.Item
          name="email"
          label={t('auth.fields.email')}
          rules={zodRules((s) => s.loginSchema, 'email')}
        >
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.fields.password')}
          rules={zodRules((s) => s.loginSchema, 'password')}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Button type="link" size="small" onClick={() => setRecoveryOpen(true)} style={{ padding: 0 }}>
            {t('auth.login.forgot')}
          </Button>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      <Divider plain>{t('common.or')}</Divider>
      <Link to="/passwordless-login">
        <Button block>{t('auth.passwordless.link')}</Button>
      </Link>
      <RecoveryModal open={recoveryOpen} onClose={() => setRecoveryOpen(false)} />
    </AuthCard>
  );
}

function RecoveryModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
      message.error(errorMessage(error), 3);
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
