import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Layout, Menu, Result, type MenuProps } from 'antd';
import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { userInfoQuery } from '../../api/queries.ts';
import { DelayedLoading } from '../../app/errors/DelayedLoading.tsx';
import { LanguageDropdown } from '../../app/header/LanguageDropdown.tsx';
import { ThemeToggle } from '../../app/header/ThemeToggle.tsx';
import { LOGIN_PATH } from '../../app/guards.tsx';
import { ADMIN_GROUPS, ADMIN_ROUTES } from '../../app/routeTable.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { NotYetOpen } from '../../components/NotYetOpen.tsx';
import { isSignedIn, useAppState } from '../../state/store.ts';
import { INMAIL_ADMIN_PAGES } from '../inmail/adminPages.tsx';
import { CHANNEL_ADMIN_PAGES } from '../channels/pages.tsx';
import { ADMIN_CORE_PAGES } from '../adminCore/adminPages.tsx';
import { CONTENT_ADMIN_PAGES } from '../content/admin/adminPages.tsx';
import { PLOTS_ADMIN_PAGES } from '../plots/adminPages.tsx';
import { POOL_ADMIN_PAGES } from '../poolAdmin/adminPages.tsx';
import { REVIEW_ADMIN_PAGES } from '../reviews/adminPages.tsx';
import { FLOW_ADMIN_PAGES } from '../flow/adminPages.tsx';
import { WALLET_ADMIN_PAGES } from '../wallet/adminPages.tsx';
import { VERIFICATION_ADMIN_PAGES } from '../verification/adminPages.tsx';
import { FINANCE_ADMIN_PAGES } from '../finance/pages.tsx';
import { INVITE_ADMIN_PAGES } from '../invite/pages.tsx';
import { POINTING_ADMIN_PAGES } from '../pointing/pages.tsx';
import { COOPERATION_ADMIN_PAGES } from '../cooperation/pages.tsx';
import { MORTGAGE_ADMIN_PAGES } from '../mortgage/pages.tsx';
import { StaffSecondFactor } from './StaffSecondFactor.tsx';

/** The back office: its own wrapper (spec doc 2 §2), without the site header and frame. */
export function AdminApp() {
  return (
    <AdminGuard>
      <AdminLayout>
        <AdminRoutes />
      </AdminLayout>
    </AdminGuard>
  );
}

/** The built back-office pages by their ADMIN_ROUTES key; the others are 'not yet open'. */
const ADMIN_PAGES = {
  ...WALLET_ADMIN_PAGES,
  ...POOL_ADMIN_PAGES,
  ...PLOTS_ADMIN_PAGES,
  ...REVIEW_ADMIN_PAGES,
  ...FLOW_ADMIN_PAGES,
  ...ADMIN_CORE_PAGES,
  ...CONTENT_ADMIN_PAGES,
  ...INMAIL_ADMIN_PAGES,
  ...CHANNEL_ADMIN_PAGES,
  ...VERIFICATION_ADMIN_PAGES,
  ...FINANCE_ADMIN_PAGES,
  ...INVITE_ADMIN_PAGES,
  ...POINTING_ADMIN_PAGES,
  ...COOPERATION_ADMIN_PAGES,
  ...MORTGAGE_ADMIN_PAGES,
};

function AdminRoutes() {
  const { t } = useTranslation();
  // Some pages are chunks of their own (lazyPage): the menu stays while one loads.
  return (
    <Suspense fallback={<DelayedLoading />}>
      <Routes>
        {ADMIN_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={ADMIN_PAGES[route.key]?.() ?? <NotYetOpen feature={`admin.${route.key}`} label={t(`admin.page.${route.key}`)} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

/** Signed out → login; signed in without the admin mark (redirect_url) → forbidden; staff without an authenticator → its binding. */
function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const userInfo = useAppState((state) => state.userInfo);
  const { isPending } = useQuery(userInfoQuery);
  const location = useLocation();
  if (!isSignedIn(userInfo)) {
    if (isPending) return <DelayedLoading />;
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  }
  if (!userInfo.redirect_url) {
    return (
      <div className="screen-state" data-testid="admin-forbidden">
        <Result
          status="403"
          title={t('admin.forbidden')}
          subTitle={t('admin.forbiddenText')}
          extra={
            <Link className="link-button" to="/">
              {t('common.backHome')}
            </Link>
          }
        />
      </div>
    );
  }
  // Back-office roles need a second factor (the server answers 1051 until one is bound).
  if (!userInfo.goole_auth) return <StaffSecondFactor />;
  return children;
}

function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo<MenuProps['items']>(
    () =>
      ADMIN_GROUPS.map((group) => ({
        type: 'group' as const,
        key: `group-${group}`,
        label: t(`admin.group.${group}`),
        children: ADMIN_ROUTES.filter((route) => route.group === group).map((route) => ({
          key: route.path,
          label: <span data-testid={`admin-menu-${route.key}`}>{t(`admin.page.${route.key}`)}</span>,
        })),
      })),
    [t],
  );
  return (
    <Layout className="admin" data-testid="admin-layout">
      <Layout.Sider breakpoint="lg" collapsedWidth={0} width={240} theme="light" className="admin__sider">
        <Link to="/admin" className="admin__brand">
          <img src="/logo.svg" alt="" width={28} height={28} />
          <span>{t('admin.title')}</span>
        </Link>
        <nav aria-label={t('admin.menuLabel')} data-testid="admin-menu">
          <Menu mode="inline" items={items} selectedKeys={[pathname]} onClick={({ key }) => void navigate(key)} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin__header">
          <Link to="/" className="admin__back" data-testid="admin-back">
            <ArrowLeftOutlined /> {t('admin.backToSite')}
          </Link>
          <div className="admin__actions">
            <LanguageDropdown />
            <ThemeToggle />
          </div>
        </Layout.Header>
        <Layout.Content className="admin__content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
