import type { ReactNode } from 'react';
import { lazyPage } from '../../app/lazy.ts';
import { Route, Routes } from 'react-router';
import { CENTER_ROUTES } from '../../app/routeTable.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { NotYetOpen } from '../../components/NotYetOpen.tsx';
import { miningPageReady, POOL_CENTER_PAGES } from '../pool/centerPages.tsx';
import { CHIAPP_CENTER_PAGES } from '../chiapp/centerPages.tsx';
import { WALLET_CENTER_PAGES } from '../wallet/centerPages.tsx';
import { FINANCE_CENTER_PAGES } from '../finance/pages.tsx';
import { INVITE_CENTER_PAGES } from '../invite/pages.tsx';
import { POINTING_CENTER_PAGES } from '../pointing/pages.tsx';
import { COOPERATION_CENTER_PAGES } from '../cooperation/pages.tsx';
import { CHANNEL_CENTER_PAGES } from '../channels/pages.tsx';

// Lazy like every centre page: the security pages are their own chunk, not the dashboard's.
const PersonalCentre = lazyPage(() => import('./SecurityPages.tsx').then((m) => m.PersonalCentre));
const SecurityPage = lazyPage(() => import('./SecurityPages.tsx').then((m) => m.SecurityPage));
const LoginHistoryPage = lazyPage(() => import('./SecurityPages.tsx').then((m) => m.LoginHistoryPage));

/** Centre pages that are built; the others show 'not yet open' until their issue lands. */
const BUILT: Partial<Record<string, () => ReactNode>> = {
  center: () => <PersonalCentre />,
  centerSecurity: () => <SecurityPage />,
  phone: () => <SecurityPage />,
  history: () => <LoginHistoryPage />,
  ...WALLET_CENTER_PAGES,
  ...POOL_CENTER_PAGES,
  ...CHIAPP_CENTER_PAGES,
  ...FINANCE_CENTER_PAGES,
  ...INVITE_CENTER_PAGES,
  ...POINTING_CENTER_PAGES,
  ...COOPERATION_CENTER_PAGES,
  ...CHANNEL_CENTER_PAGES,
};

function page(feature: string): ReactNode {
  return BUILT[feature]?.() ?? <NotYetOpen feature={feature} />;
}

/** Resolves once the code of a centre page sent drawn is there (the dashboard's), for hydrating it; never fails. */
export function centrePageReady(pathname: string): Promise<void> {
  return pathname === '/center/mining' ? miningPageReady() : Promise.resolve();
}

/** The user centre's own route tree (mounted at /center/*, signed-in only). */
export function CenterRoutes() {
  return (
    <Routes>
      {CENTER_ROUTES.map((route) =>
        route.path === '' ? <Route key="index" index element={page(route.feature)} /> : <Route key={route.path} path={route.path} element={page(route.feature)} />,
      )}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
