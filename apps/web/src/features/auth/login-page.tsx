import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, ConfigProvider, Divider, Flex } from 'antd';
// The input and the password input alone: the Input barrel brings TextArea, Search and OTP along.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { usePublicFeedback } from '../../lib/public-feedback';
import { usePageTitle } from '../../lib/page-title';
import { meKeys } from '../account';
import { loadAuthClient } from '../../lib/load-auth-client';
import { authErrorMessage } from './api/auth-errors';
import { AuthCard } from './components/auth-card';
import { AuthField, useSchemaForm } from './components/auth-field';

const RecoveryModal = lazy(() =>
  import('./components/recovery-modal').then((m) => ({ default: m.RecoveryModal })),
);

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle('auth.login.page');
  const { sessionStatus } = useParams();
  // Sign-up redirects here with the new address: activate first, then sign in (issue 46).
  const created = (useLocation().state as { created?: string } | null)?.created;
  const { message } = usePublicFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useSchemaForm('login', (s) => s.loginSchema, { email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [unverified, setUnverified] = useState<string | null>(null);
  // The recovery modal is fetched when first opened, then stays mounted so that it animates closed.
  const [recovery, setRecovery] = useState<'unused' | 'open' | 'closed'>('unused');
  useEffect(() => void loadAuthClient(), []);

  const onFinish = async ({ email, password }: { email: string; password: string }) => {
    const authClient = await loadAuthClient();
    setSubmitting(true);
    setUnverified(null);
    const { error } = await authClient.signIn.email({ email: email.trim(), password });
    setSubmitting(false);
    if (error) {
      if (error.code === 'EMAIL_NOT_VERIFIED') setUnverified(email.trim());
      message.error(authErrorMessage(error), 3);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: meKeys.all });
    navigate('/', { replace: true });
  };

  const resend = async () => {
    if (!unverified) return;
    const authClient = await loadAuthClient();
    const { error } = await authClient.sendVerificationEmail({ email: unverified, callbackURL: '/welcome' });
    if (error) message.error(authErrorMessage(error), 3);
    else message.success(t('auth.login.verificationResent'), 3);
  };

  return (
    <AuthCard
      title={t('auth.login.title')}
      footer={
        // Typography.Text and its link, drawn by index.css (.cm-link; underlined as in running text).
        <p style={{ margin: 0 }}>
          {t('auth.login.noAccount')}{' '}
          <Link to="/signup" className="cm-link">
            {t('auth.signup.submit')}
          </Link>
        </p>
      }
    >
      {created && (
        <Alert
          type="success"
          showIcon
          title={t('auth.signup.createdTitle')}
          description={t('auth.signup.checkEmail', { email: created })}
          style={{ marginBottom: 16 }}
          data-testid="account-created"
        />
      )}
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
      <form name="login" onSubmit={form.onSubmit(onFinish)}>
        <ConfigProvider componentDisabled={submitting}>
          <AuthField label={t('auth.fields.email')} input={form.input('email')} issue={form.issue('email')}>
            {(input) => <Input type="email" autoComplete="email" autoFocus {...input} />}
          </AuthField>
          <AuthField
            label={t('auth.fields.password')}
            input={form.input('password')}
            issue={form.issue('password')}
          >
            {(input) => <Password autoComplete="current-password" {...input} />}
          </AuthField>
          <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
            <Button type="link" size="small" onClick={() => setRecovery('open')} style={{ padding: 0 }}>
              {t('auth.login.forgot')}
            </Button>
          </Flex>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('auth.login.submit')}
          </Button>
        </ConfigProvider>
      </form>
      <Divider plain>{t('common.or')}</Divider>
      <Link to="/passwordless-login">
        <Button block>{t('auth.passwordless.link')}</Button>
      </Link>
      {recovery !== 'unused' && (
        <Suspense fallback={null}>
          <RecoveryModal open={recovery === 'open'} onClose={() => setRecovery('closed')} />
        </Suspense>
      )}
    </AuthCard>
  );
}
