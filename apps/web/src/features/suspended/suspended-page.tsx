import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../account';

export function SuspendedPage() {
  const { t } = useTranslation();
  usePageTitle('suspended.page');
  const { data: me } = useMe();
  return (
    <Result
      status="warning"
      title={t('suspended.title')}
      subTitle={t('suspended.body', { email: me?.user.email ?? '' })}
      extra={
        <Space>
          <Link to="/support">
            <Button type="primary">{t('suspended.support')}</Button>
          </Link>
          <Link to="/logout">
            <Button>{t('userMenu.logout')}</Button>
          </Link>
        </Space>
      }
      style={{ marginTop: '10vh' }}
    />
  );
}
