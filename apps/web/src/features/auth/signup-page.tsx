import { Button, Form, Input, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
  const [created, setCreated] = useState<string | null>(null);
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
    message.success(t('auth.signup.redirecting'), 2);
    setCreated(values.email.trim());
  };

  if (created) {
    return (
      <AuthCard title={t('auth.signup.createdTitle')}>
        <Result
          status="success"
          title={t('auth.signup.createdTitle')}
          subTitle={t('auth.signup.checkEmail', { email: created })}
          extra={
            <Link to="/login">
              <Button type="primary">{t('auth.login.submit')}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }

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
