import { Button, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePublicFeedback } from '../../lib/public-feedback';
import { usePageTitle } from '../../lib/page-title';
import { loadAuthClient } from '../../lib/load-auth-client';
import { zodRules } from '../../lib/zod-form';
import { authErrorMessage } from './api/auth-errors';
import { AuthCard } from './components/auth-card';

export function SignupPage() {
  const { t } = useTranslation();
  usePageTitle('auth.signup.page');
  const { message } = usePublicFeedback();
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();
  useEffect(() => void loadAuthClient(), []);

  const onFinish = async (values: { email: string; password: string; confirm: string }) => {
    const authClient = await loadAuthClient();
    setSubmitting(true);
    const { error } = await authClient.signUp.email({
      email: values.email.trim(),
      password: values.password,
      name: values.email.trim(),
      callbackURL: '/welcome',
    });
    setSubmitting(false);
    if (error) {
      message.error(authErrorMessage(error), 3);
      return;
    }
    // The specification's "Redirecting..." and then the redirect itself (issue 46): sign-in, which says
    // to activate the account from the mail first.
    message.success(t('auth.signup.redirecting'), 2);
    void navigate('/login', { replace: true, state: { created: values.email.trim() } });
  };

  return (
    <AuthCard
      title={t('auth.signup.title')}
      footer={
        <Typography.Text>
          {t('auth.signup.haveAccount')} <Link to="/login">{t('auth.login.submit')}</Link>
        </Typography.Text>
      }
    >
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={submitting} requiredMark={false}>
        <Form.Item
          name="email"
          label={t('auth.fields.email')}
          rules={zodRules((s) => s.signUpSchema, 'email')}
        >
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.fields.password')}
          rules={zodRules((s) => s.signUpSchema, 'password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('auth.fields.confirmPassword')}
          dependencies={['password']}
          rules={zodRules((s) => s.signUpSchema, 'confirm')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          <Trans
            i18nKey="auth.signup.agree"
            components={{ terms: <Link to="/terms" />, privacy: <Link to="/privacy" /> }}
          />
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('auth.signup.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
