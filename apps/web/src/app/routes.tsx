import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate, useRoutes } from 'react-router';
import { appQueryClient, userInfoQuery } from '../api/queries.ts';
import { NotFound } from '../components/NotFound.tsx';
import { useAppState } from '../state/store.ts';
import { RequireSignIn } from './guards.tsx';
import { lazyPage, preloadablePage } from './lazy.ts';
import { ROUTES } from './links.ts';
import { MEMBER_ROUTES } from './routeTable.ts';

/** A chunk's import, started once (a second call answers the same promise). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * Every route of spec doc 2 §2 (the admin tree lives in pages/admin). Each route group is
 * its own lazily loaded chunk; the frame's boundary shows 'Loading...' and 'Loaded Error!'.
 */
let homeModule: { HomePage: ComponentType } | undefined;
const loadHome = once(() => import('../pages/home/HomePage.tsx').then((m) => (homeModule = m)));
// Home draws with the first screen's texts only (i18n/lang/<lang>.ts): it does not wait for the rest.
const LazyHomePage = lazyPage(() => loadHome().then((m) => m.HomePage), { texts: 'first' });

/**
 * Home, drawn at once when its chunk is there (the prerender, and main.tsx, which waits for it
 * before hydrating the page the server drew): a part still loading while the page hydrates
 * would be drawn anew, its place empty meanwhile, at the first update from the data arriving.
 */
function HomePage() {
  const Loaded = homeModule?.HomePage;
  return Loaded ? <Loaded /> : <LazyHomePage />;
}

/** Resolves once the code of the path's first screen is there (home's, the dashboard's: for hydrating it); never fails. */
export function routeReady(pathname: string): Promise<void> {
  if (pathname === ROUTES.home) {
    return loadHome().then(
      () => undefined,
      () => undefined,
    );
  }
  if (isCentrePath(pathname)) {
    return Promise.all([centreLayout.ready(), centerRoutes.ready(), loadCenterRoutes().then((m) => m.centrePageReady(pathname))]).then(
      () => undefined,
      () => undefined,
    );
  }
  return Promise.resolve();
}

function isCentrePath(pathname: string): boolean {
  return pathname === '/center' || pathname.startsWith('/center/');
}
const MyPoolsPage = lazyPage(() => import('../pages/pools/index.tsx').then((m) => m.MyPoolsPage));
const AddressResultPage = lazyPage(() => import('../pages/pools/index.tsx').then((m) => m.AddressResultPage));
const MemberPage = lazyPage(() => import('../pages/member/index.tsx').then((m) => m.MemberPage));
const InmailPage = lazyPage(() => import('../pages/inmail/InmailPage.tsx').then((m) => m.InmailPage));
// The centre's frame (side menu, drawer) is not the home route's: a chunk of its own, loaded
// together with the centre's pages so that neither waits for the other.
// Drawn at once when their code is there: the dashboard is sent drawn and hydrated (routeReady).
const loadCentreLayout = once(() => import('./centre/CentreLayout.tsx'));
const loadCenterRoutes = once(() => import('../pages/center/CenterRoutes.tsx'));
const centreLayout = preloadablePage(() => loadCentreLayout().then((m) => m.CentreLayout));
const centerRoutes = preloadablePage(() => loadCenterRoutes().then((m) => m.CenterRoutes));
const CentreLayout = centreLayout.Page;
const CenterRoutes = centerRoutes.Page;
const LoginPage = lazyPage(() => import('../pages/account/index.tsx').then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => import('../pages/account/index.tsx').then((m) => m.RegisterPage));
const ActivatePage = lazyPage(() => import('../pages/account/index.tsx').then((m) => m.ActivatePage));
const ForgotPage = lazyPage(() => import('../pages/account/index.tsx').then((m) => m.ForgotPage));
const ResetPage = lazyPage(() => import('../pages/account/index.tsx').then((m) => m.ResetPage));
const SecurityPage = lazyPage(() => import('../pages/center/SecurityPages.tsx').then((m) => m.SecurityPage));
const PersonalCentre = lazyPage(() => import('../pages/center/SecurityPages.tsx').then((m) => m.PersonalCentre));
const DevMailboxPage = lazyPage(() => import('../pages/dev/DevMailbox.tsx').then((m) => m.DevMailboxPage));
const AgreementPage = lazyPage(() => import('../pages/content/index.tsx').then((m) => m.AgreementPage));
const PrivacyPage = lazyPage(() => import('../pages/content/index.tsx').then((m) => m.PrivacyPage));
const BulletinPage = lazyPage(() => import('../pages/content/index.tsx').then((m) => m.BulletinPage));
const PublicFeaturePage = lazyPage(() => import('../pages/content/index.tsx').then((m) => m.PublicFeaturePage));
const SupportCentrePage = lazyPage(() => import('../pages/content/index.tsx').then((m) => m.SupportCentrePage));
const HelpPage = lazyPage(() => import('../pages/content/index.tsx').then((m) => m.HelpPage));
const DownloadCentrePage = lazyPage(() => import('../pages/content/index.tsx').then((m) => m.DownloadCentrePage));
const FinancialPage = lazyPage(() => import('../pages/finance/FinancialPage.tsx').then((m) => m.FinancialPage));
export const AdminApp = lazyPage(() => import('../pages/admin/AdminApp.tsx').then((m) => m.AdminApp));

/**
 * Starts the chunks the first screen of a path needs while the language's texts load
 * (main.tsx), rather than once the first render asks for them: one round trip, not two.
 */
export function preloadRoute(pathname: string, search = ''): void {
  const chunks: Promise<unknown>[] = [];
  if (pathname === ROUTES.home) chunks.push(loadHome());
  if (isCentrePath(pathname)) {
    chunks.push(loadCentreLayout(), loadCenterRoutes());
    // The user's info (the sign-in guard waits for it) at once, not after the first render;
    // the dashboard's data right after it (preloaded with the page's chunk by the server).
    const signedIn = appQueryClient.fetchQuery(userInfoQuery).then((info) => info !== null);
    if (pathname === '/center/mining') chunks.push(import('../pages/pool/poolApi.ts').then((m) => m.prefetchDashboard(appQueryClient, search, signedIn)));
  }
  // A chunk that fails is reported by the route's boundary when it renders.
  for (const chunk of chunks) chunk.catch(() => undefined);
}

/** /mypools alone goes to the current pool type (default chia). */
function CurrentPoolType() {
  const poolType = useAppState((state) => state.poolType);
  return <Navigate to={ROUTES.pools(poolType)} replace />;
}

/** /center/*: the centre's frame and its pages, both chunks asked for at once. */
function CentreArea() {
  void loadCenterRoutes().catch(() => undefined);
  return (
    <CentreLayout>
      <CenterRoutes />
    </CentreLayout>
  );
}

function member(path: string, feature: string): RouteObject {
  const element = path === '/inmail' ? <InmailPage /> : path === '/user' ? <PersonalCentre /> : path === '/security' ? <SecurityPage /> : <MemberPage feature={feature} />;
  return {
    path,
    element: (
      <RequireSignIn>
        <CentreLayout>{element}</CentreLayout>
      </RequireSignIn>
    ),
  };
}

export const mainRoutes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/mypools', element: <CurrentPoolType /> },
  { path: '/mypools/:pooltype', element: <MyPoolsPage /> },
  { path: '/mypools/:currency/:address', element: <AddressResultPage /> },
  ...MEMBER_ROUTES.map((route) => member(route.path, route.feature)),
  {
    path: '/center/*',
    element: (
      <RequireSignIn>
        <CentreArea />
      </RequireSignIn>
    ),
  },
  { path: '/help/bulletin', element: <BulletinPage /> },
  { path: '/help', element: <SupportCentrePage /> },
  { path: '/help/faq', element: <HelpPage type="faq" /> },
  { path: '/help/tutorial', element: <HelpPage type="tutorial" /> },
  { path: '/help/download', element: <DownloadCentrePage /> },
  { path: '/agreement', element: <AgreementPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/financial', element: <FinancialPage /> },
  { path: '/pools', element: <PublicFeaturePage feature="pools" /> },
  { path: '/request', element: <LoginPage /> },
  { path: '/request/forgot', element: <ForgotPage /> },
  { path: '/request/reset', element: <ResetPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/register/activate', element: <ActivatePage /> },
  { path: '/dev/mailbox', element: <DevMailboxPage /> },
  { path: '*', element: <NotFound /> },
];

export function MainRoutes() {
  return useRoutes(mainRoutes);
}
