import type { ReactNode } from 'react';
import { lazyPage } from '../../app/lazy.ts';

// Each page its own chunk: the centre's and the back office's pages do not load each other's code.
const FinanceAdminPage = lazyPage(() => import('./FinanceAdminPage.tsx').then((m) => m.FinanceAdminPage));
const InvestmentPage = lazyPage(() => import('./InvestmentPage.tsx').then((m) => m.InvestmentPage));

/** The finance pages of the user centre, by their feature key in CENTER_ROUTES. */
export const FINANCE_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  investment: () => <InvestmentPage />,
};

/** The finance back-office page, by its key in ADMIN_ROUTES. */
export const FINANCE_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  finance_products: () => <FinanceAdminPage />,
};
