import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PreferencesControls } from '../components/preferences-controls';
import { usePageTitle } from './route-handle';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle('notFound.page');
  return (
    <Flex vertical style={{ minHeight: '100vh', padding: 24 }}>
      <Flex justify="flex-end">
        <PreferencesControls />
      </Flex>
      <Flex flex={1} align="center" justify="center">
        <Result
          status="404"
          title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('notFound.title')}</h1>}
          subTitle={t('notFound.subtitle')}
          extra={
            <Link to="/">
              <Button type="primary">{t('notFound.backHome')}</Button>
            </Link>
          }
        />
      </Flex>
    </Flex>
  );
}
