import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useLocation } from 'react-router';
import { appQueryClient } from '../api/queries.ts';
import { antdLocaleOf } from '../i18n/index.ts';
import { useThemeMode } from '../state/theme.ts';
import { ApiSurfaceBridge } from './ApiSurfaceBridge.tsx';
import { DocumentHead } from './DocumentHead.tsx';
import { DelayedLoading } from './errors/DelayedLoading.tsx';
import { ErrorBoundary } from './errors/ErrorBoundary.tsx';
import { PageFrame } from './layout/PageFrame.tsx';
import { AdminApp, MainRoutes } from './routes.tsx';
import { isAdminPath } from './routeTable.ts';
import { StartupSync } from './StartupSync.tsx';
import { BUTTON_CONFIG, themeConfig } from './theme.ts';
import { ThemeVars } from './ThemeVars.tsx';

/** Paths containing 'admin' get the admin wrapper; everything else the page frame. */
export function Shell() {
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) {
    return (
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<DelayedLoading />}>
          <AdminApp />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return (
    <PageFrame>
      <MainRoutes />
    </PageFrame>
  );
}

/** Theme, antd locale and the app-wide pieces that need the router. */
export function AppChrome() {
  const mode = useThemeMode();
  const { i18n } = useTranslation();
  const config = useMemo(() => themeConfig(mode), [mode]);
  const locale = antdLocaleOf(i18n.language);
  return (
    <ConfigProvider theme={config} locale={locale} button={BUTTON_CONFIG}>
      <AntApp className="app-root">
        <ThemeVars mode={mode} />
        <ApiSurfaceBridge />
        <StartupSync />
        <DocumentHead />
        <Shell />
      </AntApp>
    </ConfigProvider>
  );
}

function browserRouter(children: ReactNode) {
  return <BrowserRouter>{children}</BrowserRouter>;
}

/**
 * The whole app. The build's prerender (src/prerender.tsx) draws the same tree with its own
 * query client and a static router, so that the page the browser hydrates is this tree's.
 */
export function App({ router = browserRouter, queryClient = appQueryClient }: { router?: (children: ReactNode) => ReactNode; queryClient?: QueryClient }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>{router(<AppChrome />)}</QueryClientProvider>
    </ErrorBoundary>
  );
}
