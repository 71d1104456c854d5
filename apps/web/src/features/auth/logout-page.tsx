import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { authClient } from '../../lib/auth-client';

export const LOGOUT_DELAY_MS = 2000;

/** The logging-out card: two seconds, sign out, then the "Log Out Successful" notice on the login page. */
export function LogoutPage() {
  const { t } = useTranslation();
  usePageTitle('auth.logout.page');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setTimeout(async () => {
      await authClient.signOut().catch(() => undefined);
      queryClient.clear();
      navigate('/login/logoutOK', { replace: true });
    }, LOGOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, queryClient]);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Card style={{ width: 320, textAlign: 'center' }}>
        <Spin size="large" />
        <Typography.Title level={4}>{t('auth.logout.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('auth.logout.body')}</Typography.Text>
      </Card>
    </Flex>
  );
}
