import {
  AppstoreOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  FilterOutlined,
  HomeOutlined,
  SettingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { Flex, Layout, Menu, Typography, theme } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../root-layout';
import { UserMenu } from './user-menu';

const NAV = [
  { key: '/', icon: <HomeOutlined />, label: 'nav.home' },
  { key: '/inventories', icon: <DatabaseOutlined />, label: 'nav.inventories' },
  { key: '/filter-sets', icon: <FilterOutlined />, label: 'nav.filterSets' },
  { key: '/reports', icon: <FileSearchOutlined />, label: 'nav.reports' },
  { key: '/settings', icon: <SettingOutlined />, label: 'nav.settings' },
  { key: '/tools', icon: <ToolOutlined />, label: 'nav.tools' },
  { key: '/support', icon: <CustomerServiceOutlined />, label: 'nav.support' },
];

/** The signed-in shell: sidebar (collapses on narrow screens), header with the user menu, the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const { token } = theme.useToken();
  const selected = NAV.filter((n) => (n.key === '/' ? pathname === '/' : pathname.startsWith(n.key))).map(
    (n) => n.key,
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        theme="light"
        width={220}
        style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Flex vertical style={{ height: '100%' }}>
          <Link to="/" style={{ padding: '20px 24px', display: 'flex', alignItems: 'center', gap: 8 }}>
            <AppstoreOutlined style={{ fontSize: 22, color: token.colorPrimary }} />
            <Typography.Text strong style={{ fontSize: 18 }}>
              {t('app.name')}
            </Typography.Text>
          </Link>
          <Menu
            mode="inline"
            selectedKeys={selected}
            style={{ borderInlineEnd: 'none', flex: 1 }}
            items={NAV.map((n) => ({
              key: n.key,
              icon: n.icon,
              label: <Link to={n.key}>{t(n.label)}</Link>,
            }))}
          />
          <Typography.Text type="secondary" style={{ padding: 16, fontSize: 12 }} data-testid="app-version">
            {t('app.version', { version: __APP_VERSION__ })}
          </Typography.Text>
        </Flex>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 16px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <UserMenu />
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
