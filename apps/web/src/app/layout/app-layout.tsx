import {
  AppstoreOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  FilterOutlined,
  CloseOutlined,
  HomeOutlined,
  MenuOutlined,
  SettingOutlined,
  ToolOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  AuditOutlined,
  DashboardOutlined,
  MessageOutlined,
  ShoppingCartOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Flex, Grid, Layout, Menu, Typography, theme } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../root-layout';
import { useMe } from '../../features/account/api/use-me';
import { OrdersNavLabel } from '../../features/orders';
import { NotificationsBell } from '../../features/watches';
import { UserMenu } from './user-menu';

type NavEntry = {
  key: string;
  icon: React.ReactNode;
  label: string;
  /** What the link says when it is more than its label (the orders waiting on the seller). */
  content?: React.ReactNode;
};

const NAV: NavEntry[] = [
  { key: '/', icon: <HomeOutlined />, label: 'nav.home' },
  { key: '/inventories', icon: <DatabaseOutlined />, label: 'nav.inventories' },
  { key: '/orders', icon: <ShoppingCartOutlined />, label: 'nav.orders', content: <OrdersNavLabel /> },
  { key: '/money', icon: <WalletOutlined />, label: 'nav.money' },
  { key: '/filter-sets', icon: <FilterOutlined />, label: 'nav.filterSets' },
  { key: '/reports', icon: <FileSearchOutlined />, label: 'nav.reports' },
  { key: '/settings', icon: <SettingOutlined />, label: 'nav.settings' },
  { key: '/tools', icon: <ToolOutlined />, label: 'nav.tools' },
  { key: '/support', icon: <CustomerServiceOutlined />, label: 'nav.support' },
];

/** The console's pages, in a section of their own that only operators see. */
const OPERATOR_NAV: NavEntry[] = [
  { key: '/admin/users', icon: <TeamOutlined />, label: 'nav.adminUsers' },
  { key: '/admin/tickets', icon: <MessageOutlined />, label: 'nav.adminTickets' },
  { key: '/admin/work', icon: <ThunderboltOutlined />, label: 'nav.adminWork' },
  { key: '/admin/audit', icon: <AuditOutlined />, label: 'nav.adminAudit' },
  { key: '/admin/system', icon: <DashboardOutlined />, label: 'nav.adminSystem' },
];

/** The app's name beside its icon; `iconOnly` (the header below `sm`) keeps the name for screen readers. */
function Brand({ iconOnly = false }: { iconOnly?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Link
      to="/"
      aria-label={iconOnly ? t('app.name') : undefined}
      data-testid="brand"
      style={{ display: 'flex', alignItems: 'center', gap: 8, flexShrink: 0 }}
    >
      <AppstoreOutlined aria-hidden style={{ fontSize: 22, color: token.colorPrimary }} />
      {!iconOnly && (
        <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
          {t('app.name')}
        </Typography.Text>
      )}
    </Link>
  );
}

/**
 * The signed-in shell: sidebar, header with the user menu, the page. Below `lg` the sidebar becomes a
 * drawer over the page, opened from the header's menu button (the header then carries the brand, its
 * icon alone below `sm`), so nothing sits on top of the page's breadcrumb at phone widths.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.lg;
  const [open, setOpen] = useState(false);
  const { token } = theme.useToken();
  const { data: me } = useMe();
  const operator = me?.user_data.role === 'operator';
  const selected = [...NAV, ...OPERATOR_NAV]
    .filter((n) => (n.key === '/' ? pathname === '/' : pathname.startsWith(n.key)))
    .map((n) => n.key);
  const link = (n: NavEntry) => ({
    key: n.key,
    icon: n.icon,
    label: <Link to={n.key}>{n.content ?? t(n.label)}</Link>,
  });
  const hidden = narrow && !open;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {narrow && open && (
        <div
          aria-hidden="true"
          onClick={() => setOpen(false)}
          style={{ position: 'fixed', inset: 0, background: token.colorBgMask, zIndex: 99 }}
        />
      )}
      <Layout.Sider
        collapsed={hidden}
        collapsedWidth={0}
        trigger={null}
        theme="light"
        width={220}
        id="app-navigation"
        style={{
          borderRight: hidden ? 'none' : `1px solid ${token.colorBorderSecondary}`,
          // Closed, it is out of sight, of the tab order and of screen readers too.
          ...(hidden && { overflow: 'hidden', visibility: 'hidden' }),
          ...(narrow && { position: 'fixed', insetBlock: 0, insetInlineStart: 0, zIndex: 100 }),
        }}
      >
        <Flex vertical style={{ height: '100%' }}>
          <Flex align="center" justify="space-between" style={{ padding: '20px 12px 20px 24px' }}>
            <Brand />
            {narrow && (
              <Button
                type="text"
                icon={<CloseOutlined />}
                aria-label={t('nav.closeMenu')}
                onClick={() => setOpen(false)}
              />
            )}
          </Flex>
          <Menu
            mode="inline"
            selectedKeys={selected}
            style={{ borderInlineEnd: 'none', flex: 1 }}
            onClick={() => setOpen(false)}
            items={[
              ...NAV.map(link),
              ...(operator
                ? [
                    {
                      type: 'group' as const,
                      key: 'operator',
                      label: t('nav.operator'),
                      children: OPERATOR_NAV.map(link),
                    },
                  ]
                : []),
            ]}
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
            gap: 8,
            alignItems: 'center',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {narrow && (
            <>
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={t('nav.openMenu')}
                aria-controls="app-navigation"
                aria-expanded={open}
                onClick={() => setOpen(true)}
              />
              {/* Below `sm` the name would wrap beside the e-mail: the icon stands for it. */}
              <Brand iconOnly={!screens.sm} />
            </>
          )}
          <div style={{ flex: 1 }} />
          <NotificationsBell />
          <UserMenu />
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? 12 : 24, minWidth: 0 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
