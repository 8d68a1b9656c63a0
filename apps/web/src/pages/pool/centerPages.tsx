import type { ReactNode } from 'react';
import { lazyPage, preloadablePage } from '../../app/lazy.ts';

// Their own chunks: the charts library loads only with these pages.
// The dashboard is sent drawn (/center/mining): drawn at once once its code is there, for hydrating it.
const miningPage = preloadablePage(() => import('./MiningPage.tsx').then((m) => m.MiningPage));
const MiningPage = miningPage.Page;
/** Resolves once the dashboard's code and texts are there; never fails. */
export const miningPageReady = miningPage.ready;
const MachinePage = lazyPage(() => import('./MachinePage.tsx').then((m) => m.MachinePage));
const IncomePage = lazyPage(() => import('./IncomePage.tsx').then((m) => m.IncomePage));
const RevenuePage = lazyPage(() => import('./RevenuePage.tsx').then((m) => m.RevenuePage));
const ContributionPage = lazyPage(() => import('./ContributionPage.tsx').then((m) => m.ContributionPage));

/** The pool pages of the user centre, by their feature key in CENTER_ROUTES. */
export const POOL_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  mining: () => <MiningPage />,
  machine: () => <MachinePage />,
  income: () => <IncomePage />,
  revenue: () => <RevenuePage />,
  contribution: () => <ContributionPage />,
};
