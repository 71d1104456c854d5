import { ConfigProvider, Layout, Spin, theme } from 'antd';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { antdLocale } from '../i18n';
import type { RouteHandle } from './route-handle';
import { resolveThemeMode, useThemePreference } from './theme';
import { themeConfig } from './theme-tokens';

const themes = {
  moving: { light: themeConfig('light'), dark: themeConfig('dark') },
  still: {
    light: themeConfig('light', { reducedMotion: true }),
    dark: themeConfig('dark', { reducedMotion: true }),
  },
};
/**
 * ConfigProvider's props are compared by identity: a new object on a render (this layout renders on
 * every navigation, Apply Filters included) hands every antd component of the page a new context, and
 * all of them, the ~100 filter cards inside memoised parts included, render again (bench: ui.click_to_paint).
 */
const waves = { moving: { disabled: false }, still: { disabled: true } };

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
  const { preference, systemMode, reducedMotion } = useThemePreference();
  const mode = resolveThemeMode(preference, systemMode, forceLight);
  const { i18n } = useTranslation();

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
  }, [mode]);
  useEffect(() => {
    document.documentElement.dataset.motion = reducedMotion ? 'reduced' : 'full';
  }, [reducedMotion]);

  return (
    <ConfigProvider
      locale={antdLocale(i18n.language)}
      theme={themes[reducedMotion ? 'still' : 'moving'][mode]}
      // The click ripple ignores the motion token.
      wave={waves[reducedMotion ? 'still' : 'moving']}
    >
      <Frame>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Frame>
    </ConfigProvider>
  );
}

/** The page's base text style, as antd's App wrapper gave it (App itself waits for app-frame.tsx). */
function Frame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Layout
      style={{
        minHeight: '100vh',
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
      data-testid="app-layout"
    >
      {children}
    </Layout>
  );
}
