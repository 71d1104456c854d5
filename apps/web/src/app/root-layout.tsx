import { App as AntApp, ConfigProvider, Layout, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import trTR from 'antd/locale/tr_TR';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from './route-handle';
import { resolveThemeMode, useThemePreference } from './theme';
import { themeConfig } from './theme-tokens';

const themes = { light: themeConfig('light'), dark: themeConfig('dark') };

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div
      style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}
      role="status"
      aria-live="polite"
    >
      <Spin size="large" description={t('common.loading')} />
    </div>
  );
}

/** Applies theme and locale for the whole app and hosts every route. */
export function RootLayout() {
  const matches = useMatches();
  const forceLight = matches.some((m) => (m.handle as RouteHandle | undefined)?.forceLight);
  const { preference, systemMode } = useThemePreference();
  const mode = resolveThemeMode(preference, systemMode, forceLight);
  const { i18n } = useTranslation();

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
  }, [mode]);

  return (
    <ConfigProvider locale={i18n.language === 'tr' ? trTR : enUS} theme={themes[mode]}>
      <AntApp>
        <Layout style={{ minHeight: '100vh' }} data-testid="app-layout">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}
