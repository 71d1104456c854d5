import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { LanesTab } from '../lanes';
import { AmazonTab } from './components/amazon-tab';
import { ApiTab } from './components/api-tab';
import { BillingTab } from './components/billing-tab';
import { ExtensionTab } from './components/extension-tab';
import { PreferencesTab } from './components/preferences-tab';
import { ProfileTab } from './components/profile-tab';
import { SecurityTab } from './components/security-tab';

export const SETTINGS_TABS = [
  'profile',
  'billing',
  'security',
  'application',
  'amazon',
  'lanes',
  'api',
  'extension',
] as const;
type Tab = (typeof SETTINGS_TABS)[number];

export function SettingsPage() {
  const { t } = useTranslation();
  usePageTitle('settings.page');
  const { tab } = useParams();
  const navigate = useNavigate();
  if (!SETTINGS_TABS.includes(tab as Tab)) return <Navigate to="/settings/profile" replace />;
  const panes: Record<Tab, React.ReactNode> = {
    profile: <ProfileTab />,
    billing: <BillingTab />,
    security: <SecurityTab />,
    application: <PreferencesTab />,
    amazon: <AmazonTab />,
    lanes: <LanesTab />,
    api: <ApiTab />,
    extension: <ExtensionTab />,
  };
  return (
    <>
      <Typography.Title level={2}>{t('settings.title')}</Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(`/settings/${key}`)}
        items={SETTINGS_TABS.map((key) => ({ key, label: t(`settings.tabs.${key}`), children: panes[key] }))}
      />
    </>
  );
}
