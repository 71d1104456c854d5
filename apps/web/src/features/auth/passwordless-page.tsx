import { Button, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePublicFeedback } from '../../lib/public-feedback';
import { usePageTitle } from '../../lib/page-title';
import { loadAuthClient } from '../../lib/load-auth-client';
import { zodRules } from '../../lib/zod-form';
import { authErrorMessage } from './api/auth-errors';
import { AuthCard } from './components/auth-card';

export function PasswordlessPage() {
  const { t } = useTranslation();
  usePageTitle('auth.passwordless.page');
  const { message, notification } = usePublicFeedback();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => void loadAuthClient(), []);

  const onFinish = async ({ email }: { email: string }) => {
    const authClient = await loadAuthClient();
    setSubmitting(true);
    const { error } = await authClient.signIn.magicLink({ email: email.trim(), callbackURL: '/' });
    setSubmitting(false);
    if (error) {
      message.error(authErrorMessage(error), 3);
      return;
    }
    notification.success({
      title: t('auth.passwordless.sentTitle'),
      description: t('auth.passwordless.sentBody'),
      duration: 5,
    });
    navigate('/login');
  };

  return (
    <AuthCard
      title={t('auth.passwordless.title')}
      footer={<Link to="/login">{t('auth.passwordless.back')}</Link>}
    >
      <Typography.Paragraph type="secondary">{t('auth.passwordless.intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={onFinish} disabled={submitting} requiredMark={false}>
        <Form.Item
          name="email"
          label={t('auth.fields.email')}
          rules={zodRules((s) => s.magicLinkSchema, 'email')}
        >
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('auth.passwordless.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
